import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, inArray, sql } from 'drizzle-orm';
import { companyListAnswerSchema, deviceGroupListAnswerSchema } from '@fleet/contract';
import { companies, deviceGroups, series } from '../../db/schema.ts';
import { signedInUser } from '../../lib/request.ts';
import { companyScope } from '../../lib/scope.ts';

/**
 * The companies and device groups that forms and filters offer: internal members see them all; anybody
 * else their own company, and the groups of its devices.
 */
export async function directoryRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const tags = ['directory'];

  routes.get(
    '/api/Companies',
    {
      config: { access: 'signed-in' },
      schema: {
        operationId: 'listCompanies',
        tags,
        summary: 'Companies by name (customers and partners: their own)',
        response: { 200: companyListAnswerSchema },
      },
    },
    async (request) => ({
      companies: await db()
        .select({
          id: companies.id,
          code: companies.code,
          name: companies.name,
          country: companies.country,
          kind: companies.kind,
        })
        .from(companies)
        .where(companyScope(signedInUser(request), companies.id))
        .orderBy(asc(companies.name)),
    }),
  );

  routes.get(
    '/api/DeviceGroups',
    {
      config: { access: 'signed-in' },
      schema: {
        operationId: 'listDeviceGroups',
        tags,
        summary: "Device groups by name (customers and partners: their devices' groups)",
        response: { 200: deviceGroupListAnswerSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const scope = companyScope(user, series.companyId);
      const ofTheirDevices = db()
        .selectDistinct({ id: series.groupId })
        .from(series)
        .where(scope ?? sql`true`);
      return {
        groups: await db()
          .select({ id: deviceGroups.id, name: deviceGroups.name })
          .from(deviceGroups)
          .where(scope ? inArray(deviceGroups.id, ofTheirDevices) : undefined)
          .orderBy(asc(deviceGroups.name)),
      };
    },
  );
}
