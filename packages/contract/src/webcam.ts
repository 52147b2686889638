import type { RoleCode } from './roles.ts';

export const WEBCAM_ROLES: readonly RoleCode[] = [
  'old-administrator',
  'administrator',
  'support-manager',
  'support-user',
  'devops-manager',
  'external-calibrator',
];

export const MIN_WEBCAM_RESOLUTION = { width: 1920, height: 1080 } as const;

export interface WebcamDevice {
  deviceId: string;
  kind: string;
  label: string;
}

export interface WebcamResolution {
  width: number;
  height: number;
}

export type ResolutionVerdict = 'ok' | 'low' | 'unknown';

export function judgeResolution(resolution: WebcamResolution | null | undefined): ResolutionVerdict {
  if (!resolution || !(resolution.width > 0) || !(resolution.height > 0)) return 'unknown';
  return resolution.width >= MIN_WEBCAM_RESOLUTION.width && resolution.height >= MIN_WEBCAM_RESOLUTION.height
    ? 'ok'
    : 'low';
}

/** Spec §5: the low-resolution warning shows when every known camera is below the minimum. */
export function allCamerasLow(verdicts: readonly ResolutionVerdict[]): boolean {
  return verdicts.length > 0 && verdicts.every((verdict) => verdict === 'low');
}

/** Spec §5: a camera whose label contains 'logitech' is preferred, else the first. */
export function preferredCamera<T extends WebcamDevice>(devices: readonly T[]): T | undefined {
  const cameras = devices.filter((device) => device.kind === 'videoinput');
  return cameras.find((device) => device.label.toLowerCase().includes('logitech')) ?? cameras[0];
}
