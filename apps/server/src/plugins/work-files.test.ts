import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_STATUS } from '@fleet/contract';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { endedTask } from '../../test/tasks.ts';
import { OWNER_FILE, pidNamespace } from '../lib/work-files.ts';
import { sweepWorkFiles } from '../lib/work-sweep.ts';

/** The server's work areas in use: what a live upload, export or media write owns survives a sweep. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const MB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${what}: not within 10 s`);
}

/** A version upload sent in two halves: the second once `between` has run. */
async function uploadInTwoHalves(bytes: Buffer, between: () => Promise<void>) {
  const boundary = `----fleet${randomBytes(8).toString('hex')}`;
  const request = http.request(`${server.baseUrl}/api/Updates/DeviceTypes/TPMS-TOOL/versions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await server.tokenFor('administrator')}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
  });
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  request.write(
    `${field('number', '9.8.7')}${field('kind', 'software')}--${boundary}\r\n` +
      'Content-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n',
  );
  request.write(bytes.subarray(0, bytes.length / 2));
  await between();
  request.end(Buffer.concat([bytes.subarray(bytes.length / 2), Buffer.from(`\r\n--${boundary}--\r\n`)]));
  return answered;
}

const ownEntries = async () => (await readdir(server.app.workFiles.temp.dir)).sort();

describe('work areas in use', () => {
  it('a sweep during an upload leaves its file alone', async () => {
    const bytes = randomBytes(8 * MB);
    const area = server.app.workFiles.temp;
    const answer = await uploadInTwoHalves(bytes, async () => {
      const name = await until('the upload half received', async () => {
        for (const entry of await readdir(area.dir))
          if (entry.startsWith('upload-') && (await stat(path.join(area.dir, entry))).size >= 4 * MB)
            return entry;
      });
      expect(await sweepWorkFiles(area)).toEqual({ entries: 0, files: 0, bytes: 0 });
      expect(await ownEntries()).toContain(name);
    });
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ sha256: sha256(bytes), size: bytes.length });
    expect(await ownEntries()).toEqual([OWNER_FILE]);
  });

  it('a sweep during an export leaves its folder alone', async () => {
    let folder = '';
    let proceed = () => undefined as void;
    const gate = new Promise<void>((resolve) => (proceed = resolve));
    server.app.taskQueue.handle('jobs-export', async (task, context) => {
      folder = context.workDir;
      const file = path.join(context.workDir, 'Everything.csv');
      await writeFile(file, 'Serial\r\n');
      await gate;
      const mediaKey = `exports/${task.id}/Everything.csv`;
      await server.app.media.putFile(mediaKey, file);
      return { mediaKey, size: 8, rows: 0, expiresAt: new Date(Date.now() + 60_000) };
    });
    const requested = await server.call('administrator', 'POST', '/api/Jobs/Export', {
      ExportDescription: 'Everything',
      JobFilters: { FilterOnBeginDate: '2000-01-01', BeginDateOperator: 'since' },
      ExportType: 'CSV',
    });
    expect(requested.statusCode, requested.body).toBe(202);
    await until('the export under way', async () => (folder ? true : undefined));
    expect((await sweepWorkFiles(server.app.workFiles.temp)).entries).toBe(0);
    expect(await readFile(path.join(folder, 'Everything.csv'), 'utf8')).toBe('Serial\r\n');
    proceed();
    const { requestId } = requested.json() as { requestId: string };
    expect((await endedTask(server, 'administrator', requestId)).status).toBe(TASK_STATUS.DONE);
    // The worker records the task done, then removes its folder: a moment after the status says so.
    await until('the task folder removed', async () => {
      const entries = await ownEntries();
      return entries.length === 1 && entries[0] === OWNER_FILE ? true : undefined;
    });
  });

  it('media files appear at their key whole, from memory or from another file system', async () => {
    const media = server.app.workFiles.media!;
    const bytes = randomBytes(MB);
    await server.app.media.put('work-files-test/from-memory.bin', bytes);
    expect(sha256(await server.app.media.get('work-files-test/from-memory.bin'))).toBe(sha256(bytes));
    const elsewhere = await mkdtemp('/dev/shm/fleet-work-');
    try {
      // Another file system than the data directory's: a rename cannot move the file.
      expect((await stat(elsewhere)).dev).not.toBe((await stat(server.config.dataDir)).dev);
      const source = path.join(elsewhere, 'export.csv');
      await writeFile(source, bytes);
      await server.app.media.putFile('work-files-test/copied.bin', source);
      expect(sha256(await server.app.media.get('work-files-test/copied.bin'))).toBe(sha256(bytes));
      await expect(stat(source)).rejects.toThrow();
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
    expect(await readdir(media.dir)).toEqual([OWNER_FILE]);
  });

  it("a node starting on the directory removes what dead servers left, not the live node's", async () => {
    const tmp = path.join(server.config.dataDir, 'tmp');
    const dead = path.join(tmp, '2147483646-deadbeef');
    await mkdir(dead);
    const owner = { pid: 2147483646, host: hostname(), pidNamespace: await pidNamespace() };
    await writeFile(path.join(dead, OWNER_FILE), JSON.stringify(owner));
    await writeFile(path.join(tmp, 'upload-0123456789abcdef'), Buffer.alloc(1000));
    const busy = server.app.workFiles.temp.file('upload-');
    await writeFile(busy.path, 'in use');
    const second = await startTestServer({}, server);
    try {
      expect((await readdir(tmp)).sort()).toEqual(
        [path.basename(server.app.workFiles.temp.dir), path.basename(second.app.workFiles.temp.dir)].sort(),
      );
      expect(await readFile(busy.path, 'utf8')).toBe('in use');
    } finally {
      await second.close();
      await busy.release();
    }
  });
});
