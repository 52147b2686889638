/** The custom scheme the desktop tool registers with the operating system. */
export const DESKTOP_SCHEME = 'fleetconsole';

/** Passes every query parameter to the desktop tool byte for byte (no re-encoding, order kept). */
export function desktopLink(search: string): string {
  const query = search.replace(/^\?/, '');
  return `${DESKTOP_SCHEME}://auth${query ? `?${query}` : ''}`;
}

export type HandOff = { kind: 'error'; message: string } | { kind: 'finalize' };

/** With an `error` parameter the hand-off failed: show its description, else the error itself. */
export function handOffOutcome(search: string): HandOff {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (error === null) return { kind: 'finalize' };
  return { kind: 'error', message: params.get('error_description') || error };
}
