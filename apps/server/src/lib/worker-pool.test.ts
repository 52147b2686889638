import { describe, expect, it } from 'vitest';
import { rowXml, xlsxOf } from '../../test/zip-bombs.ts';
import { TABLE_ARCHIVE_LIMITS, type RecordLimits, type TableRecords } from './table-records.ts';
import { PoolBusy, WorkerPool, WorkerStopped, type WorkerPoolOptions } from './worker-pool.ts';

type Answer = { records: TableRecords } | { problem: string };
const LIMITS: RecordLimits = { maxRows: 10, cellMax: 50, maxColumns: 8, archive: TABLE_ARCHIVE_LIMITS };
const OPTIONS: WorkerPoolOptions = {
  entry: 'table-records-worker',
  size: 1,
  queue: 1,
  timeoutMs: 60_000,
  heapMb: 256,
  idleMs: 1000,
};

const read = (pool: WorkerPool<{ file: Uint8Array; limits: RecordLimits }, Answer>, file: Buffer) =>
  pool.run({ file: new Uint8Array(file), limits: LIMITS });

describe('the worker pool', () => {
  it('reads on a worker, one at a time, one waiting, the next refused', async () => {
    const pool = new WorkerPool<{ file: Uint8Array; limits: RecordLimits }, Answer>(OPTIONS);
    const file = Buffer.from('code,name\nA,Alpha\n\nB,Beta\n');
    const running = read(pool, file);
    const waiting = read(pool, file);
    expect(pool.full).toBe(true);
    await expect(read(pool, file)).rejects.toBeInstanceOf(PoolBusy);
    for (const answer of await Promise.all([running, waiting]))
      expect(answer).toEqual({
        records: {
          header: ['code', 'name'],
          rows: [
            { line: 2, cells: ['A', 'Alpha'] },
            { line: 4, cells: ['B', 'Beta'] },
          ],
          more: false,
        },
      });
    expect(pool.full).toBe(false);
    await pool.close();
  });

  it('stops a worker that runs out of its heap or its time, and goes on with a new one', async () => {
    const rows = Array.from({ length: 5000 }, (_, index) => rowXml(index + 2, [`R${index}`, 'x'.repeat(40)]));
    const workbook = await xlsxOf([rowXml(1, ['code', 'name']), ...rows]);
    const small = new WorkerPool<{ file: Uint8Array; limits: RecordLimits }, Answer>({
      ...OPTIONS,
      heapMb: 4,
    });
    const outOfMemory = await read(small, workbook).catch((error: unknown) => error);
    expect(outOfMemory).toBeInstanceOf(WorkerStopped);
    expect((outOfMemory as WorkerStopped).reason).toBe('memory');
    await small.close();

    const hasty = new WorkerPool<{ file: Uint8Array; limits: RecordLimits }, Answer>({
      ...OPTIONS,
      timeoutMs: 1,
    });
    const late = await read(hasty, workbook).catch((error: unknown) => error);
    expect((late as WorkerStopped).reason).toBe('time');
    await hasty.close();

    const pool = new WorkerPool<{ file: Uint8Array; limits: RecordLimits }, Answer>(OPTIONS);
    const answer = await read(pool, workbook);
    expect(answer).toMatchObject({ records: { header: ['code', 'name'], more: true } });
    expect((answer as { records: TableRecords }).records.rows).toHaveLength(10);
    await pool.close();
  });
});
