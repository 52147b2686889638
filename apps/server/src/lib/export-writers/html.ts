import { createWriteStream } from 'node:fs';
import type { Cell } from './writer.ts';
import { close, put, text, type RowWriter, type WriterOptions } from './writer.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE = `
  body { font: 12px/1.4 system-ui, sans-serif; margin: 24px; color: #1a1b1e; }
  h1 { font-size: 18px; margin: 0 0 4px; }
  p { margin: 0 0 16px; color: #555; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: left; white-space: nowrap; }
  th { background: #f1f3f5; position: sticky; top: 0; }
  tbody tr:nth-child(even) { background: #fafafa; }
  @media print { body { margin: 0; } th { position: static; } thead { display: table-header-group; } tr { break-inside: avoid; } }
`;

/** One self-contained page: styles inline, no script, no outside resource; the header repeats when printed. */
export async function htmlWriter(options: WriterOptions): Promise<RowWriter> {
  const file = createWriteStream(options.file);
  const title = escapeHtml(options.title);
  await put(
    file,
    `<!doctype html>\n<html lang="${escapeHtml(options.language)}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
      `<style>${STYLE}</style></head><body><h1>${title}</h1><p>${escapeHtml(options.subtitle)}</p>` +
      `<table><thead><tr>${options.headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>\n`,
  );
  const cell = (value: Cell) => `<td>${escapeHtml(text(value, options))}</td>`;
  return {
    async write(rows) {
      await put(file, rows.map((row) => `<tr>${row.map(cell).join('')}</tr>\n`).join(''));
    },
    async end() {
      await put(file, '</tbody></table></body></html>\n');
      await close(file);
    },
  };
}
