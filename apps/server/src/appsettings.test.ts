import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAppSettings } from './appsettings.ts';
import { loadConfig } from './config.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'fleet-appsettings-'));
});
afterAll(async () => rm(folder, { recursive: true, force: true }));

const KEYCLOAK = {
  name: 'keycloak',
  label: 'Company sign-in',
  authority: 'https://sso.example.com/realms/fleet',
  clientId: 'fleet-console',
  scope: 'openid profile email',
};

/** The console's links under these variables and this appsettings file (none: no file). */
async function linksWith(env: Record<string, string>, file?: object) {
  const settingsFile = path.join(folder, `${Math.random().toString(36).slice(2)}.json`);
  if (file) await writeFile(settingsFile, JSON.stringify(file));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'https://fleet.example.com',
    ...(file ? { APPSETTINGS_FILE: settingsFile } : {}),
    ...env,
  });
  return (await loadAppSettings(config)).client.links;
}

describe('the profile and privacy links', () => {
  it("name the built-in provider's profile page and privacy policy by default", async () => {
    expect(await linksWith({})).toEqual({
      profile: 'https://fleet.example.com/idp/profile',
      privacy: 'https://fleet.example.com/idp/privacy',
    });
  });

  it('are the operator’s where the file names them, null hiding a link', async () => {
    const links = { profile: 'https://sso.example.com/account', privacy: null };
    expect(await linksWith({}, { links })).toEqual(links);
    expect(await linksWith({}, { links: { privacy: 'https://example.com/privacy' } })).toEqual({
      profile: 'https://fleet.example.com/idp/profile',
      privacy: 'https://example.com/privacy',
    });
  });

  it('name no profile page when users sign in elsewhere, and no page at all without the built-in provider', async () => {
    const elsewhere = { authentication: { name: 'keycloak', others: [KEYCLOAK] } };
    expect(await linksWith({}, elsewhere)).toEqual({
      profile: null,
      privacy: 'https://fleet.example.com/idp/privacy',
    });
    expect(await linksWith({ BUILTIN_IDP: 'false' }, elsewhere)).toEqual({ profile: null, privacy: null });
  });
});
