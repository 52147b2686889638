import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writerOnThread, type ThreadWriterOptions } from './thread.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'writer-thread-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const options = (file: string): ThreadWriterOptions => ({
  type: 'CSV',
  file,
  headers: ['Job', 'Begin', 'User'],
  timeZone: 'Europe/Paris',
  title: 'Jobs',
  subtitle: '',
  language: 'fr-FR',
  pdf: null,
});

describe('a file writer on its own thread', () => {
  it('writes every batch in order, dates in the language and zone asked', async () => {
    const file = path.join(folder, 'jobs.csv');
    const writer = await writerOnThread(options(file));
    for (let batch = 0; batch < 5; batch++)
      await writer.write([[batch, new Date(Date.UTC(2026, 10, 28, 9, 30)), `=user ${batch}`]]);
    await writer.end();
    const lines = (await readFile(file, 'utf8')).split('\r\n');
    expect(lines[0]).toBe('\uFEFFJob,Begin,User');
    expect(lines.slice(1, 6)).toEqual([0, 1, 2, 3, 4].map((n) => `${n},28/11/2026 10:30:00,'=user ${n}`));
  });

  it('fails the export, not the server, when the thread cannot write', async () => {
    const missing = path.join(folder, 'no-such-folder', 'jobs.csv');
    await expect(
      (async () => {
        const writer = await writerOnThread(options(missing));
        await writer.write([[1, null, 'a']]);
        await writer.end();
      })(),
    ).rejects.toThrow();
  });
});
