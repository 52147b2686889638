import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/** Spec §9: dialogs are at least 300 px wide, wide ones 500 px. */
export const DIALOG_MIN_WIDTH = { narrow: 300, wide: 500 } as const;

/**
 * Opens a modal whose body resolves the promise; closing it any other way (Escape, the
 * close button, the overlay) resolves with `dismissed`.
 */
export function openDialog<T>(
  title: ReactNode,
  body: (finish: (result: T) => void) => ReactNode,
  dismissed: T,
  width: keyof typeof DIALOG_MIN_WIDTH = 'narrow',
): Promise<T> {
  return new Promise((resolve) => {
    let settled = false;
    let id = '';
    const finish = (result: T) => {
      if (settled) return;
      settled = true;
      resolve(result);
      modals.close(id);
    };
    id = modals.open({
      title,
      miw: DIALOG_MIN_WIDTH[width],
      size: width === 'wide' ? 'lg' : 'md',
      children: body(finish),
      onClose: () => finish(dismissed),
    });
  });
}
