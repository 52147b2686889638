// The load generator of bench/load.ts, on its own thread so that neither the load nor the health
// probe shares an event loop with the server it measures. Plain JavaScript: a Worker started from
// a `tsx` process does not always inherit its TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

const { baseUrl, token, connections, durationSeconds, pages, pageSize, probeEveryMs, timeoutSeconds } =
  workerData;

let page = 0;
const listLatencies = [];
const probeLatencies = [];
let probeFailures = 0;
let probeTimeouts = 0;
const probesInFlight = new Set();

function probe() {
  const started = performance.now();
  const done = fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(timeoutSeconds * 1000) })
    .then(async (response) => {
      await response.arrayBuffer();
      if (response.status === 200) probeLatencies.push(performance.now() - started);
      else probeFailures++;
    })
    .catch((error) => {
      if (error?.name === 'TimeoutError') probeTimeouts++;
      else probeFailures++;
    })
    .finally(() => probesInFlight.delete(done));
  probesInFlight.add(done);
}

const instance = autocannon({
  url: baseUrl,
  connections,
  duration: durationSeconds,
  timeout: timeoutSeconds,
  headers: { authorization: `Bearer ${token}` },
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: `/api/Series/User?PageSize=${pageSize}&PageNumber=${(page++ % pages) + 1}`,
      }),
    },
  ],
});
instance.on('response', (_client, _statusCode, _bytes, responseTime) => listLatencies.push(responseTime));
const started = performance.now();
const prober = setInterval(probe, probeEveryMs);
probe();
const result = await instance;
const seconds = (performance.now() - started) / 1000;
clearInterval(prober);
await Promise.all([...probesInFlight]);

parentPort.postMessage({
  requests: listLatencies.length,
  seconds,
  timeouts: result.timeouts,
  errors: result.errors - result.timeouts,
  non2xx: result.non2xx,
  listLatencies,
  probeLatencies,
  probeFailures,
  probeTimeouts,
});
