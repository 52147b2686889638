import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  JOB_API_VERSION_HEADER,
  JOB_API_VERSIONS,
  JOB_LIST_FEATURES,
  archivedJobListAnswerSchema,
  jobApiVersion,
  jobAssociationListAnswerSchema,
  jobCountAnswerSchema,
  jobFiltersAnswerSchema,
  jobListAnswerSchema,
  jobListAnswerV1Schema,
  jobSchema,
  type JobApiVersion,
  type JobListKind,
} from '@fleet/contract';
import { badRequest } from '../../lib/errors.ts';
import { cursorPagedAnswer, sendPagingHeaders } from '../../lib/keyset.ts';
import { listQuerySchema } from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import { ASSOCIATION_QUERY, listAssociations } from './associations.ts';
import {
  JOB_QUERY,
  countJobsFor,
  getJob,
  jobFilterDeviceTypes,
  jobFilterGroups,
  jobFilterUsers,
  listJobs,
} from './service.ts';

const tags = ['jobs'];
const listQuery = listQuerySchema(JOB_QUERY);
const versionHeaders = z.looseObject({
  [JOB_API_VERSION_HEADER]: z
    .string()
    .max(10)
    .optional()
    .meta({ description: `Answer version: ${JOB_API_VERSIONS.join(' (default) or ')}.` }),
});
const LIST_DESCRIPTION =
  'Paging links in the x-paging-* response headers, and under the names of the spec (argosFirstPage, argosHasNext…). Parameter names and values are read without regard to case; ' +
  'a value out of its range, or an operator the list does not offer, is a 400 naming the parameter.';

function versionOf(request: FastifyRequest): JobApiVersion {
  const header = request.headers[JOB_API_VERSION_HEADER];
  const version = jobApiVersion(Array.isArray(header) ? header[0] : header);
  if (!version)
    throw badRequest(`Invalid version header: must be ${JOB_API_VERSIONS.join(' or ')}`, [
      {
        field: `headers.${JOB_API_VERSION_HEADER}`,
        message: `must be ${JOB_API_VERSIONS.join(' or ')}`,
        rule: { kind: 'choice' },
      },
    ]);
  return version;
}

export async function jobRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  for (const kind of ['LIVE', 'SYNTHETIC'] as const satisfies readonly JobListKind[]) {
    const synthetic = kind === 'SYNTHETIC';
    const path = synthetic ? '/api/Jobs/synthetic' : '/api/Jobs';
    const feature = JOB_LIST_FEATURES[kind];
    const what = synthetic ? 'Synthetic jobs' : 'Jobs';

    routes.get(
      path,
      {
        config: { access: { feature } },
        schema: {
          operationId: synthetic ? 'listSyntheticJobs' : 'listJobs',
          tags,
          summary: `${what} the user may see, filtered, sorted (newest begin date first) and cursor-paged`,
          description: `${LIST_DESCRIPTION} Version 2.0 answers {data}; 1.0 answers {jobs, totalCount} (a count bounded as on /count).`,
          headers: versionHeaders,
          querystring: listQuery,
          response: { 200: cursorPagedAnswer(z.union([jobListAnswerSchema, jobListAnswerV1Schema])) },
        },
      },
      async (request, reply) => {
        const version = versionOf(request);
        const user = signedInUser(request);
        const page = await listJobs(db(), request.query, user, kind);
        sendPagingHeaders(reply, page.paging);
        if (version === '2.0') return { data: page.jobs };
        const { data } = await countJobsFor(db(), request.query, user, kind);
        return { jobs: page.jobs, totalCount: data };
      },
    );

    routes.get(
      `${path}/count`,
      {
        config: { access: { feature } },
        schema: {
          operationId: synthetic ? 'countSyntheticJobs' : 'countJobs',
          tags,
          summary: `How many ${what.toLowerCase()} match the filters (exact up to 100,000, then exact is false)`,
          querystring: listQuery,
          response: { 200: jobCountAnswerSchema },
        },
      },
      async (request) => countJobsFor(db(), request.query, signedInUser(request), kind),
    );
  }

  routes.get(
    '/api/jobs/archived-jobs',
    {
      config: { access: { feature: JOB_LIST_FEATURES.ARCHIVED } },
      schema: {
        operationId: 'listArchivedJobs',
        tags,
        summary: 'Archived jobs (begun before the retention period), filtered, sorted and cursor-paged',
        description: `${LIST_DESCRIPTION} The almost operator is not offered.`,
        querystring: listQuery,
        response: { 200: cursorPagedAnswer(archivedJobListAnswerSchema) },
      },
    },
    async (request, reply) => {
      const page = await listJobs(db(), request.query, signedInUser(request), 'ARCHIVED');
      sendPagingHeaders(reply, page.paging);
      return { data: { data: page.jobs } };
    },
  );

  routes.get(
    '/api/jobs/archived-jobs/count',
    {
      config: { access: { feature: JOB_LIST_FEATURES.ARCHIVED } },
      schema: {
        operationId: 'countArchivedJobs',
        tags,
        summary: 'How many archived jobs match the filters (exact up to 100,000, then exact is false)',
        querystring: listQuery,
        response: { 200: jobCountAnswerSchema },
      },
    },
    async (request) => countJobsFor(db(), request.query, signedInUser(request), 'ARCHIVED'),
  );

  routes.get(
    '/api/jobs/jobs-associations',
    {
      config: { access: { feature: 'JOBS.LIST.ASSOCIATIONS' } },
      schema: {
        operationId: 'listJobAssociations',
        tags,
        summary: 'Job associations, newest first by default, cursor-paged',
        description: LIST_DESCRIPTION,
        querystring: listQuerySchema(ASSOCIATION_QUERY),
        response: { 200: cursorPagedAnswer(jobAssociationListAnswerSchema) },
      },
    },
    async (request, reply) => {
      const page = await listAssociations(db(), request.query);
      sendPagingHeaders(reply, page.paging);
      return { data: { data: page.data } };
    },
  );

  const filters = jobFiltersAnswerSchema.shape;
  const lookup = (operationId: string, summary: string, answer: z.ZodType) => ({
    config: { access: { feature: 'JOBS.LIST' as const } },
    schema: { operationId, tags, summary, response: { 200: answer } },
  });
  routes.get(
    '/api/Jobs/Filters/Users',
    lookup(
      'listJobUsers',
      'Device users who ran jobs the user may see (at most 1000)',
      z.object({ users: filters.users }),
    ),
    async (request) => jobFilterUsers(db(), signedInUser(request)),
  );
  routes.get(
    '/api/Jobs/Filters/DevicesTypes',
    lookup(
      'listJobDeviceTypes',
      'Types of the devices the user may see',
      z.object({ devicesTypes: filters.devicesTypes }),
    ),
    async (request) => jobFilterDeviceTypes(db(), signedInUser(request)),
  );
  routes.get(
    '/api/Jobs/Filters/Groups',
    lookup(
      'listJobGroups',
      'Device groups (internal members only; others get none)',
      z.object({ groups: filters.groups }),
    ),
    async (request) => jobFilterGroups(db(), signedInUser(request)),
  );

  routes.get(
    '/api/Jobs/:id',
    {
      config: { access: { feature: 'JOBS.LIST' } },
      schema: {
        operationId: 'getJob',
        tags,
        summary: 'One job, live or archived, by its id',
        headers: versionHeaders,
        params: z.object({ id: z.string().min(1).max(20) }),
        response: { 200: jobSchema },
      },
    },
    async (request) => {
      versionOf(request);
      return getJob(db(), signedInUser(request), request.params.id);
    },
  );
}
