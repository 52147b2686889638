import { TIMING } from '@fleet/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Banner {
  message: string;
  colour: 'teal' | 'blue' | 'yellow';
}

/** A message shown above a screen's content for 3 s (jobs spec §4); a newer one replaces it. */
export function useTemporaryBanner(): [Banner | null, (banner: Banner) => void] {
  const [banner, setBanner] = useState<Banner | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((next: Banner) => {
    clearTimeout(timer.current);
    setBanner(next);
    timer.current = setTimeout(() => setBanner(null), TIMING.bannerMs);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [banner, show];
}
