import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_STATUS, taskListAnswerSchema, type Task } from '@fleet/contract';
import { DEMO_KEYS_FILE, readDemoDeviceKeys } from '../src/demo/demo-device-keys.ts';
import { signDeviceRequest } from '@fleet/device-kit/device-keys';
import { MEDIA_WORK_DIR, OWNER_FILE, type OwnerRecord } from '../src/lib/work-files.ts';
import { serverProcessHome, stop, until, type ServerProcessHome } from './server-process.ts';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';
import { demoDataWritten } from '@fleet/device-kit/demo-data-written';
import {
  bytesOf,
  filesUnder,
  isTaskFile,
  isUpload,
  removedFrom,
  sweepAsAnotherProcess,
  unfinishedUpload,
  type Entry,
} from './work-files.ts';

/**
 * An export under way when its server is killed (SIGKILL) is not lost: the next start takes it again
 * (at once on the embedded database, once its lease has run out on PostgreSQL) and writes the whole file.
 * The work files of that export and of a large upload under way are removed at that start, and no
 * partial media file is left (docs/operations.md, "Work files"). A device request captured before the kill
 * is still refused as a replay after it: with one node, the nonces seen live in the database.
 */
const JOBS = 40_000;
const ENV = {
  SEED: '20250801',
  SEED_DEVICES: '200',
  SEED_JOBS: String(JOBS),
  LOG_LEVEL: 'info',
  LOG_FORMAT: 'json',
};
const VERSION = { type: 'TPMS-TOOL', number: '9.9.9', bytes: 24 * 1024 * 1024 };

let home: ServerProcessHome;
beforeAll(async () => {
  home = await serverProcessHome('export');
});
afterAll(async () => home?.remove());

const base = () => `http://127.0.0.1:${home.port}`;

async function token(): Promise<string> {
  const signedIn = await signInThroughIdp(base(), 'administrator');
  if (!signedIn.ok) throw new Error('could not sign in');
  return signedIn.tokens.access_token;
}

async function call(bearer: string, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${base()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

/** Only the live server's own area is left under `root`, and what it said it removed is what was left. */
async function onlyOwnArea(root: string, left: Entry[], pid: number, lines: Record<string, unknown>[]) {
  const [own, ...others] = await readdir(root);
  expect(others, `${root}: ${own}, ${others.join(', ')}`).toEqual([]);
  const owner = JSON.parse(await readFile(path.join(root, own!, OWNER_FILE), 'utf8')) as OwnerRecord;
  expect(owner.pid).toBe(pid);
  expect(removedFrom(lines, root)).toEqual({ files: left.length, bytes: bytesOf(left) });
}

const HEARTBEAT = '/api/devices/heartbeat';
const beat = (authorization: string) =>
  fetch(`${base()}${HEARTBEAT}`, { method: 'POST', headers: { authorization } });

/** A device's heartbeat, accepted once and refused as a replay after, as if captured on the wire. */
async function capturedHeartbeat(): Promise<string> {
  const keys = await readDemoDeviceKeys(path.join(home.dataDir, DEMO_KEYS_FILE));
  const [serialNumber, key] = Object.entries(keys)[0]!;
  const captured = signDeviceRequest(serialNumber, key, { method: 'POST', url: HEARTBEAT });
  expect((await beat(captured)).status).toBe(200);
  expect((await beat(captured)).status).toBe(401);
  return captured;
}

async function taskOf(bearer: string, requestId: string): Promise<Task | undefined> {
  const response = await call(bearer, '/api/Task?PageSize=100');
  return taskListAnswerSchema.parse(await response.json()).data.find((task) => task.requestId === requestId);
}

/** How long each step took, shown when the test fails (a time-out alone does not say where it stood). */
function stepTimes() {
  const started = Date.now();
  let last = started;
  const times: string[] = [];
  return {
    reached(step: string) {
      const now = Date.now();
      times.push(`${step}: ${((now - last) / 1000).toFixed(1)} s`);
      last = now;
    },
    toString: () => `${times.join(', ')}; ${((Date.now() - started) / 1000).toFixed(1)} s in all`,
  };
}

describe('an export across a kill -9', () => {
  it(
    'restarts after the server comes back and completes with the full file',
    // Above the sum of the steps' own limits: a slow step fails saying which, with every step's time.
    { timeout: 480_000 },
    async ({ onTestFailed }) => {
      const steps = stepTimes();
      // Both servers' warnings and errors (a task attempt that failed, a lease not renewed) with the steps.
      const warnings: unknown[] = [];
      const logLines: Record<string, unknown>[] = [];
      const keep = (into?: Record<string, unknown>[]) => (line: string) => {
        const entry = JSON.parse(line) as Record<string, unknown>;
        into?.push(entry);
        const { msg, err, task } = entry as { msg: string; err?: { message: string }; task?: string };
        if (Number(entry.level) >= 40) warnings.push({ msg, err: err?.message, task });
      };
      onTestFailed(() => console.error(`export-fault steps: ${steps}\n`, warnings));
      const tmp = path.join(home.dataDir, 'tmp');
      const mediaWork = path.join(home.dataDir, 'media', MEDIA_WORK_DIR);
      let server = await home.start(ENV, keep());
      steps.reached('started');
      try {
        let bearer = await token();
        await demoDataWritten(base(), 120_000);
        steps.reached('demo data written');
        const { type, number, bytes } = VERSION;
        const url = `${base()}/api/Updates/DeviceTypes/${type}/versions`;
        const upload = unfinishedUpload(url, bearer, number, bytes);
        await until(
          'the upload under way',
          async () =>
            (await filesUnder(tmp)).some((e) => isUpload(e) && e.size >= bytes) ? true : undefined,
          60_000,
        );
        steps.reached('upload under way');
        const requested = await call(bearer, '/api/Jobs/Export', {
          method: 'POST',
          body: {
            ExportDescription: 'Everything',
            JobFilters: { FilterOnBeginDate: '2000-01-01', BeginDateOperator: 'since' },
            ExportType: 'CSV',
          },
        });
        expect(requested.status).toBe(202);
        const { requestId } = (await requested.json()) as { requestId: string };

        // Killed once the file is partly written.
        const midway = await until(
          'the export under way',
          async () => {
            const task = await taskOf(bearer, requestId);
            const progress = task?.progress;
            return task?.status === TASK_STATUS.RUNNING && progress && progress.done > 0 ? task : undefined;
          },
          60_000,
        );
        steps.reached('export under way');
        const captured = await capturedHeartbeat();
        await sweepAsAnotherProcess(
          tmp,
          (await filesUnder(tmp)).filter((e) => isUpload(e) || isTaskFile(e)),
        );
        await stop(server, 'SIGKILL');
        steps.reached('killed');
        upload.destroy();
        expect(midway.progress!.done).toBeLessThan(midway.progress!.total);
        const left = await filesUnder(tmp);
        expect(left.filter(isUpload).map((e) => e.size)).toEqual([bytes]);
        expect(left.filter(isTaskFile)).toHaveLength(1);
        const leftMedia = await filesUnder(mediaWork);

        server = await home.start(ENV, keep(logLines));
        steps.reached('restarted');
        const replayed = await beat(captured);
        expect(replayed.status).toBe(401);
        expect(((await replayed.json()) as { message: string }).message).toMatch(/replayed/);
        await onlyOwnArea(tmp, left, server.pid!, logLines);
        await onlyOwnArea(mediaWork, leftMedia, server.pid!, logLines);
        const versionFiles = await readdir(path.join(home.dataDir, 'media', 'versions', type));
        expect(versionFiles.filter((name) => name.startsWith(`${number}-`))).toEqual([]);
        bearer = await token();
        const done = await until(
          'the export done after the restart',
          async () => {
            const task = await taskOf(bearer, requestId);
            return task?.status === TASK_STATUS.DONE || task?.status === TASK_STATUS.ENDED ? task : undefined;
          },
          120_000,
        );
        steps.reached('export done');
        expect(done.status, done.error ?? '').toBe(TASK_STATUS.DONE);
        const count = (await (
          await call(bearer, '/api/Jobs/count?FilterOnBeginDate=2000-01-01&BeginDateOperator=since')
        ).json()) as { data: number; exact: boolean };
        expect(count.exact).toBe(true);
        expect(done.progress).toEqual({ done: count.data, total: count.data });

        const { mediaLink } = (await (await call(bearer, `/api/Task/${requestId}/download`)).json()) as {
          mediaLink: string;
        };
        const file = await (await fetch(`${base()}${mediaLink}`)).text();
        steps.reached('file read');
        const lines = file.split('\r\n').filter(Boolean);
        expect(lines.length - 1).toBe(done.progress!.total);
        expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(done.progress!.total);

        // A clean stop takes its work areas with it.
        await stop(server, 'SIGTERM');
        steps.reached('stopped');
        expect(await readdir(tmp)).toEqual([]);
        expect(await readdir(mediaWork)).toEqual([]);
      } finally {
        if (server.exitCode === null && server.signalCode === null) await stop(server, 'SIGTERM');
      }
    },
  );
});
