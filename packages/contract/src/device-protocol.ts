import { z } from 'zod';

/**
 * How a device proves who it is on the device protocol: it signs each request with its own
 * Ed25519 key, and the server keeps only the public half. The header:
 *
 *   Authorization: Device sn=<serial number>,ts=<unix ms>,nonce=<base64url>,sig=<base64url>
 *
 * The signature covers the method, the path with its query, the time, the nonce and the SHA-256
 * of the body, so a request cannot be altered, and it is refused when its time is more than
 * DEVICE_CLOCK_WINDOW_MS away from the server's or its nonce was seen already (no replays).
 */
export const DEVICE_CLOCK_WINDOW_MS = 2 * 60_000;

export interface DeviceAuthorization {
  serialNumber: string;
  timestamp: number;
  nonce: string;
  signature: string;
}

const HEADER =
  /^Device sn=([A-Za-z0-9]{1,32}),ts=(\d{13}),nonce=([A-Za-z0-9_-]{16,64}),sig=([A-Za-z0-9_-]{80,100})$/;

export function parseDeviceAuthorization(header: string | undefined): DeviceAuthorization | null {
  const match = header ? HEADER.exec(header) : null;
  if (!match) return null;
  return { serialNumber: match[1]!, timestamp: Number(match[2]), nonce: match[3]!, signature: match[4]! };
}

export function formatDeviceAuthorization(authorization: DeviceAuthorization): string {
  const { serialNumber, timestamp, nonce, signature } = authorization;
  return `Device sn=${serialNumber},ts=${timestamp},nonce=${nonce},sig=${signature}`;
}

/** What is signed: every part of the request that matters, one per line. */
export function deviceSigningText(request: {
  method: string;
  url: string;
  timestamp: number;
  nonce: string;
  bodySha256Hex: string;
}): string {
  return [
    request.method.toUpperCase(),
    request.url,
    request.timestamp,
    request.nonce,
    request.bodySha256Hex,
  ].join('\n');
}

/** A device key as issued: shown once, never again (the server keeps only its public half). */
export const deviceKeyAnswerSchema = z.object({
  serialNumber: z.string(),
  /** The private key to install on the device, base64url. */
  deviceKey: z.string(),
  issuedAt: z.string(),
});
export type DeviceKeyAnswer = z.infer<typeof deviceKeyAnswerSchema>;

/**
 * The answer to a device's heartbeat: the server's time (signatures carry it), when to beat next, and,
 * while the device does not report it yet, the configuration staff set for it, to merge into its own and
 * report back (PUT /api/devices/configuration).
 */
export const deviceHeartbeatAnswerSchema = z.object({
  serverTime: z.string(),
  nextHeartbeatSeconds: z.number().int(),
  configuration: z.record(z.string(), z.unknown()).optional(),
});
export type DeviceHeartbeatAnswer = z.infer<typeof deviceHeartbeatAnswerSchema>;
