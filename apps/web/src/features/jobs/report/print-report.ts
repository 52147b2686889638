import { PDF_MARGIN_INCHES, type PrintSettings } from '@fleet/contract';

/** Jobs spec §9: print 50 ms after the images loaded; the frame removed 500 ms after. */
const PRINT_DELAY_MS = 50;
const REMOVE_DELAY_MS = 500;

function imagesLoaded(document: Document): Promise<void> {
  const pending = [...document.images].filter((image) => !image.complete);
  return Promise.all(
    pending.map(
      (image) =>
        new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/** The page rule of the user's print settings: paper and margins (the same as a PDF export's). */
export function pageRule(settings: PrintSettings): string {
  const margin = PDF_MARGIN_INCHES[settings.margins];
  return `@page { size: ${settings.format === 'a4' ? 'A4' : 'letter'}; margin: ${margin.vertical}in ${margin.horizontal}in; }`;
}

/**
 * Prints an element alone (the report, not the console around it): copied with the page's styles into a
 * frame of its own, printed once its images loaded, then the frame removed.
 */
export async function printElement(
  element: HTMLElement,
  settings: PrintSettings,
  title: string,
): Promise<void> {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.title = title;
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  document.body.appendChild(frame);
  const target = frame.contentDocument!;
  target.open();
  target.write('<!doctype html><html><head></head><body></body></html>');
  target.close();
  target.title = title;
  for (const attribute of document.documentElement.attributes)
    target.documentElement.setAttribute(attribute.name, attribute.value);
  for (const style of document.querySelectorAll('style, link[rel="stylesheet"]'))
    target.head.appendChild(style.cloneNode(true));
  const page = target.createElement('style');
  page.textContent = `${pageRule(settings)} body { margin: 0; background: #fff; }`;
  target.head.appendChild(page);
  target.body.appendChild(target.importNode(element, true));
  await imagesLoaded(target);
  await new Promise((resolve) => setTimeout(resolve, PRINT_DELAY_MS));
  frame.contentWindow?.focus();
  frame.contentWindow?.print();
  setTimeout(() => frame.remove(), REMOVE_DELAY_MS);
}
