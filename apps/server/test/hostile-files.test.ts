import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { multipartBody, uploadVersionAs } from './uploads.ts';
import { columnName, hostileFiles, rowXml, xlsxOf, zipOf } from './zip-bombs.ts';

/**
 * Files made to take the server down (decompression bombs, names outside the archive), sent as the
 * lowest role that may import, alone and several at once: each is refused with a 4xx naming what is
 * wrong, and the server goes on answering meanwhile.
 */
let server: TestServer;
let bombs: Record<string, Buffer>;

beforeAll(async () => {
  server = await startTestServer();
  bombs = await hostileFiles(['Official Store Code', 'Name']);
  // Within every bound of the archive, but a million cells in one row to hold in memory.
  const cells = Array.from(
    { length: 1_000_000 },
    (_, index) => `<c r="${columnName(index)}2"><v>${index}</v></c>`,
  ).join('');
  bombs['one row of a million cells'] = await xlsxOf([
    rowXml(1, ['Official Store Code', 'Name']),
    `<row r="2">${cells}</row>`,
  ]);
}, 120_000);
afterAll(async () => server?.close());

const IMPORTS = [
  { path: '/api/Store/Import/Preview', user: 'customer-engineering-manager' },
  { path: '/api/Vehicles/Import/Preview', user: 'administrator' },
  { path: '/api/Batteries/Import/Preview', user: 'administrator' },
  { path: '/api/Esat/Import/Preview', user: 'administrator' },
];

async function send(path: string, user: string, bytes: Buffer) {
  const { payload, headers } = multipartBody({}, [{ name: 'file.xlsx', bytes }]);
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${await server.tokenFor(user)}` },
    body: new Uint8Array(payload),
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

/** How long the server takes to answer its health check and a list, while the bombs are being read. */
async function answersWithin(): Promise<number> {
  const token = await server.tokenFor('support-manager');
  const started = Date.now();
  const [health, list] = await Promise.all([
    fetch(`${server.baseUrl}/api/health`),
    fetch(`${server.baseUrl}/api/Series/User?PageSize=10`, { headers: { authorization: `Bearer ${token}` } }),
  ]);
  expect(health.status).toBe(200);
  expect(list.status).toBe(200);
  return Date.now() - started;
}

/**
 * A server that read these files on its event loop would hold every call for the whole batch (each bomb
 * takes about a second and a half to refuse, twelve are sent). Three seconds tells the two apart even on a
 * machine busy with other test files, where a healthy answer has taken just over a second.
 */
const ANSWERS_WITHIN_MS = 3_000;

describe('hostile files', () => {
  it('refuses each bomb with a 400 naming the bound, as the lowest role that may import', async () => {
    const expected: Record<string, RegExp> = {
      'shared strings': /unpacks to more than 48 MB|decompression bomb/,
      'many rows': /decompression bomb/,
      'one huge row': /unpacks to more than 48 MB|decompression bomb/,
      'zip of a zip': /is empty/,
      'a name outside the archive': /named outside the archive \(\.\.\/\.\.\/etc\/cron\.d\/evil\)/,
      'one row of a million cells':
        /more memory to read than a file may use|more than a minute|cannot be read as CSV or XLSX/,
    };
    for (const [kind, bytes] of Object.entries(bombs)) {
      expect(bytes.length, kind).toBeLessThan(5 * 1024 * 1024);
      const answer = await send(IMPORTS[0]!.path, IMPORTS[0]!.user, bytes);
      expect([kind, answer.status], answer.body.message).toEqual([kind, 400]);
      expect(answer.body.message, kind).toMatch(expected[kind]!);
    }
  });

  it('refuses them all at once on every table import, and answers other calls meanwhile', async () => {
    const sent = IMPORTS.flatMap(({ path, user }) =>
      ['shared strings', 'one huge row', 'many rows'].map((kind) => send(path, user, bombs[kind]!)),
    );
    // Asked once the bombs are on their way.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await answersWithin()).toBeLessThan(ANSWERS_WITHIN_MS);
    const answers = await Promise.all(sent);
    for (const answer of answers) expect([400, 429], answer.body.message).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 400).length).toBeGreaterThan(0);
    expect(await answersWithin()).toBeLessThan(ANSWERS_WITHIN_MS);
  });

  it('refuses a version package holding a file named outside it', async () => {
    const bytes = await zipOf([
      { name: 'manifest.json', parts: ['{"version":"9.9.9"}'] },
      { name: '../../boot/firmware.bin', parts: ['x'] },
    ]);
    const answer = await uploadVersionAs(
      server,
      'administrator',
      'TPMS-TOOL',
      { number: '9.9.9', kind: 'software', notes: 'Hostile' },
      { name: 'evil.zip', bytes },
    );
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toMatch(/named outside the archive/);
  });
});
