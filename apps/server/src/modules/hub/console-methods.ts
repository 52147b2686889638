import type { Socket } from 'socket.io';
import type { HubMethod, hubMethodArguments } from '@fleet/contract';
import type { z } from 'zod';
import type { SignedInUser } from '../../lib/signed-in-user.ts';

/** A console's socket: who is signed in on it, with which token. */
export interface ConsoleData {
  user: SignedInUser;
  token: string;
  expiresAt: number;
}

export type MethodHandler<M extends HubMethod> = (
  args: z.output<(typeof hubMethodArguments)[M]>,
  user: SignedInUser,
  socket: Socket,
) => Promise<unknown>;
export type MethodHandlers = { [M in HubMethod]: MethodHandler<M> };
