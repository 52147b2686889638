import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { and, eq } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const ISSUER = 'https://login.partner.example/realms/fleet';
const AUDIENCE = 'fleet-console-api';

let jwksServer: Server;
let folder: string;
let server: TestServer;
let privateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) =>
    res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] })),
  );
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as { port: number };
  folder = await mkdtemp(path.join(tmpdir(), 'fleet-appsettings-'));
  const file = path.join(folder, 'appsettings.json');
  await writeFile(
    file,
    JSON.stringify({
      authentication: {
        others: [
          {
            name: 'keycloak',
            label: 'Partner sign-in',
            authority: ISSUER,
            clientId: 'console',
            audience: AUDIENCE,
            jwksUri: `http://127.0.0.1:${port}/jwks`,
          },
        ],
      },
    }),
  );
  server = await startTestServer({ APPSETTINGS_FILE: file });
});

afterAll(async () => {
  await server?.close();
  jwksServer?.close();
  await rm(folder, { recursive: true, force: true });
});

function token(
  claims: Record<string, unknown>,
  options: { audience?: string; expiresIn?: string; issuer?: string } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setSubject('partner-user-7')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '5m')
    .sign(privateKey);
}

const me = (bearer: string) =>
  server.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${bearer}` } });

describe('tokens of an external provider', () => {
  it('offers the provider to the console', async () => {
    const settings = (await server.app.inject({ url: '/console/appsettings/appsettings.json' })).json();
    expect(settings.authentication.others.map((p: { name: string }) => p.name)).toEqual([
      'local',
      'keycloak',
    ]);
  });

  it('maps a token to a user by issuer and subject, created without roles on first sight', async () => {
    const first = await me(await token({ name: 'Pat Partner', email: 'pat@partner.example' }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      name: 'Pat Partner',
      email: 'pat@partner.example',
      roles: [],
      wholeFleet: false,
    });
    expect(first.json().features).toEqual(['USER', 'USER.SPACE']);
    const again = await me(await token({ name: 'Pat Partner' }));
    expect(again.json().sub).toBe(first.json().sub);
    const rows = await server.database.db
      .select()
      .from(users)
      .where(and(eq(users.issuer, ISSUER), eq(users.subject, 'partner-user-7')));
    expect(rows).toHaveLength(1);
  });

  it('checks audience, expiry and issuer', async () => {
    expect((await me(await token({}, { audience: 'someone-else' }))).statusCode).toBe(401);
    expect((await me(await token({}, { expiresIn: '-1m' }))).statusCode).toBe(401);
    expect((await me(await token({}, { issuer: 'https://unknown.example' }))).statusCode).toBe(401);
  });
});
