import type { Socket } from 'socket.io';
import type { HubAnswer } from '@fleet/contract';

type Ack = (answer: HubAnswer<unknown>) => void;

/** The acknowledgement a client asked for with an event: its last argument, when that is a function. */
export function ackOf(args: readonly unknown[]): Ack | null {
  const last = args.at(-1);
  return typeof last === 'function' ? (last as Ack) : null;
}

/** The payload of an event: its first argument, unless that is the acknowledgement (no payload sent). */
export function payloadOf(args: readonly unknown[]): unknown {
  return typeof args[0] === 'function' ? undefined : args[0];
}

/**
 * An event the hub does not know still gets its answer, 404, when the client asked for one: a client
 * that misspells a method learns it at once instead of waiting out its own time-out.
 */
export function answerUnknownEvents(socket: Socket, known: ReadonlySet<string>): void {
  socket.onAny((event: string, ...args: unknown[]) => {
    if (known.has(event)) return;
    ackOf(args)?.({ ok: false, status: 404, message: `The hub has no event or method named "${event}"` });
  });
}
