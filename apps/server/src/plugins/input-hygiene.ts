import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';

/** Deepest nesting a request body may have: configuration documents need a few levels, not thousands. */
export const MAX_DEPTH = 32;

interface Pending {
  value: unknown;
  path: string;
  depth: number;
}

/**
 * The first problem in a value a client sent: text with the NUL character (no database text can hold
 * it), or nesting deeper than MAX_DEPTH. Iterative, so that a hostile depth cannot overflow the stack.
 */
export function inputProblem(value: unknown, root: string): { field: string; message: string } | null {
  const stack: Pending[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { field: path, message: 'must not contain the NUL character' };
      continue;
    }
    if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue;
    if (depth >= MAX_DEPTH)
      return { field: path, message: `must not be nested more than ${MAX_DEPTH} levels deep` };
    for (const [key, child] of Object.entries(current)) {
      if (key.includes('\u0000'))
        return { field: path, message: 'must not have a key with the NUL character' };
      stack.push({ value: child, path: `${path}.${key}`, depth: depth + 1 });
    }
  }
  return null;
}

function check(request: FastifyRequest): void {
  for (const [part, value] of [
    ['path', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const problem = inputProblem(value, part);
    if (problem) throw badRequest(`Invalid ${problem.field}: ${problem.message}`, [problem]);
  }
}

/** Refuses, for every route, input no route could store: NUL characters and absurd nesting. */
export const inputHygienePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => check(request));
});
