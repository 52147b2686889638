import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function signedIn(username: string) {
  const token = await server.tokenFor(username);
  const me = (
    await server.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })
  ).json() as { sub: string };
  return { token, userId: me.sub };
}

function upload(
  token: string,
  content: string | null,
  fieldName = 'ConfigurationFile',
  language = 'fr-FR,fr;q=0.9',
) {
  const form = new FormData();
  if (content !== null)
    form.append(fieldName, new Blob([content], { type: 'application/json' }), 'configuration.json');
  return fetch(`${server.baseUrl}/api/Configurations/Users/`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
    body: form,
  });
}

describe('user configuration', () => {
  it('answers an empty document before anything is saved', async () => {
    const { token, userId } = await signedIn('support-user');
    const response = await server.app.inject({
      url: `/api/configurations/users/${userId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId, content: '{}' });
  });

  it('saves a normalised configuration and reads it back', async () => {
    const { token, userId } = await signedIn('administrator');
    const saved = await upload(
      token,
      JSON.stringify({
        'tool-equipment': {
          current_language: 'de',
          timezone: 'Asia/Tokyo',
          print_settings: { format: 'a4', margins: 'large' },
          webcam: { chrome: 'cam-1' },
        },
      }),
    );
    expect(saved.status).toBe(200);
    const stored = JSON.parse(((await saved.json()) as { content: string }).content);
    expect(stored).toEqual({
      'tool-equipment': {
        current_language: 'de',
        timezone: 'Asia/Tokyo',
        print_settings: { format: 'a4', margins: 'large' },
        webcam: { chrome: 'cam-1' },
        saved_filters: [],
      },
    });
    const read = await server.app.inject({
      url: `/api/configurations/users/${userId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(JSON.parse(read.json().content)).toEqual(stored);
  });

  it('normalises unknown values per spec §5', async () => {
    const { token } = await signedIn('business');
    const saved = await upload(
      token,
      JSON.stringify({
        'tool-equipment': {
          current_language: 'kl',
          timezone: 'Mars/Base',
          print_settings: { format: 'a3' },
          webcam: 'x',
        },
      }),
    );
    expect(saved.status).toBe(200);
    const stored = JSON.parse(((await saved.json()) as { content: string }).content)['tool-equipment'];
    expect(stored).toEqual({
      current_language: 'en',
      timezone: 'UTC',
      print_settings: { format: 'letter', margins: 'normal' },
      webcam: null,
      saved_filters: [],
    });
  });

  it('keeps the saved filter lists that are well formed, one per name, and drops the others', async () => {
    const { token } = await signedIn('support-user');
    const kept = { name: 'Failed checks', list: 'jobs', filters: { ValidCheck: ['Fail'] } };
    const saved = await upload(
      token,
      JSON.stringify({
        'tool-equipment': {
          current_language: 'en',
          saved_filters: [
            kept,
            { ...kept, name: 'FAILED CHECKS' },
            { name: '', list: 'jobs', filters: {} },
            { name: 'Elsewhere', list: 'orders', filters: {} },
            { name: 'Huge', list: 'jobs', filters: { VIN: ['x'.repeat(5000)] } },
          ],
        },
      }),
    );
    expect(saved.status).toBe(200);
    const stored = JSON.parse(((await saved.json()) as { content: string }).content)['tool-equipment'];
    expect(stored.saved_filters).toEqual([kept]);
  });

  it('refuses to read another user configuration', async () => {
    const { token } = await signedIn('support-manager');
    const other = await signedIn('factory-user');
    const response = await server.app.inject({
      url: `/api/configurations/users/${other.userId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers 400 naming the problem for bad input', async () => {
    const { token } = await signedIn('devops-user');
    const invalidJson = await upload(token, '{not json');
    expect(invalidJson.status).toBe(400);
    expect(await invalidJson.json()).toMatchObject({
      status: 400,
      message: 'Invalid body.ConfigurationFile: is not valid JSON',
    });
    const missing = await upload(token, '{}', 'OtherFile');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: 'Invalid body.ConfigurationFile: is required' });
    const array = await upload(token, '[1,2]');
    expect(array.status).toBe(400);
    const badId = await server.app.inject({
      url: '/api/configurations/users/not-a-uuid',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ status: 400, details: [{ field: 'path.userId' }] });
  });
});
