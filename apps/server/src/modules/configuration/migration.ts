import { asc, count, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MIGRATION_MAX_DEVICES,
  MIGRATION_PREVIEW_SIZE,
  exportFileName,
  type MigrationPreview,
  type MigrationPreviewBody,
  type MigrationRequest,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { missingReferences } from '../../db/references.ts';
import { companies, deviceGroups, series } from '../../db/schema.ts';
import { badRequest, conflict, invalid } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import {
  queueHandOvers,
  runHandOver,
  withOpenHandOver,
  withOwnerlessJobs,
  type HandOver,
} from '../jobs/hand-over.ts';
import { auditSeries } from '../series/actions.ts';
import { seriesConditions } from '../series/repository.ts';
import { SERIES_QUERY, readSeriesQuery } from '../series/service.ts';
import { ownedTask, writeTaskFile } from '../tasks/task-file.ts';
import type { TaskHandler } from '../tasks/worker.ts';

const CHUNK = 500;
const PAGING = new Set(['pagenumber', 'pagesize', 'sortcolumnname', 'sortorder']);
const FILTER_NAMES = new Set(
  SERIES_QUERY.map((parameter) => parameter.name.toLowerCase()).filter((name) => !PAGING.has(name)),
);

/** The devices of the series list's filters, in the user's scope; a filter the list does not know is refused. */
function devicesWhere(filters: MigrationPreviewBody['Filters'], user: SignedInUser, aliveSince: Date) {
  const unknown = Object.keys(filters).filter((name) => !FILTER_NAMES.has(name.toLowerCase()));
  if (unknown.length)
    throw badRequest(`Invalid body.Filters: ${unknown.join(', ')} is not a filter of the devices list`, [
      {
        field: `body.Filters.${unknown[0]}`,
        message: 'is not a filter of the devices list',
        rule: { kind: 'unknown' },
      },
    ]);
  return seriesConditions(readSeriesQuery(filters, user, aliveSince).filters);
}

/** The company and group a migration names must exist. */
async function checkTarget(db: Db, body: Pick<MigrationPreviewBody, 'companyId' | 'groupId'>) {
  const problems = await missingReferences(db, body);
  if (problems.length) throw invalid(problems);
}

/** What a migration would move: how many devices, and the first of them by serial number. */
export async function previewMigration(
  db: Db,
  user: SignedInUser,
  body: MigrationPreviewBody,
  aliveSince: Date,
): Promise<MigrationPreview> {
  const where = devicesWhere(body.Filters, user, aliveSince);
  await checkTarget(db, body);
  const [[total], devices] = await Promise.all([
    db.select({ n: count() }).from(series).where(where),
    db
      .select({ serialNumber: series.serialNumber, companyId: series.companyId, groupId: series.groupId })
      .from(series)
      .where(where)
      .orderBy(asc(series.serialNumber))
      .limit(MIGRATION_PREVIEW_SIZE),
  ]);
  return { count: total?.n ?? 0, devices };
}

const storedMigrationSchema = z.object({
  ids: z.array(z.number().int()),
  companyId: z.string().nullable().optional(),
  groupId: z.number().int().nullable().optional(),
  handOverJobs: z.boolean().optional(),
  language: z.string(),
  timeZone: z.string(),
});

/**
 * Queues a migration once the user confirmed the count they saw: the devices are fixed now (those the
 * filters match), and moved by the task.
 */
export async function requestMigration(
  app: FastifyInstance,
  user: SignedInUser,
  body: MigrationRequest,
  aliveSince: Date,
  locale: { language: string; timeZone: string },
): Promise<{ requestId: string }> {
  const db = app.database.db;
  const where = devicesWhere(body.Filters, user, aliveSince);
  await checkTarget(db, body);
  const ids = (await db.select({ id: series.id }).from(series).where(where).orderBy(asc(series.id))).map(
    (row) => row.id,
  );
  if (ids.length > MIGRATION_MAX_DEVICES)
    throw badRequest(
      `Invalid body.Filters: they match ${ids.length} devices, more than ${MIGRATION_MAX_DEVICES}`,
      [
        {
          field: 'body.Filters',
          message: `match more than ${MIGRATION_MAX_DEVICES} devices: narrow them`,
          rule: { kind: 'too_many' },
        },
      ],
    );
  if (ids.length !== body.confirmCount)
    throw conflict(`The filters now match ${ids.length} devices, not ${body.confirmCount}: preview again`);
  const requestId = await app.taskQueue.enqueue({
    userId: user.id,
    kind: 'series-migration',
    description: body.ExportDescription,
    fileName: exportFileName(body.ExportDescription, 'CSV', new Date()),
    request: {
      ids,
      companyId: body.companyId,
      groupId: body.groupId,
      handOverJobs: body.handOverJobs,
      ...locale,
    },
  });
  return { requestId };
}

/** The task: 500 devices a transaction, each move with its audit entry; the file lists the devices moved. */
export function migrationHandler(app: FastifyInstance): TaskHandler {
  return ownedTask(app, {
    request: storedMigrationSchema,
    refused: 'You may no longer migrate devices.',
    run: (running) =>
      writeTaskFile(app, running, {
        type: 'CSV',
        headers: ['serialNumber', 'fromCompany', 'toCompany', 'fromGroup', 'toGroup'],
        language: running.request.language,
        timeZone: running.request.timeZone,
        total: running.request.ids.length,
        batches: movedBatches(app.database.db, running.user, running.request),
      }),
  });
}

async function namesOf(db: Db) {
  const [companyRows, groupRows] = await Promise.all([
    db.select({ id: companies.id, name: companies.name }).from(companies),
    db.select({ id: deviceGroups.id, name: deviceGroups.name }).from(deviceGroups),
  ]);
  const companyNames = new Map(companyRows.map((company) => [company.id, company.name]));
  const groupNames = new Map(groupRows.map((group) => [group.id, group.name]));
  return {
    company: (id: string | null | undefined) => (id ? (companyNames.get(id) ?? null) : null),
    group: (id: number | null | undefined) => (id ? (groupNames.get(id) ?? null) : null),
  };
}

/**
 * The hand-overs of the jobs of devices moved to a company: every job of each device that changed company
 * when asked, else the jobs recorded while a device had no owner; with those left open by an attempt
 * that stopped before it ended.
 */
async function handOversOf(
  db: Db,
  moved: readonly { id: number; companyId: string | null }[],
  companyId: string,
  everyJob = false,
): Promise<HandOver[]> {
  const ids = moved.map((device) => device.id);
  const [open, ownerless] = await Promise.all([
    withOpenHandOver(db, ids, companyId),
    everyJob ? Promise.resolve(new Set<number>()) : withOwnerlessJobs(db, ids),
  ]);
  const mode = everyJob ? 'Manual' : 'Automatic';
  return moved
    .filter(
      (device) =>
        open.has(device.id) || (everyJob ? device.companyId !== companyId : ownerless.has(device.id)),
    )
    .map((device) => ({ seriesId: device.id, companyId, mode }));
}

/** The devices moved, a transaction of 500 at a time, each as a row of the file. */
async function* movedBatches(db: Db, user: SignedInUser, stored: z.infer<typeof storedMigrationSchema>) {
  const { ids, companyId, groupId } = stored;
  const names = await namesOf(db);
  const change = {
    ...(companyId === undefined ? {} : { companyId }),
    ...(groupId === undefined ? {} : { groupId }),
  };
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const devices = await db.transaction(async (tx) => {
      const found = await tx
        .select({
          id: series.id,
          serialNumber: series.serialNumber,
          companyId: series.companyId,
          groupId: series.groupId,
        })
        .from(series)
        .where(inArray(series.id, chunk));
      await tx.update(series).set(change).where(inArray(series.id, chunk));
      for (const device of found)
        await auditSeries(tx, user, device, 'series.migrate', {
          from: { companyId: device.companyId, groupId: device.groupId },
          to: {
            companyId: change.companyId ?? device.companyId,
            groupId: change.groupId ?? device.groupId,
          },
        });
      const handOvers = companyId ? await handOversOf(tx, found, companyId, stored.handOverJobs) : [];
      return { found, queued: await queueHandOvers(tx, handOvers) };
    });
    for (const id of devices.queued) await runHandOver(db, id);
    yield devices.found.map((device) => [
      device.serialNumber,
      names.company(device.companyId),
      names.company(companyId === undefined ? device.companyId : companyId),
      names.group(device.groupId),
      names.group(groupId === undefined ? device.groupId : groupId),
    ]);
  }
}
