import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { meSchema, usableFeatures } from '@fleet/contract';
import { companies } from '../../db/schema.ts';
import { signedInUser } from '../../lib/request.ts';

export async function meRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/me',
    {
      config: { access: 'signed-in' },
      schema: {
        operationId: 'getMe',
        tags: ['session'],
        summary: 'The signed-in user and the features usable by them',
        response: { 200: meSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const [company] = user.companyId
        ? await app.database.db
            .select({ id: companies.id, name: companies.name })
            .from(companies)
            .where(eq(companies.id, user.companyId))
        : [];
      return {
        sub: user.id,
        name: user.name,
        email: user.email,
        roles: user.roles,
        scopes: user.scopes,
        features: usableFeatures(user.roles, app.config.disabledFeatures),
        company: company ?? null,
        wholeFleet: user.wholeFleet,
      };
    },
  );
}
