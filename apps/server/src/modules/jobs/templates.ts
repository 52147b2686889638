import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_TEMPLATE_NAME,
  TEMPLATE_NAME_MAX_LENGTH,
  TEMPLATE_NAME_PATTERN,
  layoutProblemField,
  layoutProblemMessage,
  parseLayout,
  type JobTemplate,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { jobTemplates } from '../../db/schema.ts';
import { databaseErrorOf } from '../../lib/database-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';

type TemplateRow = typeof jobTemplates.$inferSelect;

function toTemplate(row: TemplateRow): JobTemplate {
  const layout = row.layout as unknown as Pick<JobTemplate, 'version' | 'data'>;
  return {
    id: row.id,
    name: row.name,
    version: layout.version,
    data: layout.data,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

const byName = (name: string) => sql`lower(${jobTemplates.name}) = lower(${name})`;

export async function listTemplates(db: Db): Promise<JobTemplate[]> {
  const rows = await db.select().from(jobTemplates).orderBy(asc(jobTemplates.name));
  return rows.map(toTemplate);
}

export async function getTemplate(db: Db, name: string): Promise<JobTemplate> {
  const [row] = await db.select().from(jobTemplates).where(byName(name));
  if (!row) throw notFound(`No template ${name}`);
  return toTemplate(row);
}

/** A template's name as the path gives it: the rules of jobs spec §5, in its words. */
function checkedName(raw: string): string {
  const name = raw.trim();
  const field = (message: string) => badRequest(message, [{ field: 'path.name', message }]);
  if (name === '') throw field("The name field can't be empty");
  if (name.length > TEMPLATE_NAME_MAX_LENGTH)
    throw field(`The name must be at most ${TEMPLATE_NAME_MAX_LENGTH} characters`);
  if (!TEMPLATE_NAME_PATTERN.test(name))
    throw field(
      'The name must start with a letter or digit and hold letters, digits, spaces, dots, dashes or underscores',
    );
  return name;
}

/**
 * Creates a template, or updates the one `id` names (jobs spec §7 POST). Without an id, a name in use is
 * refused with the spec's words; `default` may be created while the server has none, which is how the
 * built-in default becomes an edited one. The layout is checked with the console's import rules.
 */
export async function saveTemplate(
  db: Db,
  user: SignedInUser,
  rawName: string,
  body: { id?: string | undefined; version?: unknown; data?: unknown },
): Promise<JobTemplate> {
  const name = checkedName(rawName);
  const parsed = parseLayout({ version: body.version, data: body.data });
  if (!parsed.layout) {
    const message = parsed.problems.map(layoutProblemMessage).join('; ');
    throw badRequest(
      message,
      parsed.problems.map((problem) => ({
        field: layoutProblemField(problem),
        message: layoutProblemMessage(problem),
      })),
    );
  }
  const layout = parsed.layout as unknown as Record<string, unknown>;
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(jobTemplates).where(byName(name)).for('update');
    let row: TemplateRow | undefined;
    if (body.id === undefined) {
      if (existing)
        throw conflict(`${existing.name} is an already existing template`, [
          { field: 'path.name', message: 'is an already existing template', rule: { kind: 'taken' } },
        ]);
      try {
        [row] = await tx
          .insert(jobTemplates)
          .values({ id: randomUUID(), name, layout, updatedBy: user.name })
          .returning();
      } catch (error) {
        // Another request created it between the read and the write.
        if (databaseErrorOf(error)?.code === '23505')
          throw conflict(`${name} is an already existing template`);
        throw error;
      }
    } else {
      if (!existing || existing.id !== body.id) throw notFound(`No template ${name} with id ${body.id}`);
      [row] = await tx
        .update(jobTemplates)
        .set({ layout, updatedBy: user.name, updatedAt: new Date() })
        .where(eq(jobTemplates.id, existing.id))
        .returning();
    }
    await recordAudit(tx, user, {
      action: body.id === undefined ? 'job-template.create' : 'job-template.update',
      subjectType: 'job-template',
      subjectId: name,
      details: { sections: parsed.layout.data.length },
    });
    return toTemplate(row!);
  });
}

/** Deletes a template; deleting `default` brings every user back to the built-in default. */
export async function deleteTemplate(db: Db, user: SignedInUser, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(jobTemplates).where(byName(name)).returning();
    if (!row) throw notFound(`No template ${name}`);
    await recordAudit(tx, user, {
      action: 'job-template.delete',
      subjectType: 'job-template',
      subjectId: row.name,
      details: { layout: row.layout, builtInDefault: row.name.toLowerCase() === DEFAULT_TEMPLATE_NAME },
    });
  });
}
