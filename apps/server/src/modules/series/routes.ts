import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  seriesFilterSuggestionsSchema,
  seriesListAnswerSchema,
  seriesSimpleListAnswerSchema,
} from '@fleet/contract';
import { listQuerySchema } from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import { listExportRoute } from '../tasks/list-export.ts';
import { seriesExportSource } from './export.ts';
import { SERIES_QUERY, filterSuggestions, listSeries } from './service.ts';

const LIST_DESCRIPTION =
  'Parameter names and values are read without regard to case; a parameter only internal members may use is a 400 for others.';
const listQuery = listQuerySchema(SERIES_QUERY);

export async function seriesRoutes(
  app: FastifyInstance,
  options: { section: string; languages: readonly string[] },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const aliveSince = () => new Date(Date.now() - app.config.heartbeatAliveSeconds * 1000);

  listExportRoute(
    app,
    options,
    {
      path: '/api/Series/User/Export',
      operationId: 'exportSeries',
      tags: ['series'],
      summary:
        'Exports the devices the list shows (its filters and scope), or a selection, to a CSV or XLSX file, as a task',
      description:
        'Filters are the list filters of GET /api/Series/User; SerialNumbers narrows to a selection made in the list.',
    },
    seriesExportSource(aliveSince),
  );

  routes.get(
    '/api/Series/User',
    {
      config: { access: { feature: 'SERIES.LIST' } },
      schema: {
        operationId: 'listSeries',
        tags: ['series'],
        summary: 'Devices the user may see, filtered, sorted and paged',
        description: LIST_DESCRIPTION,
        querystring: listQuery,
        response: { 200: seriesListAnswerSchema },
      },
    },
    async (request) => listSeries(app.database.db, request.query, signedInUser(request), aliveSince()),
  );

  routes.get(
    '/api/Series/User/SimpleList',
    {
      config: { access: { feature: 'SERIES.LIST' } },
      schema: {
        operationId: 'listSeriesSimple',
        tags: ['series'],
        summary: 'The same list with serial number, description and status only',
        description: LIST_DESCRIPTION,
        querystring: listQuery,
        response: { 200: seriesSimpleListAnswerSchema },
      },
    },
    async (request) => {
      const { series, totalCount } = await listSeries(
        app.database.db,
        request.query,
        signedInUser(request),
        aliveSince(),
      );
      return {
        series: series.map(({ id, serialNumber, description, deviceStatus }) => ({
          id,
          serialNumber,
          description,
          deviceStatus,
        })),
        totalCount,
      };
    },
  );

  routes.get(
    '/api/Series/User/FilterSuggestion',
    {
      config: { access: { feature: 'SERIES.LIST' } },
      schema: {
        operationId: 'getSeriesFilterSuggestions',
        tags: ['series'],
        summary: 'Values the filter tokens can take (at most 1,000 each)',
        response: { 200: seriesFilterSuggestionsSchema },
      },
    },
    async (request) => filterSuggestions(app.database.db, signedInUser(request)),
  );
}
