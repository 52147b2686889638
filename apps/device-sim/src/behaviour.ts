/**
 * When a simulated device is connected: sessions online separated by outages, lengths drawn at
 * random within the profile's bounds, the way workshop tools are switched on and off.
 */
export interface Profile {
  onlineSeconds: [number, number];
  offlineSeconds: [number, number];
  /** Share of devices that start online. */
  startOnline: number;
}

export const PROFILES: Record<string, Profile> = {
  realistic: { onlineSeconds: [120, 900], offlineSeconds: [30, 300], startOnline: 0.8 },
  fast: { onlineSeconds: [8, 20], offlineSeconds: [8, 20], startOnline: 0.5 },
  /** A fixed rhythm, for tests that watch a device go offline and come back. */
  blink: { onlineSeconds: [25, 25], offlineSeconds: [50, 50], startOnline: 1 },
};

export interface Phase {
  online: boolean;
  untilMs: number;
}

export function nextPhase(
  current: Phase | null,
  profile: Profile,
  random: () => number,
  nowMs: number,
): Phase {
  const online = current ? !current.online : random() < profile.startOnline;
  const [min, max] = online ? profile.onlineSeconds : profile.offlineSeconds;
  return { online, untilMs: nowMs + (min + random() * (max - min)) * 1000 };
}
