import {
  judgeResolution,
  type ResolutionVerdict,
  type WebcamDevice,
  type WebcamResolution,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';

export interface Camera extends WebcamDevice {
  verdict: ResolutionVerdict;
}

/** The camera's largest capture size; null when the browser will not say (no permission, no support). */
async function probeResolution(deviceId: string): Promise<WebcamResolution | null> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { deviceId: { exact: deviceId } } });
    try {
      const capabilities = stream.getVideoTracks()[0]?.getCapabilities?.();
      const width = capabilities?.width?.max;
      const height = capabilities?.height?.max;
      return width && height ? { width, height } : null;
    } finally {
      stream.getTracks().forEach((track) => track.stop());
    }
  } catch {
    return null;
  }
}

/** Rejects when the browser cannot enumerate devices at all (spec: `no_enumerate_devices`). */
export async function listCameras(): Promise<Camera[]> {
  if (!navigator.mediaDevices?.enumerateDevices)
    throw new Error('navigator.mediaDevices.enumerateDevices is missing');
  const devices = await navigator.mediaDevices.enumerateDevices();
  const cameras = devices.filter((device) => device.kind === 'videoinput');
  // One camera at a time: opening several at once fails on many drivers.
  const listed: Camera[] = [];
  for (const device of cameras) {
    const resolution = await probeResolution(device.deviceId);
    listed.push({
      deviceId: device.deviceId,
      kind: device.kind,
      label: device.label,
      verdict: judgeResolution(resolution),
    });
  }
  return listed;
}

export const camerasQueryOptions = queryOptions({
  queryKey: ['webcams'],
  queryFn: listCameras,
  staleTime: Infinity,
  retry: false,
});
