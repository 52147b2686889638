import type { AppSettings, Me } from '@fleet/contract';
import { usableFeatures } from '@fleet/contract';
import { vi } from 'vitest';
import type { Auth } from '../hooks/use-auth';

export const testSettings: AppSettings = {
  variant: 'tool-equipment',
  languages: ['de', 'en', 'es', 'fr', 'pt', 'zh-CN'],
  authentication: {
    name: 'local',
    others: [
      {
        name: 'local',
        label: 'Fleet Console',
        authority: 'http://localhost:8080/idp',
        clientId: 'fleet-console',
        scope: 'openid profile email',
      },
    ],
  },
  errorReporting: { dsn: null },
  links: { profile: 'http://localhost:8080/idp/profile', privacy: 'http://localhost:8080/idp/privacy' },
};

/** A user as the server describes them: features are those the roles allow. */
export function testMe(overrides: Partial<Me> = {}): Me {
  const roles = overrides.roles ?? ['customer-engineering-user'];
  return {
    sub: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    roles,
    scopes: ['openid', 'profile', 'email', 'api'],
    features: usableFeatures(roles),
    company: { id: 'company-1', name: 'Analytical Engines' },
    wholeFleet: false,
    ...overrides,
  };
}

export function fakeAuth(overrides: Partial<Auth> = {}): Auth {
  const provider = testSettings.authentication.others[0]!;
  return {
    status: 'signed-in',
    provider,
    providers: testSettings.authentication.others,
    signIn: vi.fn(async () => {}),
    completeSignIn: vi.fn(async () => ({ ok: true as const, returnTo: '/' })),
    signOut: vi.fn(async () => {}),
    expire: vi.fn(async () => {}),
    switchProvider: vi.fn(async () => {}),
    recheck: vi.fn(),
    ...overrides,
  };
}
