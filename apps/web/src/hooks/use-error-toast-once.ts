import { isCancelledError } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { showError } from '../components/show-error';
import { isUnreachable } from '../lib/connection-monitor';
import { useConnection } from './use-connection';

interface CallState {
  error: unknown;
  errorUpdatedAt: number;
  dataUpdatedAt: number;
}

function isCancelled(error: unknown): boolean {
  return isCancelledError(error) || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * Shows a failing call's error once: not again on each poll, only after a success or when `resetKey`
 * changes (a new filter or sort). A cancelled call is no failure; a server out of reach is told once for
 * all calls by the connection banner.
 */
export function useErrorToastOnce(
  call: CallState,
  options: { action: string; titleKey?: string; resetKey?: string },
): void {
  const { action, titleKey, resetKey = '' } = options;
  // A success or a new reset key starts a new period in which one toast may show.
  const period = `${call.dataUpdatedAt}|${resetKey}`;
  const shownIn = useRef<string | null>(null);
  const { offline } = useConnection();

  useEffect(() => {
    if (!call.error || isCancelled(call.error) || shownIn.current === period) return;
    if (offline && isUnreachable(call.error)) return;
    shownIn.current = period;
    showError(call.error, action, { titleKey });
  }, [call.error, call.errorUpdatedAt, period, action, titleKey, offline]);
}
