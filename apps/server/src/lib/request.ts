import type { FastifyRequest } from 'fastify';
import type { SignedInUser } from './signed-in-user.ts';
import { unauthorized } from './errors.ts';

/** The user the rights hook resolved; routes that are not public always have one. */
export function signedInUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The languages of an Accept-Language header, in the order given. */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .filter(Boolean);
}
