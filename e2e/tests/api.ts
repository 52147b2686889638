import { expect, type Page } from '@playwright/test';

/** Calls the API from the signed-in page, with the token the console holds (to find test data). */
export async function api<T>(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
      if (!key) throw new Error('not signed in');
      const token = (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
      const response = await fetch(path, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return response.status === 204 ? null : response.json();
    },
    { path, init },
  ) as Promise<T>;
}

/** The demo jobs are written once the server answers: waits until they are all there. */
export async function jobsWritten(page: Page) {
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/health')).json()) as { seeding: boolean }).seeding,
      {
        timeout: 60_000,
      },
    )
    .toBe(false);
}
