import path from 'node:path';

/** Where media files (screenshots, exports) live, and how a browser gets one: an expiring signed link. */
export interface MediaStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** Stores a file written on disk, streamed, never read whole into memory; the file is consumed. */
  putFile(key: string, file: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** A signed link; a download (`isDownload`) is served as an attachment named after its last part. */
  link(key: string, ttlSeconds?: number): string;
}

/**
 * Exports and version files are downloaded (streamed, as attachments), never shown by the browser in the
 * console's origin.
 */
export const isDownload = (key: string) => key.startsWith('exports/') || key.startsWith('versions/');

/**
 * `attachment` with the file's name (RFC 6266): quoted as it is when it is plain ASCII, else with an
 * ASCII stand-in and the RFC 5987-encoded name beside it for browsers to use.
 */
export function attachment(key: string): string {
  const name = path.basename(key);
  if (/^[\x20-\x7e]*$/.test(name) && !/["\\]/.test(name)) return `attachment; filename="${name}"`;
  return `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
