import { NEVER_CONNECTED_ISO, type HeartbeatStatus } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { series } from '../../db/schema.ts';
import { findLastHeartbeats } from './repository.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { notFound } from '../../lib/errors.ts';
import { companyScope } from '../../lib/scope.ts';
import type { HeartbeatRecorder } from './recorder.ts';

export interface HeartbeatContext {
  db: Db;
  recorder: HeartbeatRecorder;
  aliveSeconds: number;
}

/** Last heartbeats of the devices among these that the user may see, newer buffered ones included; others are left out unseen. */
async function lastHeartbeats(context: HeartbeatContext, user: SignedInUser, serialNumbers: string[]) {
  const stored = await findLastHeartbeats(context.db, companyScope(user, series.companyId), serialNumbers);
  return new Map(
    stored.map(({ id, serialNumber, lastHeartbeat }) => {
      const pending = context.recorder.pending(id);
      if (pending && (!lastHeartbeat || pending > lastHeartbeat)) return [serialNumber, pending] as const;
      return [serialNumber, lastHeartbeat === null ? NEVER : (lastHeartbeat ?? null)] as const;
    }),
  );
}

/** Registered, never connected. */
const NEVER = 'never' as const;

function statusOf(
  serialNumber: string,
  lastHeartbeat: Date | typeof NEVER | null,
  aliveSeconds: number,
  now: number,
): HeartbeatStatus {
  if (!lastHeartbeat) return { isAlive: false, heartBeat: null };
  if (lastHeartbeat === NEVER)
    return { isAlive: false, heartBeat: { serialNumber, lastHeartBeat: NEVER_CONNECTED_ISO } };
  return {
    isAlive: now - lastHeartbeat.getTime() <= aliveSeconds * 1000,
    heartBeat: { serialNumber, lastHeartBeat: lastHeartbeat.toISOString() },
  };
}

export async function heartbeatOf(
  context: HeartbeatContext,
  user: SignedInUser,
  serialNumber: string,
): Promise<HeartbeatStatus> {
  const found = await lastHeartbeats(context, user, [serialNumber]);
  if (!found.has(serialNumber)) throw notFound(`No device ${serialNumber}`);
  return statusOf(serialNumber, found.get(serialNumber) ?? null, context.aliveSeconds, Date.now());
}

export async function heartbeatStatuses(
  context: HeartbeatContext,
  user: SignedInUser,
  serialNumbers: string[],
): Promise<Record<string, HeartbeatStatus>> {
  const found = await lastHeartbeats(context, user, [...new Set(serialNumbers)]);
  const now = Date.now();
  return Object.fromEntries(
    [...found].map(([serialNumber, last]) => [
      serialNumber,
      statusOf(serialNumber, last, context.aliveSeconds, now),
    ]),
  );
}
