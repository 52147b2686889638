import { BASE_URL, DARK_BASE_URL } from './playwright.config';

/**
 * Before any test: each server has written its demo jobs. A first start writes them in the background
 * and a flow that began meanwhile would wait on every call; the tests wait here instead.
 */
export default async function demoJobsWritten() {
  await Promise.all([BASE_URL, DARK_BASE_URL].map((baseUrl) => demoDataWritten(baseUrl, 300_000)));
}

/** Waits until the server answers healthy and has written its demo data, at most `limitMs`. */
export async function demoDataWritten(baseUrl: string, limitMs: number) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const ready = await fetch(`${baseUrl}/api/health`).then(
      async (response) => response.ok && !((await response.json()) as { seeding: boolean }).seeding,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${baseUrl} did not answer with its demo data written within ${limitMs / 1000} s`);
}
