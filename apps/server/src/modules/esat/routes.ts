import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ESAT_ENTRY_ROLES,
  ESAT_IMPORT_FIXED_COLUMNS,
  ESAT_IMPORT_MAX_BYTES,
  ESAT_IMPORT_MAX_ROWS,
  esatAnswerListAnswerSchema,
  esatEntryBodySchema,
  esatImportAnswerSchema,
  esatImportBodySchema,
  esatImportPreviewSchema,
  esatOptionsAnswerSchema,
  esatStatisticsAnswerSchema,
  idParamSchema,
  surveyListAnswerSchema,
  surveySchema,
} from '@fleet/contract';
import { listQuerySchema } from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import { tableImportRoutes } from '../table-imports/routes.ts';
import { listExportRoute } from '../tasks/list-export.ts';
import { answerSurvey } from './answers.ts';
import { esatAnswersExportSource } from './export.ts';
import { checkEsatImport, importResults, readResultsFile } from './import.ts';
import { ANSWER_QUERY, SURVEY_QUERY, esatOptions, getSurvey, listAnswers, listSurveys } from './service.ts';
import { STATISTICS_QUERY, esatStatistics } from './statistics.ts';

const tags = ['statistics'];
const RESULTS_FILE = `A CSV (comma or semicolon) or XLSX file of at most ${ESAT_IMPORT_MAX_ROWS} surveys and ${ESAT_IMPORT_MAX_BYTES / 1024 / 1024} MB, its first row naming the columns: ${ESAT_IMPORT_FIXED_COLUMNS.join(', ')} and a column per question code (a score from 1 to 5, blank when not answered).`;
const ENTERS = { feature: 'STATISTICS.ESAT', roles: ESAT_ENTRY_ROLES } as const;

/** Customer satisfaction (docs/insights.md "Statistics"): statistics, surveys, answers, entry and import. */
export async function esatRoutes(
  app: FastifyInstance,
  locale: { section: string; languages: readonly string[] },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  await app.register(multipart, { throwFileSizeLimit: false });

  routes.get(
    '/api/Esat/Options',
    {
      config: { access: { feature: 'STATISTICS.ESAT' } },
      schema: {
        operationId: 'getEsatOptions',
        tags,
        summary: "The survey's questions in their order and the service centers, to filter and enter by",
        response: { 200: esatOptionsAnswerSchema },
      },
    },
    async () => esatOptions(db()),
  );
  routes.get(
    '/api/Esat/Statistics',
    {
      config: { access: { feature: 'STATISTICS' } },
      schema: {
        operationId: 'getEsatStatistics',
        tags,
        summary:
          'Response rate and mean score of the surveys of delivered orders: overall, per month or year of delivery, per service center and per question',
        querystring: listQuerySchema(STATISTICS_QUERY),
        response: { 200: esatStatisticsAnswerSchema },
      },
    },
    async (request) => esatStatistics(db(), request.query),
  );
  routes.get(
    '/api/Esat/Surveys',
    {
      config: { access: { feature: 'STATISTICS.ESAT' } },
      schema: {
        operationId: 'listSurveys',
        tags,
        summary:
          'Surveys of delivered orders, newest delivery first (external ESAT users: those they answered and those left to answer)',
        querystring: listQuerySchema(SURVEY_QUERY),
        response: { 200: surveyListAnswerSchema },
      },
    },
    async (request) => listSurveys(db(), signedInUser(request), request.query),
  );
  routes.get(
    '/api/Esat/Surveys/:surveyId',
    {
      config: { access: { feature: 'STATISTICS.ESAT' } },
      schema: {
        operationId: 'getSurvey',
        tags,
        summary: 'A survey with its scores and comment (404 for one the user does not see)',
        params: z.object({ surveyId: idParamSchema }),
        response: { 200: surveySchema },
      },
    },
    async (request) => getSurvey(db(), signedInUser(request), request.params.surveyId),
  );
  routes.get(
    '/api/Esat/Answers',
    {
      config: { access: { feature: 'STATISTICS.ESAT' } },
      schema: {
        operationId: 'listEsatAnswers',
        tags,
        summary:
          'Each score given, newest delivery first (external ESAT users: those they entered): what a bar of the statistics is made of',
        querystring: listQuerySchema(ANSWER_QUERY),
        response: { 200: esatAnswerListAnswerSchema },
      },
    },
    async (request) => listAnswers(db(), signedInUser(request), request.query),
  );
  routes.post(
    '/api/Esat/Answers',
    {
      config: { access: ENTERS, audit: { actions: ['survey.answered'] } },
      schema: {
        operationId: 'answerSurvey',
        tags,
        summary: "Enters the answers of a delivered order's survey",
        description:
          '400 naming the field for an order that is not delivered, a question the survey does not ask, a score outside 1 to 5 or a day before the delivery; 409 when the survey is answered already.',
        body: esatEntryBodySchema,
        response: { 201: surveySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await answerSurvey(db(), signedInUser(request), request.body)),
  );
  tableImportRoutes(app, {
    path: '/api/Esat/Import',
    records: 'survey results',
    operationIds: { preview: 'previewEsatImport', check: 'checkEsatImport', commit: 'importEsatResults' },
    tags,
    access: ENTERS,
    audit: ['survey.imported'],
    schemas: { preview: esatImportPreviewSchema, body: esatImportBodySchema, answer: esatImportAnswerSchema },
    fileDescription: RESULTS_FILE,
    commitDescription: 'Otherwise every survey is answered in one transaction with its audit entry.',
    read: (request) => readResultsFile(db(), request),
    check: (database, _user, rows) => checkEsatImport(database, rows),
    commit: importResults,
  });
  listExportRoute(
    app,
    locale,
    {
      path: '/api/Esat/Answers/Export',
      operationId: 'exportEsatAnswers',
      tags,
      summary:
        'Exports the answers list (its filters and scope), a row per score, to a CSV or XLSX file, as a task',
      description:
        'Filters are those of GET /api/Esat/Answers (Search, ServiceCenter, Question, Score, From, To).',
    },
    esatAnswersExportSource,
  );
}
