import { randomId } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { reloadIfDeployed } from '../../lib/chunk-reload';
import { i18n } from '../../lib/i18n';
import { whenOverlaysMounted } from '../overlays/overlay-state';

/** Spec §9: dialogs are at least 300 px wide, wide ones 500 px. */
export const DIALOG_MIN_WIDTH = { narrow: 300, wide: 500 } as const;

/**
 * `modals.open` with the dialog's id known at once, for `modals.close`. It opens once the dialog host is
 * there (it loads after the first screen). If the host cannot be loaded, the dialog counts as closed; a
 * new deployment reloads the page, an outage is told by the offline banner.
 */
export function openModal(settings: Parameters<typeof modals.open>[0]): string {
  const id = settings.modalId ?? randomId();
  // The close button is named for screen readers (axe: a button without a name).
  const closeButtonProps = {
    'aria-label': i18n.t('common.actions.close_dialog'),
    ...settings.closeButtonProps,
  };
  whenOverlaysMounted().then(
    () => modals.open({ ...settings, closeButtonProps, modalId: id }),
    () => {
      settings.onClose?.();
      void reloadIfDeployed();
    },
  );
  return id;
}

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
    id = openModal({
      title,
      miw: DIALOG_MIN_WIDTH[width],
      size: width === 'wide' ? 'lg' : 'md',
      children: body(finish),
      onClose: () => finish(dismissed),
    });
  });
}
