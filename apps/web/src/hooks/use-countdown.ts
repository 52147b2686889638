import { useEffect, useRef, useState } from 'react';

/** Counts whole seconds down to zero while `running`, then calls `onDone` once. */
export function useCountdown(seconds: number, onDone: () => void, running = true): number {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (!running) {
      setLeft(seconds);
      return;
    }
    setLeft(seconds);
    let remaining = seconds;
    const timer = window.setInterval(() => {
      remaining -= 1;
      setLeft(remaining);
      if (remaining <= 0) {
        window.clearInterval(timer);
        done.current();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [seconds, running]);
  return left;
}
