import { useEffect, useRef, useState } from 'react';

/** Counts whole seconds down to zero while `running`, then calls `onDone` once; restarts when started again. */
export function useCountdown(seconds: number, onDone: () => void, running = true): number {
  const [count, setCount] = useState({ seconds, running, left: seconds });
  if (count.seconds !== seconds || count.running !== running) setCount({ seconds, running, left: seconds });
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () => setCount((current) => (current.left > 0 ? { ...current, left: current.left - 1 } : current)),
      1000,
    );
    return () => clearInterval(timer);
  }, [running, seconds]);

  useEffect(() => {
    if (running && count.left <= 0) done.current();
  }, [running, count.left]);

  return count.left;
}
