import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceKeyAnswerSchema } from '@fleet/contract';
import { eq } from 'drizzle-orm';
import { series } from '../../db/schema.ts';
import { newDeviceKey } from '@fleet/device-kit/device-keys';
import { signedInUser } from '../../lib/request.ts';
import { deviceInScope } from '../series/actions.ts';
import { recordAudit } from '../audit/service.ts';

export async function deviceKeyRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/Series/:serialNumber/device-key',
    {
      config: { access: { feature: 'FACTORY' }, audit: { actions: ['series.device-key'] } },
      schema: {
        tags: ['device protocol'],
        operationId: 'issueDeviceKey',
        summary: 'Issues a new key for a device: shown this once; the previous key stops working at once',
        description:
          'The answer holds the private key to install on the device. The server keeps only its public half, so a lost key is replaced, never shown again.',
        params: z.object({ serialNumber: z.string().min(1).max(32) }),
        response: { 201: deviceKeyAnswerSchema },
      },
    },
    async (request, reply) => {
      const device = await deviceInScope(app.database.db, signedInUser(request), request.params.serialNumber);
      const { privateKey, publicKey } = newDeviceKey();
      await app.database.db.transaction(async (tx) => {
        await tx.update(series).set({ devicePublicKey: publicKey }).where(eq(series.id, device.id));
        // The public half only: the private key is in this answer and nowhere else.
        await recordAudit(tx, signedInUser(request), {
          action: 'series.device-key',
          subjectType: 'series',
          subjectId: String(device.id),
          details: { serialNumber: device.serialNumber, publicKey },
        });
      });
      request.log.info({ serialNumber: device.serialNumber }, 'device key issued');
      return reply.status(201).header('cache-control', 'no-store').send({
        serialNumber: device.serialNumber,
        deviceKey: privateKey,
        issuedAt: new Date().toISOString(),
      });
    },
  );
}
