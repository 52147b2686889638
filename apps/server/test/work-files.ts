import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { WorkArea } from '../src/lib/work-files.ts';
import { sweepWorkFiles } from '../src/lib/work-sweep.ts';

/** What the kill tests look at in a data directory's work areas (docs/operations.md, "Work files"). */
export interface Entry {
  /** Relative to the root listed. */
  name: string;
  size: number;
}

/** Every file under `root` with its size; none when it does not exist. */
export async function filesUnder(root: string): Promise<Entry[]> {
  const names = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  const entries: Entry[] = [];
  for (const name of names.sort()) {
    const info = await lstat(path.join(root, name)).catch(() => null);
    if (info?.isFile()) entries.push({ name, size: info.size });
  }
  return entries;
}

export const bytesOf = (entries: Entry[]) => entries.reduce((bytes, entry) => bytes + entry.size, 0);
export const isUpload = (entry: Entry) => path.basename(entry.name).startsWith('upload-');
export const isTaskFile = (entry: Entry) =>
  entry.name.split(path.sep).some((part) => part.startsWith('task-'));

/** What a server said it removed from a root, from its JSON log lines. */
export function removedFrom(lines: Record<string, unknown>[], root: string) {
  const line = lines.find((l) => l.msg === 'work files left behind removed' && l.root === root);
  return line && { files: line.files, bytes: line.bytes };
}

/** A sweep by another process (this one) on the same root: it leaves the `busy` files of a live server alone. */
export async function sweepAsAnotherProcess(root: string, busy: Entry[]): Promise<void> {
  const area = await WorkArea.open(root);
  try {
    expect(await sweepWorkFiles(area)).toEqual({ entries: 0, files: 0, bytes: 0 });
  } finally {
    await area.close();
  }
  for (const entry of busy) expect(await lstat(path.join(root, entry.name))).toBeTruthy();
}

/**
 * A version upload whose file part is sent a megabyte at a time up to `bytes`, then held open: it is
 * under way until the server or the request goes.
 */
export function unfinishedUpload(
  url: string,
  bearer: string,
  number: string,
  bytes: number,
): http.ClientRequest {
  const boundary = `----fleet${randomBytes(8).toString('hex')}`;
  const request = http.request(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  request.on('error', () => undefined);
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  request.write(
    `${field('number', number)}${field('kind', 'software')}--${boundary}\r\n` +
      'Content-Disposition: form-data; name="file"; filename="big.zip"\r\n\r\n',
  );
  const chunk = randomBytes(1024 * 1024);
  let sent = 0;
  const timer = setInterval(() => {
    if (sent >= bytes || request.destroyed) return clearInterval(timer);
    request.write(chunk);
    sent += chunk.length;
  }, 40);
  return request;
}
