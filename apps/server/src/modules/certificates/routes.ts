import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  certificateValidityMapSchema,
  certificateValiditySchema,
  serialNumberListSchema,
} from '@fleet/contract';
import { signedInUser } from '../../lib/request.ts';
import { certificateValidities, certificateValidity } from './service.ts';

export async function certificateRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/DeviceCertificate/Validity/:id',
    {
      config: { access: { feature: 'CERTIFICATESSTATUSES' } },
      schema: {
        operationId: 'getCertificateValidity',
        tags: ['certificates'],
        summary:
          'Calibration validity of one series (id or serial number): status Ok, Warning (30 days or less), Urgent (7 or less), Expired, or null without certificate',
        params: z.object({ id: z.string().min(1).max(32) }),
        response: { 200: certificateValiditySchema },
      },
    },
    async (request) => certificateValidity(app.database.db, signedInUser(request), request.params.id),
  );

  routes.post(
    '/api/DeviceCertificate/Validity/status',
    {
      config: {
        access: { feature: 'CERTIFICATESSTATUSES' },
        audit: { none: 'a read: the statuses of many devices' },
      },
      schema: {
        operationId: 'getCertificateValidities',
        tags: ['certificates'],
        summary:
          'Calibration validity of up to 100 series, keyed by the identifiers sent; series the user may not see are left out',
        body: serialNumberListSchema,
        response: { 200: certificateValidityMapSchema },
      },
    },
    async (request) =>
      Object.fromEntries(await certificateValidities(app.database.db, signedInUser(request), request.body)),
  );
}
