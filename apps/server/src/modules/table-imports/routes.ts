import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { IMPORT_DRAFT_HOURS, type AuditAction, type FeatureCode, type RoleCode } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { runHourly } from '../../lib/hourly.ts';
import { signedInUser } from '../../lib/request.ts';
import { fileContent } from '../../lib/route-docs.ts';
import { draftRows, forgetDraft, forgetExpiredDrafts, keepDraft, type ImportRow } from './drafts.ts';

/** Generic zod schemas leave fastify nothing to infer: the compilers check them all the same. */
const schemaOf = (schema: FastifySchema & { operationId: string; tags: string[]; summary: string }) =>
  schema as FastifySchema;

type Rows<B extends z.ZodType> = z.output<B> extends { changes: infer R } ? R : never;
type DraftBody = { draft: string; changes: ImportRow[] };

/** One table import: what its file holds, who reads and writes it, and the module's own checks. */
export interface TableImport<
  Preview extends z.ZodObject<{ draft: z.ZodType; columns: z.ZodType; rows: z.ZodType }>,
  Body extends z.ZodObject<{ draft: z.ZodType; changes: z.ZodType }>,
  Answer extends z.ZodType,
> {
  /** `/api/Store/Import`: the preview and the check are under it. */
  path: string;
  /** The records of a file, as the summaries name them: `stores`, `vehicles`. */
  records: string;
  operationIds: { preview: string; check: string; commit: string };
  tags: string[];
  /** Who may read and check a file: the feature's holders, or some of them. */
  access: { feature: FeatureCode; roles?: readonly RoleCode[] };
  /** Who may import, where fewer than those who check (the others may check a file). */
  writers?: readonly RoleCode[];
  audit: readonly AuditAction[];
  schemas: { preview: Preview; body: Body; answer: Answer };
  /** What the file is: its format, columns and bounds. */
  fileDescription: string;
  /** What an import writes, after "all or none". */
  commitDescription: string;
  read: (request: FastifyRequest) => Promise<{ columns: string[]; rows: Rows<Body> }>;
  check: (db: Db, user: SignedInUser, rows: Rows<Body>) => Promise<z.input<Preview>['rows']>;
  commit: (db: Db, user: SignedInUser, rows: Rows<Body>) => Promise<z.input<Answer>>;
}

/**
 * `POST <path>/Preview` (a file read and every row checked), `POST <path>/Check` (rows checked again after
 * the user fixed some) and `POST <path>` (all rows written, or none): the one shape of every table import.
 */
export function tableImportRoutes<
  Preview extends z.ZodObject<{ draft: z.ZodType; columns: z.ZodType; rows: z.ZodType }>,
  Body extends z.ZodObject<{ draft: z.ZodType; changes: z.ZodType }>,
  Answer extends z.ZodType,
>(app: FastifyInstance, spec: TableImport<Preview, Body, Answer>) {
  const db = () => app.database.db;
  const { access } = spec;
  /** The previewed file's rows, with the user's changes. */
  const rowsOf = async (request: FastifyRequest) => {
    const { draft, changes } = request.body as DraftBody;
    const rows = await draftRows(db(), signedInUser(request).id, spec.path, draft, changes);
    return rows as Rows<Body>;
  };
  app.post(
    `${spec.path}/Preview`,
    {
      config: { access, audit: { none: 'a preview writes nothing' }, errors: [429] },
      schema: schemaOf({
        operationId: spec.operationIds.preview,
        tags: spec.tags,
        summary: `Reads a ${spec.records} file and checks every row; writes nothing`,
        description: `multipart/form-data with a part named file: ${spec.fileDescription} A problem of the file is a 400; problems of rows are in the answer, by row and column. The file's rows are kept ${IMPORT_DRAFT_HOURS} hours after its last check under the answer's draft id, which the check and the import name.`,
        consumes: ['multipart/form-data'],
        ownBody: z.object({ file: fileContent(spec.fileDescription) }),
        response: { 200: spec.schemas.preview },
      }),
    },
    async (request) => {
      const { columns, rows } = await spec.read(request);
      const user = signedInUser(request);
      const draft = await keepDraft(db(), user.id, spec.path, rows as ImportRow[]);
      return { draft, columns, rows: await spec.check(db(), user, rows) };
    },
  );
  app.post(
    `${spec.path}/Check`,
    {
      config: { access, audit: { none: 'a check writes nothing' }, errors: [404] },
      schema: schemaOf({
        operationId: spec.operationIds.check,
        tags: spec.tags,
        summary: `Checks a previewed ${spec.records} file again, with the rows the user changed; writes nothing`,
        body: spec.schemas.body,
        response: { 200: spec.schemas.preview.pick({ rows: true }) },
      }),
    },
    async (request) => ({ rows: await spec.check(db(), signedInUser(request), await rowsOf(request)) }),
  );
  app.post(
    spec.path,
    {
      config: {
        access: spec.writers ? { ...access, roles: spec.writers } : access,
        audit: { actions: spec.audit },
        errors: [404],
      },
      schema: schemaOf({
        operationId: spec.operationIds.commit,
        tags: spec.tags,
        summary: `Imports a previewed ${spec.records} file, with the rows the user changed: all rows or none`,
        description: `Every row is checked again; any problem answers 400 with details by row (rows.<row>.<column>) and writes nothing. An imported file is no longer kept. ${spec.commitDescription}`,
        body: spec.schemas.body,
        response: { 200: spec.schemas.answer },
      }),
    },
    async (request) => {
      const answer = await spec.commit(db(), signedInUser(request), await rowsOf(request));
      await forgetDraft(db(), (request.body as DraftBody).draft);
      return answer;
    },
  );
}

/** Previewed files past their time are removed every hour. */
export function tableImportUpkeep(app: FastifyInstance) {
  runHourly(app, 'removing expired import previews', async () => {
    await forgetExpiredDrafts(app.database.db);
  });
}
