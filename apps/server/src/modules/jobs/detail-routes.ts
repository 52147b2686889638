import { Readable } from 'node:stream';
import { createGzip, constants as zlib } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EDITABLE_JOB_TAGS,
  GRAPH_FILE_MAX_BYTES,
  JOB_LAYOUT_VERSION,
  JOB_PICTURE_SORT_COLUMNS,
  PICTURE_MAX_BYTES,
  jobDetailAnswerSchema,
  jobEditSchema,
  jobGraphListAnswerSchema,
  jobGraphSchema,
  jobGraphSummarySchema,
  jobPictureListAnswerSchema,
  jobPictureSchema,
  jobSchema,
  jobTemplateListAnswerSchema,
  jobTemplateSchema,
  pictureMetadataSchema,
  type JobEdit,
  type JobGraph,
} from '@fleet/contract';
import { badRequest } from '../../lib/errors.ts';
import {
  ListQuery,
  listQuerySchema,
  offsetPagingParameters,
  type QueryParameter,
} from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import { fileContent } from '../../lib/route-docs.ts';
import { editJob, jobDetail } from './detail.ts';
import { graphJson } from './graph-file.ts';
import {
  checkFileName,
  findGraph,
  getPicture,
  listGraphs,
  listPictures,
  storeGraph,
  storePicture,
} from './media.ts';
import { deleteTemplate, getTemplate, listTemplates, saveTemplate } from './templates.ts';

const tags = ['job detail'];
const jobId = z.object({ id: z.string().min(1).max(20) });
const templateName = z.object({ name: z.string().max(200) });
const PICTURE_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(JOB_PICTURE_SORT_COLUMNS),
  { name: 'Search', description: 'Text found in the file name or a metadata value (case-insensitive).' },
];

/** The job detail of jobs spec §2: the job, its edits, its layouts, graphs and pictures (docs/job-detail.md). */
export async function jobDetailRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  routes.get(
    '/api/Jobs/JobDetail/:id',
    {
      config: { access: { feature: 'JOBS.LIST' } },
      schema: {
        operationId: 'getJobDetail',
        tags,
        summary: 'A job with what its page shows beside it: archived or not, graph and picture counts, edits',
        params: jobId,
        response: { 200: jobDetailAnswerSchema },
      },
    },
    async (request) => ({ data: await jobDetail(db(), signedInUser(request), request.params.id) }),
  );

  routes.get(
    '/api/Jobs/EditableTags',
    {
      config: { access: { feature: 'JOBS.LIST' } },
      schema: {
        operationId: 'listEditableJobTags',
        tags,
        summary: 'The tags a person may change on a job (with the JOBS.EDIT feature)',
        response: { 200: z.array(z.string()) },
      },
    },
    async () => EDITABLE_JOB_TAGS,
  );

  routes.patch(
    '/api/Jobs/:id',
    {
      config: { access: { feature: 'JOBS.EDIT' }, audit: { actions: ['job.edit'] } },
      schema: {
        operationId: 'editJob',
        tags,
        summary:
          "Changes a job's editable tags; null or an empty text removes one. Recorded with who and when",
        description: `Editable tags: ${EDITABLE_JOB_TAGS.join(', ')}. Archived jobs are read-only (409).`,
        params: jobId,
        body: jobEditSchema,
        response: { 200: jobSchema },
      },
    },
    async (request) => editJob(db(), signedInUser(request), request.params.id, request.body as JobEdit),
  );

  routes.get(
    '/api/Jobs/template',
    {
      config: { access: { feature: 'JOBS.LIST' } },
      schema: {
        operationId: 'listJobTemplates',
        tags,
        summary: 'The report layouts, by name (the built-in default is not among them unless saved)',
        response: { 200: jobTemplateListAnswerSchema },
      },
    },
    async () => ({ data: await listTemplates(db()) }),
  );

  routes.get(
    '/api/Jobs/template/:name',
    {
      config: { access: { feature: 'JOBS.LIST' } },
      schema: {
        operationId: 'getJobTemplate',
        tags,
        summary: 'One report layout by name (without regard to case)',
        params: templateName,
        response: { 200: jobTemplateSchema },
      },
    },
    async (request) => getTemplate(db(), request.params.name),
  );

  routes.post(
    '/api/Jobs/template/:name',
    {
      config: {
        access: { feature: 'JOBS.EDIT_LAYOUT' },
        audit: { actions: ['job-template.create', 'job-template.update'] },
      },
      schema: {
        operationId: 'saveJobTemplate',
        tags,
        summary: 'Creates a report layout, or updates the one its id names',
        description:
          `Body: {id?, version: ${JOB_LAYOUT_VERSION}, data: sections}. Without an id a name in use is a 409 ` +
          "('<name> is an already existing template'). The layout is checked with the console's import rules: " +
          'a 400 names each problem by section, line and tag index.',
        params: templateName,
        body: z.looseObject({ id: z.uuid().optional(), version: z.unknown(), data: z.unknown() }),
        response: { 200: jobTemplateSchema },
      },
    },
    async (request) => saveTemplate(db(), signedInUser(request), request.params.name, request.body),
  );

  routes.delete(
    '/api/Jobs/template/:name',
    {
      config: {
        access: { feature: 'JOBS.EDIT_LAYOUT' },
        audit: { actions: ['job-template.delete'] },
      },
      schema: {
        operationId: 'deleteJobTemplate',
        tags,
        summary: 'Deletes a report layout; without a saved default, consoles use the built-in one',
        params: templateName,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteTemplate(db(), signedInUser(request), request.params.name);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/api/Jobs/:id/Graphs',
    {
      config: { access: { feature: 'JOBS.LIST' } },
      schema: {
        operationId: 'listJobGraphs',
        tags,
        summary: "A job's graph files, in the order they were recorded",
        params: jobId,
        response: { 200: jobGraphListAnswerSchema },
      },
    },
    async (request) => listGraphs(db(), signedInUser(request), request.params.id),
  );

  routes.get(
    '/api/Jobs/Graphs/:graphId',
    {
      config: { access: { feature: 'JOBS.LIST' } },
      schema: {
        operationId: 'getJobGraph',
        tags,
        summary: "A graph's curves with all their points, written as they are read (gzip when accepted)",
        params: z.object({ graphId: z.string().min(1).max(20) }),
        response: { 200: jobGraphSchema },
      },
    },
    async (request, reply) => {
      const { summary, mediaKey } = await findGraph(db(), signedInUser(request), request.params.graphId);
      const file = await app.media.get(mediaKey);
      const json = Readable.from(graphJson(summary, file), { objectMode: false });
      reply.type('application/json; charset=utf-8').header('cache-control', 'private, max-age=300');
      // A stream is sent as it is, not serialized: the schema above documents what it writes.
      const send = (stream: Readable) => reply.send(stream as unknown as JobGraph);
      if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return send(json);
      // The fastest level: a million points shrink about three times at a fraction of the time of level 6.
      const gzip = createGzip({ level: zlib.Z_BEST_SPEED });
      json.on('error', (error) => gzip.destroy(error));
      reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
      return send(json.pipe(gzip));
    },
  );

  routes.get(
    '/api/jobs/:id/pictures',
    {
      config: { access: { feature: 'JOBS.LIST' } },
      schema: {
        operationId: 'listJobPictures',
        tags,
        summary:
          "A job's pictures by Name (default) or PostedDate, searched, paged; links expire after 15 minutes",
        params: jobId,
        querystring: listQuerySchema(PICTURE_QUERY),
        response: { 200: jobPictureListAnswerSchema },
      },
    },
    async (request) =>
      listPictures(
        db(),
        app.media,
        signedInUser(request),
        request.params.id,
        new ListQuery(request.query, PICTURE_QUERY),
      ),
  );

  routes.get(
    '/api/jobs/:id/pictures/:pictureId',
    {
      config: { access: { feature: 'JOBS.LIST' } },
      schema: {
        operationId: 'getJobPicture',
        tags,
        summary: 'One picture of a job, with a fresh link',
        params: jobId.extend({ pictureId: z.string().min(1).max(20) }),
        response: { 200: jobPictureSchema },
      },
    },
    async (request) =>
      getPicture(db(), app.media, signedInUser(request), request.params.id, request.params.pictureId),
  );

  await app.register(deviceJobMediaRoutes);
}

/** What a device adds to one of its jobs: graph files and pictures. */
async function deviceJobMediaRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: GRAPH_FILE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser(
    ['image/png', 'image/jpeg'],
    { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const deviceTags = ['device protocol'];

  routes.post(
    '/api/devices/jobs/:id/graphs',
    {
      config: { access: 'device' },
      bodyLimit: GRAPH_FILE_MAX_BYTES,
      schema: {
        operationId: 'uploadJobGraph',
        tags: deviceTags,
        summary: 'A device adds a graph file to one of its jobs: body text/csv, X then one column per curve',
        consumes: ['text/csv'],
        ownBody: z
          .string()
          .max(GRAPH_FILE_MAX_BYTES)
          .describe('The graph as CSV: a header row naming X and the curves, then one row per point'),
        params: jobId,
        querystring: z.object({
          fileName: z.string().max(200),
          beginDate: z.iso.datetime().optional(),
          workflow: z.string().trim().min(1).max(64).optional(),
        }),
        response: { 201: jobGraphSummarySchema },
      },
    },
    async (request, reply) => {
      if (typeof request.body !== 'string') throw badRequest('body: must be a CSV text (text/csv)');
      const graph = await storeGraph(db(), app.media, request.device!, request.params.id, {
        fileName: checkFileName(request.query.fileName),
        csv: request.body,
        beginDate: request.query.beginDate ? new Date(request.query.beginDate) : undefined,
        workflow: request.query.workflow,
      });
      return reply.status(201).send(graph);
    },
  );

  routes.post(
    '/api/devices/jobs/:id/pictures',
    {
      config: { access: 'device' },
      schema: {
        operationId: 'uploadJobPicture',
        tags: deviceTags,
        summary: 'A device adds a picture to one of its jobs: body image/png or image/jpeg',
        description: 'Metadata in the x-picture-metadata header: a JSON object of up to 32 texts by name.',
        consumes: ['image/png', 'image/jpeg'],
        ownBody: fileContent(`The picture, a PNG or JPEG image of at most ${PICTURE_MAX_BYTES} bytes`),
        params: jobId,
        querystring: z.object({ fileName: z.string().max(200) }),
        headers: z.looseObject({ 'x-picture-metadata': z.string().max(8192).optional() }),
        response: { 201: jobPictureSchema },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw badRequest('body: must be a PNG or JPEG image');
      const picture = await storePicture(db(), app.media, request.device!, request.params.id, {
        fileName: checkFileName(request.query.fileName),
        bytes: request.body,
        metadata: parseMetadata(request.headers['x-picture-metadata']),
      });
      return reply.status(201).send(picture);
    },
  );
}

function parseMetadata(header: string | string[] | undefined): Record<string, string> {
  if (header === undefined) return {};
  const fail = (message: string) =>
    badRequest(`headers.x-picture-metadata: ${message}`, [{ field: 'headers.x-picture-metadata', message }]);
  let value: unknown;
  try {
    value = JSON.parse(String(header));
  } catch {
    throw fail('must be a JSON object');
  }
  const parsed = pictureMetadataSchema.safeParse(value);
  if (!parsed.success) throw fail(parsed.error.issues[0]?.message ?? 'is not valid');
  return parsed.data;
}
