import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessories, heartbeats, series } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { HeartbeatRecorder, type RecorderEvents } from './recorder.ts';

let server: TestServer;
let ids: number[];

beforeAll(async () => {
  server = await startTestServer();
  ids = (await server.database.db.select({ id: series.id }).from(series).orderBy(series.id).limit(12)).map(
    (row) => row.id,
  );
});
afterAll(async () => server?.close());

/** A database whose statements fail while `failing` says so, then behave. */
function flakyDb(db: Db, failing: (statement: string) => Error | null): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return async (query: Parameters<Db['execute']>[0]) => {
        const text = JSON.stringify(query);
        const error = failing(text);
        if (error) throw error;
        return target.execute(query);
      };
    },
  });
}

function recording() {
  const failures: number[] = [];
  const dropped: number[][] = [];
  const events: RecorderEvents = {
    onWriteFailed: (_error, rows) => failures.push(rows),
    onDropped: (seriesIds) => dropped.push(seriesIds),
  };
  return { events, failures, dropped };
}

async function storedBeat(seriesId: number): Promise<Date | null | undefined> {
  const [row] = await server.database.db
    .select({ at: heartbeats.lastHeartbeat })
    .from(heartbeats)
    .where(eq(heartbeats.seriesId, seriesId));
  return row?.at;
}

const connectionLost = () => Object.assign(new Error('connection terminated'), { code: '08006' });

describe('heartbeat recorder', () => {
  it('keeps a batch that failed and writes it on the next flush', async () => {
    let failures = 1;
    const db = flakyDb(server.database.db, () => (failures-- > 0 ? connectionLost() : null));
    const log = recording();
    const recorder = new HeartbeatRecorder(db, 60_000, log.events);
    const at = new Date(Date.now() + 60_000);
    recorder.record(ids[0]!, at);
    await recorder.flush();
    expect(log.failures).toEqual([1]);
    expect(recorder.pending(ids[0]!)).toEqual(at);
    expect(recorder.status().failingSince).not.toBeNull();
    await recorder.flush();
    expect(await storedBeat(ids[0]!)).toEqual(at);
    expect(recorder.status()).toMatchObject({ pending: 0, failingSince: null, behind: false });
    await recorder.close();
  });

  it('keeps the newest beat when a device beats again while its failed batch waits', async () => {
    let failures = 1;
    const db = flakyDb(server.database.db, () => (failures-- > 0 ? connectionLost() : null));
    const recorder = new HeartbeatRecorder(db, 60_000);
    const first = new Date(Date.now() + 120_000);
    const newer = new Date(first.getTime() + 1000);
    recorder.record(ids[1]!, first);
    const flushing = recorder.flush();
    recorder.record(ids[1]!, newer);
    await flushing;
    await recorder.flush();
    expect(await storedBeat(ids[1]!)).toEqual(newer);
    await recorder.close();
  });

  it('drops the beat of a deleted device alone and goes on writing the others', async () => {
    const log = recording();
    const recorder = new HeartbeatRecorder(server.database.db, 60_000, log.events);
    const [victim, ...others] = ids.slice(2, 6);
    const at = new Date(Date.now() + 180_000);
    for (const id of [victim!, ...others]) recorder.record(id, at);
    await server.database.db
      .update(accessories)
      .set({ seriesId: null })
      .where(eq(accessories.seriesId, victim!));
    await server.database.db.delete(series).where(eq(series.id, victim!));
    await recorder.flush();
    expect(log.dropped).toEqual([[victim]]);
    for (const id of others) expect(await storedBeat(id)).toEqual(at);
    // Still writing afterwards.
    const later = new Date(at.getTime() + 1000);
    recorder.record(others[0]!, later);
    await recorder.flush();
    expect(await storedBeat(others[0]!)).toEqual(later);
    expect(recorder.status()).toMatchObject({ pending: 0, dropped: 1, behind: false });
    await recorder.close();
  });

  it('finds the one row the database refuses in a batch and writes the rest', async () => {
    const poisoned = ids[7]!;
    const refuse = Object.assign(new Error('value refused'), { code: '22008' });
    // The database refuses any statement carrying the poisoned device.
    const db = flakyDb(server.database.db, (statement) =>
      new RegExp(`\\b${poisoned}\\b`).test(statement) ? refuse : null,
    );
    const log = recording();
    const recorder = new HeartbeatRecorder(db, 60_000, log.events);
    const batch = ids.slice(6, 12);
    const at = new Date(Date.now() + 240_000);
    for (const id of batch) recorder.record(id, at);
    await recorder.flush();
    expect(log.dropped).toEqual([[poisoned]]);
    const stored = await server.database.db
      .select({ id: heartbeats.seriesId, at: heartbeats.lastHeartbeat })
      .from(heartbeats)
      .where(inArray(heartbeats.seriesId, batch));
    expect(
      stored
        .filter((row) => row.at?.getTime() === at.getTime())
        .map((row) => row.id)
        .sort(),
    ).toEqual(batch.filter((id) => id !== poisoned).sort());
    await recorder.close();
  });

  it('says it is behind while beats wait longer than 5 s to be written', async () => {
    const db = flakyDb(server.database.db, () => connectionLost());
    const recorder = new HeartbeatRecorder(db, 60_000);
    recorder.record(ids[8]!);
    await recorder.flush();
    expect(recorder.status().behind).toBe(false);
    expect(recorder.status(Date.now() + 6000)).toMatchObject({ behind: true, pending: 1 });
    await recorder.close();
  });
});
