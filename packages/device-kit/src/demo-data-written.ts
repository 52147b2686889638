/**
 * Waits until a server answers healthy and has written its demo data, at most `limitMs`. A first start
 * writes the demo jobs and their media in the background; a test or a benchmark that began meanwhile
 * would share the server with that work.
 */
export async function demoDataWritten(baseUrl: string, limitMs: number): Promise<void> {
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
