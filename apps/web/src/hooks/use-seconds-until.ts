import { useEffect, useState } from 'react';

/** Seconds until `at`, counted down every second while `at` is set. */
export function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    // Counted at once from the new `at`, not from the last tick: the first count would otherwise add the
    // time since the last tick (since mounting, at first) for up to a second ("in 35 s" for a 4 s wait).
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
