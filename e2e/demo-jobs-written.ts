import { BASE_URL, DARK_BASE_URL } from './playwright.config';

/**
 * Before any test: each server has written its demo jobs. A first start writes them in the background
 * and a flow that began meanwhile would wait on every call; the tests wait here instead.
 */
export default async function demoJobsWritten() {
  await Promise.all([BASE_URL, DARK_BASE_URL].map(jobsWritten));
}

async function jobsWritten(baseUrl: string) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const health = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.json() as Promise<{ seeding: boolean }>,
      () => ({ seeding: true }),
    );
    if (!health.seeding) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`${baseUrl} did not write its demo jobs within 5 minutes`);
}
