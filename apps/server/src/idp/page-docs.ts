import { z } from 'zod';
import { errorBodySchema } from '@fleet/contract';

export const htmlPage = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});

/** A page that says when to come back: too many attempts, or the database out of reach. */
export const retryPage = (description: string) => ({
  ...htmlPage(description),
  headers: {
    'retry-after': {
      description: 'Seconds to wait before trying again',
      schema: { type: 'string', pattern: '^[0-9]+$' },
    },
  },
});

/** A page's 400, or the router's refusal of a path it cannot decode, in JSON: no page is known yet. */
export const invalidPage = (description: string) => ({
  description: `${description}; a path the router cannot decode is refused in JSON`,
  content: { 'text/html': { schema: z.string() }, 'application/json': { schema: errorBodySchema } },
});
