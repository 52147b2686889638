import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { USER_GROUPS_MAX, type RightsUser } from '@fleet/contract';
import { companies, users } from '../../db/schema.ts';
import { MANUFACTURER } from '../../demo/seed.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
let customerCompanyId: string;
let makerCompanyId: string;
beforeAll(async () => {
  server = await startTestServer();
  customerCompanyId = await server.demoCustomerCompanyId();
  const [maker] = await server.database.db.select().from(companies).where(eq(companies.code, MANUFACTURER));
  makerCompanyId = maker!.id;
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

async function userNamed(username: string): Promise<RightsUser> {
  const [row] = await server.database.db.select().from(users).where(eq(users.username, username));
  const answer = await call('administrator', 'GET', `/api/Rights/Users/${row!.id}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const change = (
  actor: string,
  user: RightsUser,
  body: Partial<Pick<RightsUser, 'roles' | 'companyId' | 'groupIds'>>,
) =>
  call(actor, 'PUT', `/api/Rights/Users/${user.id}`, {
    roles: user.roles,
    companyId: user.companyId,
    groupIds: user.groupIds,
    ...body,
  });

describe('users and their rights', () => {
  it('finds users by text, role and company', async () => {
    const found = await call('support-manager', 'GET', '/api/Rights/Users?Search=warranty&PageSize=60');
    expect(found.statusCode, found.body).toBe(200);
    expect(
      found
        .json()
        .users.map((user: RightsUser) => user.username)
        .sort(),
    ).toEqual(['customer-warranty-manager', 'customer-warranty-user']);
    const byRole = await call(
      'support-manager',
      'GET',
      '/api/Rights/Users?Role=devops-user&Role=devops-manager',
    );
    expect(
      byRole
        .json()
        .users.map((user: RightsUser) => user.username)
        .sort(),
    ).toEqual(['devops-manager', 'devops-user']);
    const customers = await call(
      'administrator',
      'GET',
      `/api/Rights/Users?Company=${customerCompanyId}&PageSize=60`,
    );
    expect(customers.json().users.every((user: RightsUser) => user.companyId === customerCompanyId)).toBe(
      true,
    );
    expect((await call('administrator', 'GET', '/api/Rights/Users?Role=pilot')).statusCode).toBe(400);
  });

  it("changes a user's roles, effective on their very next call, and records it", async () => {
    const before = await call('series-user', 'GET', '/api/me');
    expect(before.json().features).toContain('SERIES.LIST');
    const user = await userNamed('series-user');
    const changed = await change('support-manager', user, { roles: ['dashboard-viewer'], groupIds: [1] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ roles: ['dashboard-viewer'], groupIds: [1] });
    // The token the user holds is the same: the server forgot what it knew of it.
    const after = await call('series-user', 'GET', '/api/me');
    expect(after.json().roles).toEqual(['dashboard-viewer']);
    expect(after.json().features).not.toContain('SERIES.LIST');

    const log = await call('administrator', 'GET', `/api/AuditLog?SubjectType=user&SubjectId=${user.id}`);
    expect(log.json().data[0]).toMatchObject({
      action: 'user.rights',
      details: {
        before: { roles: ['series-user'], groupIds: [] },
        after: { roles: ['dashboard-viewer'], groupIds: [1] },
      },
    });
    // The same rights again change nothing and record nothing.
    const again = await change('support-manager', changed.json(), {});
    expect(again.statusCode).toBe(200);
    const logAgain = await call(
      'administrator',
      'GET',
      `/api/AuditLog?SubjectType=user&SubjectId=${user.id}`,
    );
    expect(logAgain.json().data).toHaveLength(1);
    await change('support-manager', changed.json(), { roles: ['series-user'], groupIds: [] });
  });

  it('keeps the rules: administrator rights, roles fitting the company, nobody locking themselves out', async () => {
    const devops = await userNamed('devops-user');
    const grant = await change('support-manager', devops, { roles: ['devops-user', 'administrator'] });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe('only an administrator grants administrator');
    const admin = await userNamed('old-super-user');
    expect((await change('support-user', admin, { roles: [] })).statusCode).toBe(403);

    const mismatch = await change('administrator', devops, { companyId: customerCompanyId });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([
      { field: 'body.roles', message: 'devops-user is for users of a maker company' },
    ]);
    const unknown = await change('administrator', devops, {
      companyId: '00000000-0000-4000-8000-000000000000',
      groupIds: [999],
    });
    expect(unknown.json().details).toEqual([
      { field: 'body.companyId', message: 'is not a known company', rule: { kind: 'unknown' } },
      { field: 'body.groupIds', message: '999: no such device group', rule: { kind: 'unknown' } },
    ]);

    const self = await userNamed('support-manager');
    const lockout = await change('support-manager', self, { roles: ['support-config'] });
    expect(lockout.statusCode).toBe(409);
    expect(
      (await change('administrator', devops, { roles: ['devops-user', 'administrator'] })).statusCode,
    ).toBe(200);
    expect(
      (await change('administrator', devops, { roles: ['devops-user'], companyId: makerCompanyId }))
        .statusCode,
    ).toBe(200);
  });

  it('lists the roles with how many users hold them', async () => {
    const answer = await call('old-super-user', 'GET', '/api/Rights/Roles');
    expect(answer.statusCode, answer.body).toBe(200);
    const accounting = answer.json().roles.find((role: { code: string }) => role.code === 'accounting');
    expect(accounting).toEqual({ code: 'accounting', kind: 'internal', userCount: 1 });
  });
});

describe('device groups', () => {
  it('creates, renames and deletes an empty group, refusing a taken name or a group in use', async () => {
    const created = await call('administrator', 'POST', '/api/Rights/Groups', { name: 'Nordics' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Nordics', deviceCount: 0, storeCount: 0, userCount: 0 });
    const id = created.json().id;
    expect((await call('administrator', 'POST', '/api/Rights/Groups', { name: 'Europe' })).statusCode).toBe(
      409,
    );
    const renamed = await call('administrator', 'PUT', `/api/Rights/Groups/${id}`, {
      name: 'Nordic countries',
    });
    expect(renamed.json().name).toBe('Nordic countries');
    const europe = (await call('administrator', 'GET', '/api/Rights/Groups'))
      .json()
      .groups.find((group: { name: string }) => group.name === 'Europe');
    expect(europe.deviceCount).toBeGreaterThan(0);
    const inUse = await call('administrator', 'DELETE', `/api/Rights/Groups/${europe.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/^Group Europe still has \d+ devices/);
    expect((await call('administrator', 'DELETE', `/api/Rights/Groups/${id}`)).statusCode).toBe(204);
    const log = await call('administrator', 'GET', `/api/AuditLog?SubjectType=device-group&SubjectId=${id}`);
    expect(log.json().data.map((entry: { action: string }) => entry.action)).toEqual([
      'device-group.delete',
      'device-group.update',
      'device-group.create',
    ]);
    expect((await call('administrator', 'POST', '/api/Rights/Groups', { name: ' ' })).statusCode).toBe(400);
  });
});

describe('group members', () => {
  it('adds a user to a group and takes them out from the group’s page, each change audited', async () => {
    const created = await call('support-manager', 'POST', '/api/Rights/Groups', { name: 'Bench team' });
    const groupId = created.json().id as number;
    const member = await userNamed('business');
    const url = `/api/Rights/Groups/${groupId}/Users/${member.id}`;
    expect((await call('support-manager', 'PUT', url)).statusCode).toBe(204);
    expect((await userNamed('business')).groupIds).toContain(groupId);
    expect((await userNamed('business')).roles).toEqual(member.roles);
    const listed = await call('support-manager', 'GET', `/api/Rights/Users?Group=${groupId}`);
    expect(listed.json().users.map((user: RightsUser) => user.id)).toEqual([member.id]);
    expect((await call('support-manager', 'PUT', url)).statusCode).toBe(204);
    expect((await call('support-manager', 'DELETE', url)).statusCode).toBe(204);
    expect((await userNamed('business')).groupIds).not.toContain(groupId);
    const log = await call('administrator', 'GET', `/api/AuditLog?SubjectType=user&SubjectId=${member.id}`);
    expect(
      log.json().data.filter((entry: { action: string }) => entry.action === 'user.rights'),
    ).toHaveLength(2);

    const administrator = await userNamed('administrator');
    const refused = await call(
      'support-manager',
      'PUT',
      `/api/Rights/Groups/${groupId}/Users/${administrator.id}`,
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await call('support-manager', 'PUT', `/api/Rights/Groups/999999/Users/${member.id}`)).statusCode,
    ).toBe(404);
  });

  it('adds a user to no more groups than the rights dialog allows', async () => {
    const member = await userNamed('devops-user');
    const groupIds: number[] = [];
    for (let index = 0; index <= USER_GROUPS_MAX; index++) {
      const created = await call('support-manager', 'POST', '/api/Rights/Groups', { name: `Crew ${index}` });
      groupIds.push(created.json().id as number);
    }
    for (const groupId of groupIds.slice(0, USER_GROUPS_MAX))
      expect(
        (await call('support-manager', 'PUT', `/api/Rights/Groups/${groupId}/Users/${member.id}`)).statusCode,
      ).toBe(204);
    const refused = await call(
      'support-manager',
      'PUT',
      `/api/Rights/Groups/${groupIds.at(-1)}/Users/${member.id}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      expect.objectContaining({ rule: { kind: 'too_many', limit: USER_GROUPS_MAX } }),
    ]);
    expect((await userNamed('devops-user')).groupIds).toHaveLength(USER_GROUPS_MAX);
  });
});
