import type { DefaultEventsMap, Namespace, Server, Socket } from 'socket.io';
import {
  CONSOLE_NAMESPACE,
  type HubConsoleEvents,
  type HubMethod,
  type hubMethodArguments,
} from '@fleet/contract';
import type { z } from 'zod';
import type { SignedInUser } from '../../lib/signed-in-user.ts';

/** The consoles' namespace: every event the hub emits there is typed by the contract's event map. */
export type ConsoleNamespace = Namespace<DefaultEventsMap, HubConsoleEvents>;

export function consoleNamespaceOf(io: Server): ConsoleNamespace {
  return io.of(CONSOLE_NAMESPACE) as unknown as ConsoleNamespace;
}

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
