// `npm run bench:sign-in -w apps/server`: how long the sign-in form takes to refuse a wrong password
// for a known username and for an unknown one. They should take the same time, so that the answer
// time tells nothing about which accounts exist.
import { performance } from 'node:perf_hooks';
import { ROLE_CODES } from '@fleet/contract';
import { openDatabase } from '../src/db/client.ts';
import { seedDatabase } from '../src/demo/seed.ts';
import { startBenchServer } from './bench-server.ts';
import { openSignInPage } from '@fleet/device-kit/sign-in';

const ROUNDS = 3;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const database = await openDatabase({});
await seedDatabase(database.db, { seed: 20250801, devices: 10, demoUsers: true });
const server = await startBenchServer(database, 8292, { LOGIN_RATE_LIMIT: '100000' });
const { baseUrl } = server;

/** One refused attempt: each username is used once a round, below the per-account spacing. */
async function refusal(username: string): Promise<number> {
  const page = await openSignInPage(baseUrl);
  const started = performance.now();
  const response = await page.go(page.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: 'not-the-password' }),
  });
  const elapsed = performance.now() - started;
  if (response.status !== 401) throw new Error(`${username}: ${response.status}`);
  return elapsed;
}

try {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, role] of ROLE_CODES.entries()) {
      // Interleaved, so that the machine's other work weighs on both alike.
      known.push(await refusal(role));
      unknown.push(await refusal(`nobody-${round}-${index}`));
    }
  }
  console.log(`Refused sign-ins, ${known.length} each (ms):`);
  console.log('| username | median | p10 | p90 |');
  console.log('|---|---|---|---|');
  for (const [label, samples] of [
    ['known', known],
    ['unknown', unknown],
  ] as const) {
    const sorted = [...samples].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))]!.toFixed(1);
    console.log(`| ${label} | ${median(samples).toFixed(1)} | ${at(0.1)} | ${at(0.9)} |`);
  }
} finally {
  await server.close();
}
