import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { AuditAction, FeatureCode, RoleCode } from '@fleet/contract';
import type { Db } from '../db/client.ts';
import type { SignedInUser } from '../plugins/auth.ts';
import { signedInUser } from './request.ts';
import { fileContent } from './route-docs.ts';

/** Generic zod schemas leave fastify nothing to infer: the compilers check them all the same. */
const schemaOf = (schema: FastifySchema & { operationId: string; tags: string[]; summary: string }) =>
  schema as FastifySchema;

type Rows<B extends z.ZodType> = z.output<B> extends { rows: infer R } ? R : never;

/** One table import: what its file holds, who reads and writes it, and the module's own checks. */
export interface TableImport<
  Preview extends z.ZodObject<{ columns: z.ZodType; rows: z.ZodType }>,
  Body extends z.ZodObject<{ rows: z.ZodType }>,
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
  Preview extends z.ZodObject<{ columns: z.ZodType; rows: z.ZodType }>,
  Body extends z.ZodObject<{ rows: z.ZodType }>,
  Answer extends z.ZodType,
>(app: FastifyInstance, spec: TableImport<Preview, Body, Answer>) {
  const db = () => app.database.db;
  const { access } = spec;
  const rowsOf = (body: unknown) => (body as { rows: Rows<Body> }).rows;
  app.post(
    `${spec.path}/Preview`,
    {
      config: { access, audit: { none: 'a preview writes nothing' } },
      schema: schemaOf({
        operationId: spec.operationIds.preview,
        tags: spec.tags,
        summary: `Reads a ${spec.records} file and checks every row; writes nothing`,
        description: `multipart/form-data with a part named file: ${spec.fileDescription} A problem of the file is a 400; problems of rows are in the answer, by row and column.`,
        consumes: ['multipart/form-data'],
        ownBody: z.object({ file: fileContent(spec.fileDescription) }),
        response: { 200: spec.schemas.preview },
      }),
    },
    async (request) => {
      const { columns, rows } = await spec.read(request);
      return { columns, rows: await spec.check(db(), signedInUser(request), rows) };
    },
  );
  app.post(
    `${spec.path}/Check`,
    {
      config: { access, audit: { none: 'a check writes nothing' } },
      schema: schemaOf({
        operationId: spec.operationIds.check,
        tags: spec.tags,
        summary: `Checks rows of a ${spec.records} file again (after fixing some); writes nothing`,
        body: spec.schemas.body,
        response: { 200: spec.schemas.preview.pick({ rows: true }) },
      }),
    },
    async (request) => ({ rows: await spec.check(db(), signedInUser(request), rowsOf(request.body)) }),
  );
  app.post(
    spec.path,
    {
      config: {
        access: spec.writers ? { ...access, roles: spec.writers } : access,
        audit: { actions: spec.audit },
      },
      schema: schemaOf({
        operationId: spec.operationIds.commit,
        tags: spec.tags,
        summary: `Imports rows of a ${spec.records} file, all or none`,
        description: `Every row is checked again; any problem answers 400 with details by row (rows.<row>.<column>) and writes nothing. ${spec.commitDescription}`,
        body: spec.schemas.body,
        response: { 200: spec.schemas.answer },
      }),
    },
    async (request) => spec.commit(db(), signedInUser(request), rowsOf(request.body)),
  );
}
