import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { TaskWorker } from './worker.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Its own worker stops: only the worker below looks for tasks.
  await server.app.close();
});
afterAll(async () => server?.close());

it('stops at once when told to while its look for a task is on its way, not at the next poll', async () => {
  const pollMs = 60_000;
  const worker = new TaskWorker({
    db: () => server.database.db,
    node: 'test',
    log: server.app.log,
    work: server.app.workFiles.temp,
    pollMs,
  });
  worker.start();
  const asked = performance.now();
  await worker.stop();
  expect(performance.now() - asked).toBeLessThan(pollMs / 2);
});
