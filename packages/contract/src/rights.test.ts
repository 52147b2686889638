import { describe, expect, it } from 'vitest';
import { featuresOfRole, rightsChangeProblems, type RightsChange } from './rights.ts';

const change = (overrides: Partial<RightsChange>): RightsChange => ({
  actor: { id: 'actor', roles: ['administrator'] },
  target: { id: 'target', roles: ['support-user'] },
  roles: ['support-user'],
  companyKind: 'maker',
  ...overrides,
});

describe('rights changes', () => {
  it('let an administrator grant any role that fits the company', () => {
    expect(rightsChangeProblems(change({ roles: ['administrator', 'devops-manager'] }))).toEqual([]);
    expect(rightsChangeProblems(change({ roles: ['external-calibrator'], companyKind: 'partner' }))).toEqual(
      [],
    );
  });

  it('keep administrator-class rights to administrators', () => {
    const support = { id: 'actor', roles: ['support-manager'] };
    expect(rightsChangeProblems(change({ actor: support, roles: ['old-super-user'] }))).toEqual([
      {
        status: 403,
        field: 'body.roles',
        message: 'only an administrator grants old-super-user',
        code: 'administrator_grant',
        values: { role: 'old-super-user' },
      },
    ]);
    expect(
      rightsChangeProblems(
        change({ actor: support, target: { id: 't', roles: ['administrator'] }, roles: [] }),
      ),
    ).toEqual([
      {
        status: 403,
        field: 'params.id',
        message: 'only an administrator changes the rights of an administrator',
        code: 'administrator_target',
      },
    ]);
    expect(rightsChangeProblems(change({ actor: support, roles: ['devops-user'] }))).toEqual([]);
  });

  it('fit roles to the kind of company: internal to the maker, customer to customers, none without one', () => {
    expect(rightsChangeProblems(change({ roles: ['support-user'], companyKind: 'customer' }))[0]).toEqual({
      status: 400,
      field: 'body.roles',
      message: 'support-user is for users of a maker company',
      code: 'company_kind',
      values: { role: 'support-user' },
    });
    expect(rightsChangeProblems(change({ roles: ['series-user'], companyKind: 'maker' }))[0]?.message).toBe(
      'series-user is for users of a customer company',
    );
    expect(rightsChangeProblems(change({ roles: ['location-viewer'], companyKind: null }))[0]?.status).toBe(
      400,
    );
    expect(rightsChangeProblems(change({ roles: [], companyKind: null }))).toEqual([]);
  });

  it('keep a user from taking away their own right to manage rights', () => {
    const self = { id: 'me', roles: ['support-manager'] };
    expect(
      rightsChangeProblems(
        change({ actor: self, target: { id: 'me', roles: ['support-manager'] }, roles: ['devops-user'] }),
      ),
    ).toEqual([
      {
        status: 409,
        field: 'body.roles',
        message: 'you cannot take away your own right to manage rights',
        code: 'own_rights',
      },
    ]);
    expect(
      rightsChangeProblems(
        change({ actor: self, target: { id: 'me', roles: ['support-manager'] }, roles: ['support-user'] }),
      ),
    ).toEqual([]);
  });

  it('draw the features of a role from the feature tree', () => {
    expect(featuresOfRole('customer-engineering-user')).toContain('SERIES.LIST');
    expect(featuresOfRole('customer-engineering-user')).not.toContain('RIGHTS');
    expect(featuresOfRole('administrator')).toContain('RIGHTS.USERS');
  });
});
