/**
 * When a simulated device is connected: sessions online separated by outages, lengths drawn at
 * random within the profile's bounds, the way workshop tools are switched on and off.
 */
export interface Profile {
  onlineSeconds: [number, number];
  offlineSeconds: [number, number];
  /** Share of devices that start online. */
  startOnline: number;
  /** How often an online device asks whether an update is offered to it. */
  updateCheckSeconds: number;
  /** Time between an installing device's progress reports (25, 50, 75 %). */
  installStepSeconds: number;
}

export const PROFILES: Record<string, Profile> = {
  realistic: {
    onlineSeconds: [120, 900],
    offlineSeconds: [30, 300],
    startOnline: 0.8,
    updateCheckSeconds: 120,
    installStepSeconds: 4,
  },
  fast: {
    onlineSeconds: [8, 20],
    offlineSeconds: [8, 20],
    startOnline: 0.5,
    updateCheckSeconds: 5,
    installStepSeconds: 0.5,
  },
  /** A fixed rhythm, for tests that watch a device go offline and come back. */
  blink: {
    onlineSeconds: [25, 25],
    offlineSeconds: [50, 50],
    startOnline: 1,
    updateCheckSeconds: 5,
    installStepSeconds: 0.5,
  },
};

/** Chance that an update fails on the device: most install, a few "flaky" devices often fail. */
export const UPDATE_FAILURE_CHANCE = 0.03;
export const FLAKY_UPDATE_FAILURE_CHANCE = 0.4;
/** Share of simulated devices that are flaky, so that a rollout has real failures to stop on. */
export const FLAKY_SHARE = 0.1;

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
