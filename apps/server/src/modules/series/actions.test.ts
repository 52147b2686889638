import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_CODES, mayDo, type DeviceAction } from '@fleet/contract';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { series, seriesUsers } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
let customerCompanyId: string;
const used = new Set<string>();

beforeAll(async () => {
  server = await startTestServer();
  customerCompanyId = await server.demoCustomerCompanyId();
});
afterAll(async () => server?.close());

/** A device of that status nobody else in this file has touched. */
async function deviceIn(status: string, companyId?: string): Promise<string> {
  const rows = await server.database.db
    .select({ sn: series.serialNumber })
    .from(series)
    .where(
      and(
        eq(series.deviceStatus, status),
        companyId ? eq(series.companyId, companyId) : isNotNull(series.companyId),
      ),
    );
  const free = rows.find((row) => !used.has(row.sn));
  if (!free) throw new Error(`no free device in status ${status}`);
  used.add(free.sn);
  return free.sn;
}

const statusOf = async (serialNumber: string) =>
  (
    await server.database.db
      .select({ s: series.deviceStatus })
      .from(series)
      .where(eq(series.serialNumber, serialNumber))
  )[0]?.s;

const call: TestServer['call'] = (...args) => server.call(...args);

type ActionRequest = readonly ['POST' | 'DELETE', string, unknown];

const STATUS_ACTIONS = [
  {
    name: 'deactivate',
    from: 'A',
    to: 'E',
    wrong: 'E',
    allowed: 'support-user',
    refused: 'factory-manager',
    request: (sn: string): ActionRequest => [
      'POST',
      '/api/Series/Deactivations/Deactivate',
      { serialNumber: sn },
    ],
  },
  {
    name: 'reactivate',
    from: 'E',
    to: 'A',
    wrong: 'B',
    allowed: 'support-manager',
    refused: 'devops-user',
    request: (sn: string): ActionRequest => [
      'POST',
      '/api/Series/Deactivations/Reactivate',
      { serialNumber: sn },
    ],
  },
  {
    name: 'blacklist',
    from: 'A',
    to: 'B',
    wrong: 'I',
    allowed: 'administrator',
    refused: 'support-user',
    request: (sn: string): ActionRequest => ['POST', `/api/Series/blacklist/${sn}`, undefined],
  },
  {
    name: 'unblacklist',
    from: 'B',
    to: 'E',
    wrong: 'A',
    allowed: 'support-manager',
    refused: 'old-super-user',
    request: (sn: string): ActionRequest => ['DELETE', `/api/Series/blacklist/${sn}`, undefined],
  },
  {
    name: 'discard',
    from: 'E',
    to: 'I',
    wrong: 'R',
    allowed: 'factory-manager',
    refused: 'factory-user',
    request: (sn: string): ActionRequest => ['POST', '/api/Series/Discard', { serialNumber: sn }],
  },
  {
    name: 'refurbish',
    from: 'R',
    to: 'E',
    wrong: 'A',
    allowed: 'factory-user',
    refused: 'support-manager',
    request: (sn: string): ActionRequest => ['POST', '/api/Series/Refurbish', { serialNumber: sn }],
  },
] as const;

describe('device status actions', () => {
  for (const action of STATUS_ACTIONS) {
    it(`${action.name}: ${action.from} -> ${action.to} for allowed roles, 403 for others, 409 in a wrong state`, async () => {
      const device = await deviceIn(action.from);
      const [method, url, body] = action.request(device);
      const refused = await call(action.refused, method, url, body);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(await statusOf(device)).toBe(action.from);
      const done = await call(action.allowed, method, url, body);
      expect(done.statusCode, done.body).toBe(200);
      expect(await statusOf(device)).toBe(action.to);
      expect(done.json().deviceStatus).toBe(action.to);

      const wrongDevice = await deviceIn(action.wrong);
      const [wrongMethod, wrongUrl, wrongBody] = action.request(wrongDevice);
      const conflict = await call(action.allowed, wrongMethod, wrongUrl, wrongBody);
      expect(conflict.statusCode, conflict.body).toBe(409);
      expect(conflict.json().message).toMatch(/^Cannot .* it is /);
      expect(await statusOf(wrongDevice)).toBe(action.wrong);
    });
  }

  it('undoes a discard back to the status the device had', async () => {
    const device = await deviceIn('B');
    expect(
      (await call('support-manager', 'POST', '/api/Series/Discard', { serialNumber: device })).statusCode,
    ).toBe(200);
    expect(await statusOf(device)).toBe('I');
    const undone = await call('support-manager', 'DELETE', `/api/Series/Discard/BySN/${device}`);
    expect(undone.statusCode).toBe(200);
    expect(await statusOf(device)).toBe('B');
  });

  it('deletes only devices out of the fleet', async () => {
    const active = await deviceIn('A');
    expect((await call('administrator', 'DELETE', `/api/Series/${active}`)).statusCode).toBe(409);
    const discarded = await deviceIn('I');
    expect((await call('support-manager', 'DELETE', `/api/Series/${discarded}`)).statusCode).toBe(403);
    expect((await call('administrator', 'DELETE', `/api/Series/${discarded}`)).statusCode).toBe(204);
    expect(await statusOf(discarded)).toBeUndefined();
    expect((await call('administrator', 'GET', `/api/Series/${discarded}`)).statusCode).toBe(404);
  });

  it('de-associates a device from its owner', async () => {
    const device = await deviceIn('A');
    expect(
      (await call('customer-engineering-user', 'POST', '/api/Series/Deassociate', { serialNumber: device }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('support-user', 'POST', '/api/Series/Deassociate', { serialNumber: device })).statusCode,
    ).toBe(204);
    const [row] = await server.database.db.select().from(series).where(eq(series.serialNumber, device));
    expect(row).toMatchObject({ companyId: null, storeId: null, deviceStatus: 'A' });
    expect(
      await server.database.db.select().from(seriesUsers).where(eq(seriesUsers.seriesId, row!.id)),
    ).toEqual([]);
  });
});

describe('activation date', () => {
  it('sets a date within the rules and refuses bad ones with 400', async () => {
    const device = await deviceIn('A');
    for (const [date, message, rule] of [
      ['2017-01-31', 'on or after 2017-02-01', { kind: 'too_early', date: '2017-02-01' }],
      ['2999-01-01', 'not be after today', { kind: 'future' }],
      ['2024-02-30', 'YYYY-MM-DD', { kind: 'format' }],
      ['01/02/2024', 'YYYY-MM-DD', { kind: 'format' }],
    ] as const) {
      const response = await call('support-manager', 'POST', `/api/Series/${device}/activation`, {
        UtcActivationDateTime: date,
        enforceNewDate: true,
      });
      expect(response.statusCode, date).toBe(400);
      expect(response.json().message).toContain(message);
      expect(response.json().details[0].rule).toEqual(rule);
    }
    const set = await call('support-manager', 'POST', `/api/Series/${device}/activation`, {
      UtcActivationDateTime: '2021-06-15',
      enforceNewDate: true,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().activationDate).toBe('2021-06-15T00:00:00.000Z');
    expect(
      (
        await call('factory-user', 'POST', `/api/Series/${device}/activation`, {
          UtcActivationDateTime: '2021-06-16',
          enforceNewDate: true,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('resets the activation to now, for activated devices only', async () => {
    const device = await deviceIn('A');
    const reset = await call('factory-user', 'POST', `/api/Series/${device}/activation`, {
      resetWarranty: true,
    });
    expect(reset.statusCode).toBe(200);
    expect(Date.now() - new Date(reset.json().activationDate).getTime()).toBeLessThan(60_000);
    const deactivated = await deviceIn('E');
    expect(
      (await call('factory-user', 'POST', `/api/Series/${deactivated}/activation`, { resetWarranty: true }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('factory-user', 'POST', `/api/Series/${device}/activation`, { resetWarranty: false }))
        .statusCode,
    ).toBe(400);
  });
});

describe('device details and edits', () => {
  it('answers a device with users, accessories and the actions allowed', async () => {
    const device = await deviceIn('A');
    const admin = await call('administrator', 'GET', `/api/Series/${device}`);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().allowedActions).toEqual(
      expect.arrayContaining(['deactivate', 'setActivationDate', 'editStore']),
    );
    expect(admin.json().allowedActions).not.toContain('reactivate');
    expect((await call('administrator', 'GET', '/api/Series/NOSUCHDEVICE0000')).statusCode).toBe(404);
  });

  it('hides the email of device users from roles not listed in spec §6', async () => {
    const device = await deviceIn('A', customerCompanyId);
    await call('administrator', 'POST', `/api/Series/${device}/users`, { userNames: ['jean.dupont'] });
    const customer = await call('customer-engineering-user', 'GET', `/api/Series/${device}`);
    expect(customer.statusCode).toBe(200);
    expect(
      customer.json().serieUsers.find((u: { username: string }) => u.username === 'jean.dupont'),
    ).not.toHaveProperty('email');
    const support = await call('support-user', 'GET', `/api/Series/${device}`);
    expect(
      support.json().serieUsers.find((u: { username: string }) => u.username === 'jean.dupont'),
    ).toHaveProperty('email');
    expect(customer.json().allowedActions).toEqual([]);
  });

  it('associates users: required username, allowed roles, no duplicates', async () => {
    const device = await deviceIn('A', customerCompanyId);
    expect(
      (await call('customer-engineering-manager', 'POST', `/api/Series/${device}/users`, { userNames: [''] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('customer-engineering-manager', 'POST', `/api/Series/${device}/users`, {})).statusCode,
    ).toBe(400);
    expect(
      (await call('customer-engineering-user', 'POST', `/api/Series/${device}/users`, { userNames: ['ana'] }))
        .statusCode,
    ).toBe(403);
    const added = await call('customer-engineering-manager', 'POST', `/api/Series/${device}/users`, {
      userNames: ['ana.silva'],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().serieUsers.map((u: { username: string }) => u.username)).toContain('ana.silva');
    expect(
      (
        await call('customer-engineering-manager', 'POST', `/api/Series/${device}/users`, {
          userNames: ['ana.silva'],
        })
      ).statusCode,
    ).toBe(409);
  });

  it('checks the part number and from part the body names against the device', async () => {
    const device = await deviceIn('A', customerCompanyId);
    const wrong = await call('customer-engineering-manager', 'POST', `/api/Series/${device}/users`, {
      seriePN: 'XXXXXXXXXX',
      from: device.slice(10, 15),
      userNames: ['li.wang'],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      {
        field: 'body.seriePN',
        message: expect.stringContaining(device.slice(0, 10)),
        rule: { kind: 'invalid' },
      },
    ]);
    const right = await call('customer-engineering-manager', 'POST', `/api/Series/${device}/users`, {
      seriePN: device.slice(0, 10),
      from: device.slice(10, 15),
      userNames: ['li.wang'],
    });
    expect(right.statusCode).toBe(200);
  });

  it('turns early access on for a selection, device by device, as the single action would', async () => {
    const [active, blacklisted] = [await deviceIn('A'), await deviceIn('B')];
    const answer = await call('devops-manager', 'PUT', '/api/Series/EarlyAccessStatus', {
      serialNumbers: [active, blacklisted, 'NOSUCHDEVICE001'],
      earlyAccess: true,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().results).toEqual([
      { serialNumber: active, outcome: 'done' },
      { serialNumber: blacklisted, outcome: 'refused', message: expect.stringContaining('blacklisted') },
      { serialNumber: 'NOSUCHDEVICE001', outcome: 'notFound', message: expect.any(String) },
    ]);
    const [row] = await server.database.db.select().from(series).where(eq(series.serialNumber, active));
    expect(row!.earlyAccess).toBe(true);
    expect(
      (
        await call('customer-engineering-manager', 'PUT', '/api/Series/EarlyAccessStatus', {
          serialNumbers: [active],
          earlyAccess: false,
        })
      ).statusCode,
    ).toBe(403);
    const tooMany = await call('devops-manager', 'PUT', '/api/Series/EarlyAccessStatus', {
      serialNumbers: Array.from({ length: 101 }, (_, i) => `SN${i}`),
      earlyAccess: true,
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('associates one user once when six requests race for it', async () => {
    const device = await deviceIn('A', customerCompanyId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('customer-engineering-manager', 'POST', `/api/Series/${device}/users`, {
          userNames: ['race.user'],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('edits descriptions, early access, and keeps customers off foreign devices', async () => {
    const device = await deviceIn('A');
    const edited = await call('support-user', 'PATCH', `/api/Series/${device}/description`, {
      description: 'Bay 4, left lift',
    });
    expect(edited.json().description).toBe('Bay 4, left lift');
    expect(
      (
        await call('support-user', 'PATCH', `/api/Series/${device}/description`, {
          description: 'x'.repeat(501),
        })
      ).statusCode,
    ).toBe(400);
    const product = await call('support-user', 'PUT', `/api/Series/${device}/tyre-pressure-description`, {
      description: 'TPMS station',
    });
    expect(product.statusCode, product.body).toBe(200);
    expect(product.json().productDescriptions).toEqual({ 'tyre-pressure': 'TPMS station' });
    expect(
      (await call('support-user', 'PUT', `/api/Series/EarlyAccessStatus/${device}`, { earlyAccess: true }))
        .statusCode,
    ).toBe(403);
    const early = await call('devops-manager', 'PUT', `/api/Series/EarlyAccessStatus/${device}`, {
      earlyAccess: true,
    });
    expect(early.json().earlyAccess).toBe(true);
    const [foreign] = await server.database.db
      .select()
      .from(series)
      .where(and(ne(series.companyId, customerCompanyId), eq(series.deviceStatus, 'A')))
      .limit(1);
    expect(
      (
        await call(
          'customer-engineering-manager',
          'PATCH',
          `/api/Series/${foreign!.serialNumber}/description`,
          { description: 'mine' },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('customer-engineering-manager', 'GET', `/api/Series/${foreign!.serialNumber}`)).statusCode,
    ).toBe(404);
  });
});

describe('every role the spec does not list', () => {
  const ENDPOINTS: Record<string, { from: string; request: (sn: string) => ActionRequest }> = {
    deactivate: {
      from: 'A',
      request: (sn) => ['POST', '/api/Series/Deactivations/Deactivate', { serialNumber: sn }],
    },
    blacklist: { from: 'A', request: (sn) => ['POST', `/api/Series/blacklist/${sn}`, undefined] },
    discard: { from: 'A', request: (sn) => ['POST', '/api/Series/Discard', { serialNumber: sn }] },
    deassociate: { from: 'A', request: (sn) => ['POST', '/api/Series/Deassociate', { serialNumber: sn }] },
    setActivationDate: {
      from: 'A',
      request: (sn) => [
        'POST',
        `/api/Series/${sn}/activation`,
        { UtcActivationDateTime: '2020-01-02', enforceNewDate: true },
      ],
    },
    resetActivation: {
      from: 'A',
      request: (sn) => ['POST', `/api/Series/${sn}/activation`, { resetWarranty: true }],
    },
    delete: { from: 'I', request: (sn) => ['DELETE', `/api/Series/${sn}`, undefined] },
  };

  it('gets 403, whether the device is theirs to see or not, and changes nothing, for each action', async () => {
    for (const [action, { from, request }] of Object.entries(ENDPOINTS)) {
      const device = await deviceIn(from);
      const [before] = await server.database.db.select().from(series).where(eq(series.serialNumber, device));
      for (const role of ROLE_CODES.filter((r) => !mayDo(action as DeviceAction, [r]))) {
        const [method, url, body] = request(device);
        const response = await call(role, method, url, body);
        // The route names the roles of the action: the rights hook refuses the others before any record
        // is read, so the answer says nothing about the device.
        expect(response.statusCode, `${action} as ${role}`).toBe(403);
      }
      const [after] = await server.database.db.select().from(series).where(eq(series.serialNumber, device));
      expect(after, action).toEqual(before);
    }
  });
});
