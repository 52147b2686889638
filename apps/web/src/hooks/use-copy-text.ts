import { TIMING } from '@fleet/contract';
import { useEffect, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies a text to the clipboard and tells how it went (spec §8: success or failure text for 2 s):
 * `state` is `copied` or `failed` for that long, then `idle` again.
 */
export function useCopyText(): { state: CopyState; copy: (text: string) => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), TIMING.copyMessageMs);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return { state, copy };
}
