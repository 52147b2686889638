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
  /** How long a technician keeps a device plugged into the desktop tool (--technicians). */
  pluggedSeconds: [number, number];
  /** How long a device stays unplugged between two technicians' sessions. */
  unpluggedSeconds: [number, number];
  /** Length of each of a calibration's ten steps. */
  calibrationStepSeconds: number;
  /** Share of devices plugged in at the start; unset: the share plugged at any time. */
  startPlugged?: number;
}

export const PROFILES: Record<string, Profile> = {
  realistic: {
    onlineSeconds: [120, 900],
    offlineSeconds: [30, 300],
    startOnline: 0.8,
    updateCheckSeconds: 120,
    installStepSeconds: 4,
    pluggedSeconds: [120, 600],
    unpluggedSeconds: [300, 1800],
    calibrationStepSeconds: 1,
  },
  fast: {
    onlineSeconds: [8, 20],
    offlineSeconds: [8, 20],
    startOnline: 0.5,
    updateCheckSeconds: 5,
    installStepSeconds: 0.5,
    pluggedSeconds: [30, 90],
    unpluggedSeconds: [10, 40],
    calibrationStepSeconds: 0.5,
  },
  /** Devices on the bench all the time, plugged in from the start: for tests of the live hub. */
  workshop: {
    onlineSeconds: [86_400, 86_400],
    offlineSeconds: [5, 5],
    startOnline: 1,
    updateCheckSeconds: 3600,
    installStepSeconds: 0.5,
    pluggedSeconds: [86_400, 86_400],
    unpluggedSeconds: [86_400, 86_400],
    calibrationStepSeconds: 0.5,
    startPlugged: 1,
  },
  /** A fixed rhythm, for tests that watch a device go offline and come back. */
  blink: {
    onlineSeconds: [25, 25],
    offlineSeconds: [50, 50],
    startOnline: 1,
    updateCheckSeconds: 5,
    installStepSeconds: 0.5,
    pluggedSeconds: [30, 30],
    unpluggedSeconds: [30, 30],
    calibrationStepSeconds: 0.5,
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

/** A length in milliseconds drawn within bounds given in seconds. */
export function drawMs([min, max]: readonly [number, number], random: () => number): number {
  return (min + random() * (max - min)) * 1000;
}

export function nextPhase(
  current: Phase | null,
  profile: Profile,
  random: () => number,
  nowMs: number,
): Phase {
  const online = current ? !current.online : random() < profile.startOnline;
  return { online, untilMs: nowMs + drawMs(online ? profile.onlineSeconds : profile.offlineSeconds, random) };
}

const mean = ([min, max]: readonly [number, number]) => (min + max) / 2;
/** The devices plugged in at the start come within these first seconds, not all at once. */
export const FIRST_PLUGS_WITHIN_MS = 10_000;

/**
 * When a technician first plugs a device in: soon for the share of devices plugged in at any time,
 * after part of an unplugged stretch for the others, so that the hub starts as it goes on.
 */
export function firstPlugMs(profile: Profile, random: () => number): number {
  const plugged = mean(profile.pluggedSeconds);
  const share = profile.startPlugged ?? plugged / (plugged + mean(profile.unpluggedSeconds));
  if (random() < share) return random() * FIRST_PLUGS_WITHIN_MS;
  return random() * drawMs(profile.unpluggedSeconds, random);
}
