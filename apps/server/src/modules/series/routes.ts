import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  seriesFilterSuggestionsSchema,
  seriesListAnswerSchema,
  seriesSimpleListAnswerSchema,
} from '@fleet/contract';
import { rawQuerySchema } from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import { filterSuggestions, listSeries } from './service.ts';

const LIST_DESCRIPTION =
  'Query: PageNumber, PageSize (10, 20, 40, 60, 80, 100), SortColumnName (Id, SerialNumber, ActivationDate, RegistrationDate, Country, Description, DealerCode), SortOrder (ASC, DESC), Search, StatusFilter (Online, Offline), FilterOnStatus, TypeFilter, MakerFilter, SoftwareVersionFilter, DatabaseVersionFilter, DealerCodeFilter; internal members also SerieStatusFilter, Group, EarlyAccessFilter (activated, disabled), FilterOnEarlyAccess, OfficialStore_Id, OfficialStoreCode. Repeat a key for several values.';

export async function seriesRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const aliveSince = () => new Date(Date.now() - app.config.heartbeatAliveSeconds * 1000);

  routes.get(
    '/api/Series/User',
    {
      config: { access: { feature: 'SERIES.LIST' } },
      schema: {
        tags: ['series'],
        summary: 'Devices the user may see, filtered, sorted and paged',
        description: LIST_DESCRIPTION,
        querystring: rawQuerySchema,
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
        tags: ['series'],
        summary: 'The same list with serial number, description and status only',
        description: LIST_DESCRIPTION,
        querystring: rawQuerySchema,
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
        tags: ['series'],
        summary: 'Values the filter tokens can take (at most 1,000 each)',
        response: { 200: seriesFilterSuggestionsSchema },
      },
    },
    async (request) => filterSuggestions(app.database.db, signedInUser(request)),
  );
}
