import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { DATABASE_VERSIONS, SOFTWARE_VERSIONS } from '@fleet/device-kit/demo-fleet';
import { seedVersions } from './seed-versions.ts';
import * as t from '../db/schema.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('demo versions', () => {
  it('uploads every version the fleet runs as a package with its checksum, and a finished rollout per type', async () => {
    const db = server.database.db;
    const work = server.app.workFiles.temp;
    const types = await db.selectDistinct({ type: t.series.deviceType }).from(t.series);
    const stored = await seedVersions(db, server.app.media, 1, work);
    expect(stored).toBe(types.length * (SOFTWARE_VERSIONS.length + DATABASE_VERSIONS.length));
    const versions = await db.select().from(t.versions);
    for (const version of versions.slice(0, 6)) {
      const bytes = await server.app.media.get(version.mediaKey);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(version.sha256);
      expect(bytes.length).toBe(version.size);
      expect((version.content as { entries: unknown[] }).entries).toHaveLength(4);
    }
    expect(versions.filter((v) => v.availability === 'early').map((v) => v.number)).toEqual(
      types.map(() => '6.0.0-rc1'),
    );
    const rollouts = await db.select().from(t.rollouts);
    expect(rollouts.length).toBeGreaterThan(0);
    for (const rollout of rollouts) {
      expect(rollout.state).toBe('done');
      const devices = await db
        .select({ current: t.series.currentVersion })
        .from(t.rolloutDevices)
        .innerJoin(t.series, eq(t.series.id, t.rolloutDevices.seriesId))
        .where(eq(t.rolloutDevices.rolloutId, rollout.id));
      expect(devices.every((device) => device.current === '5.12.3')).toBe(true);
    }
    expect(await seedVersions(db, server.app.media, 1, work)).toBe(0);
  });
});
