import { useEffect, useState } from 'react';
import { useAuth } from '../../hooks/use-auth';
import { useMe } from '../../hooks/use-me';

/** Once the browser has nothing else to do (at the latest after `timeout`; after a second where it cannot tell). */
export function whenIdle(run: () => void, timeout = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1000);
  return () => clearTimeout(timer);
}

/**
 * True once the first screen is there (the session is known and a signed-in user's profile loaded) and
 * the browser is idle: when the shell's parts that the first screen does not need (the user menu, the
 * dialog and toast hosts) load without competing with its requests.
 */
export function useAfterFirstScreen(): boolean {
  const { status } = useAuth();
  const me = useMe();
  const started = status !== 'loading' && (status !== 'signed-in' || !me.isPending);
  const [idle, setIdle] = useState(false);
  useEffect(() => (started && !idle ? whenIdle(() => setIdle(true)) : undefined), [started, idle]);
  return idle;
}
