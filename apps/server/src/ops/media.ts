import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { S3MediaStorage } from '../plugins/s3-storage.ts';
import { MEDIA_WORK_DIR } from '../lib/work-files.ts';

/** A media file under DATA_DIR/media: its key is its path there, as the local storage names it. */
export interface MediaFile {
  key: string;
  file: string;
  size: number;
}

/** Every media file on local disk, not the files a server is writing; none when there is no media folder. */
export async function mediaFiles(dataDir: string): Promise<MediaFile[]> {
  const root = path.join(dataDir, 'media');
  let names: string[];
  try {
    names = await readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: MediaFile[] = [];
  for (const name of names.sort()) {
    if (name.split(path.sep)[0] === MEDIA_WORK_DIR) continue;
    const file = path.join(root, name);
    const info = await stat(file);
    if (info.isFile()) files.push({ key: name.split(path.sep).join('/'), file, size: info.size });
  }
  return files;
}

/** Runs `work` on every item, a few at a time. */
async function eachAtMost<T>(items: T[], atOnce: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, lane));
}

/** Uploads the files into the bucket under the same keys; the files stay on disk. */
export async function copyMediaToBucket(files: MediaFile[], bucket: S3MediaStorage): Promise<void> {
  await eachAtMost(files, 8, (media) => bucket.upload(media.key, media.file));
}

/** Files missing from the bucket or of another size there, in words; empty when none. */
export async function compareMedia(files: MediaFile[], bucket: S3MediaStorage): Promise<string[]> {
  const differences: string[] = [];
  await eachAtMost(files, 8, async (media) => {
    const size = await bucket.size(media.key);
    if (size === null) differences.push(`media ${media.key}: missing from the bucket`);
    else if (size !== media.size)
      differences.push(`media ${media.key}: ${media.size} bytes on disk, ${size} in the bucket`);
  });
  return differences.sort();
}
