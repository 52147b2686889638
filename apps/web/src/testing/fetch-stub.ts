import { vi } from 'vitest';

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };

/** A request's body as sent: JSON read, other text as it is. */
function sentBody(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') return init?.body;
  try {
    return JSON.parse(init.body);
  } catch {
    return init.body;
  }
}

/**
 * Replaces `fetch` with fixed answers by `METHOD path` (path without query); anything else
 * is a 404 so a forgotten request shows up as an error, not as a hang. An answer that depends on the
 * request gets it, with its JSON body read.
 */
export function stubFetch(answers: Record<string, Answer | ((request: Request, body: unknown) => Answer)>) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(
      new URL(String(input instanceof Request ? input.url : input), 'http://localhost'),
      init,
    );
    const path = new URL(request.url).pathname;
    const entry = answers[`${request.method} ${path}`];
    const answer = typeof entry === 'function' ? entry(request, sentBody(init)) : entry;
    if (!answer) return new Response(JSON.stringify({ status: 404, message: 'Not found' }), { status: 404 });
    const status = answer.status ?? 200;
    const body =
      answer.body === undefined
        ? null
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    return new Response(body, {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}
