import { and, inArray } from 'drizzle-orm';
import { NEVER_CONNECTED_ISO, type HeartbeatStatus } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { heartbeats, series } from '../../db/schema.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { companyScope } from '../../lib/scope.ts';
import type { HeartbeatRecorder } from './recorder.ts';

export interface HeartbeatContext {
  db: Db;
  recorder: HeartbeatRecorder;
  aliveSeconds: number;
}

/** Last heartbeats of the devices among these that the user may see; others are left out unseen. */
async function lastHeartbeats(context: HeartbeatContext, user: SignedInUser, serialNumbers: string[]) {
  const visible = await context.db
    .select({ serialNumber: series.serialNumber })
    .from(series)
    .where(and(companyScope(user, series.companyId), inArray(series.serialNumber, serialNumbers)));
  const names = visible.map((row) => row.serialNumber);
  const stored = names.length
    ? await context.db.select().from(heartbeats).where(inArray(heartbeats.serialNumber, names))
    : [];
  const last = new Map(stored.map((row) => [row.serialNumber, row.lastHeartbeat ?? NEVER]));
  return new Map(
    names.map((serialNumber) => {
      const pending = context.recorder.pending(serialNumber);
      const saved = last.get(serialNumber);
      return [serialNumber, pending && (!saved || saved === NEVER || pending > saved) ? pending : (saved ?? null)] as const;
    }),
  );
}

/** Registered, never connected. */
const NEVER = 'never' as const;

function statusOf(serialNumber: string, lastHeartbeat: Date | typeof NEVER | null, aliveSeconds: number, now: number): HeartbeatStatus {
  if (!lastHeartbeat) return { isAlive: false, heartBeat: null };
  if (lastHeartbeat === NEVER) return { isAlive: false, heartBeat: { serialNumber, lastHeartBeat: NEVER_CONNECTED_ISO } };
  return {
    isAlive: now - lastHeartbeat.getTime() <= aliveSeconds * 1000,
    heartBeat: { serialNumber, lastHeartBeat: lastHeartbeat.toISOString() },
  };
}

export async function heartbeatOf(context: HeartbeatContext, user: SignedInUser, serialNumber: string): Promise<HeartbeatStatus> {
  const found = await lastHeartbeats(context, user, [serialNumber]);
  if (!found.has(serialNumber)) throw notFound(`No device ${serialNumber}`);
  return statusOf(serialNumber, found.get(serialNumber) ?? null, context.aliveSeconds, Date.now());
}

export async function heartbeatStatuses(context: HeartbeatContext, user: SignedInUser, serialNumbers: string[]): Promise<Record<string, HeartbeatStatus>> {
  const found = await lastHeartbeats(context, user, [...new Set(serialNumbers)]);
  const now = Date.now();
  return Object.fromEntries([...found].map(([serialNumber, last]) => [serialNumber, statusOf(serialNumber, last, context.aliveSeconds, now)]));
}
