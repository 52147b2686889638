import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverProcessHome, stop, type ServerProcessHome } from './server-process.ts';

/**
 * The real server process, as a proxy and a log collector see it: JSON log lines naming the node and
 * each request's id, and a stop that first answers "not ready" for SHUTDOWN_DRAIN_SECONDS.
 */
const NODE_NAME = 'lifecycle-node';
const DRAIN_SECONDS = 2;

let home: ServerProcessHome;
let server: ChildProcess | undefined;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  home = await serverProcessHome('lifecycle');
  server = await home.start(
    {
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      NODE_NAME,
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      SEED_DEVICES: '20',
      SEED_JOBS: '0',
    },
    (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
  );
}, 120_000);
afterAll(async () => {
  if (server && server.exitCode === null) await stop(server, 'SIGKILL');
  await home?.remove();
});

const url = (path: string) => `http://127.0.0.1:${home.port}${path}`;

async function until<T>(find: () => T | undefined): Promise<T> {
  for (let waited = 0; waited < 10_000; waited += 25) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('not seen within 10 s');
}

describe('the server process', () => {
  it("logs JSON lines naming the node, a request's lines with the proxy's request id", async () => {
    const response = await fetch(url('/api/health/ready'), { headers: { 'x-request-id': 'proxy-req-42' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('proxy-req-42');
    await until(() =>
      lines.find((line) => line.reqId === 'proxy-req-42' && line.msg === 'request completed'),
    );
    const ofRequest = lines.filter((line) => line.reqId === 'proxy-req-42').map((line) => line.msg);
    expect(ofRequest).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.node, JSON.stringify(line)).toBe(NODE_NAME);
  });

  it('answers not ready while it drains, then closes', async () => {
    const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
    const signalled = Date.now();
    server!.kill('SIGTERM');
    const stopping = await until(() =>
      lines.find((line) => typeof line.msg === 'string' && line.msg.startsWith('stopping')),
    );
    expect(stopping).toMatchObject({ signal: 'SIGTERM', drainSeconds: DRAIN_SECONDS, node: NODE_NAME });
    const ready = await fetch(url('/api/health/ready'));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'stopping' });
    // It still serves everything else meanwhile.
    expect((await fetch(url('/api/health/live'))).status).toBe(200);
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 100);
    expect(lines.at(-1)).toMatchObject({ msg: 'stopped cleanly', node: NODE_NAME });
  });
});
