import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DELETE_SCREENSHOT_ROLES,
  SCREENSHOT_MAX_BYTES,
  screenshotListAnswerSchema,
  MAX_ID,
} from '@fleet/contract';
import { badRequest } from '../../lib/errors.ts';
import { signedInUser } from '../../lib/request.ts';
import { fileContent } from '../../lib/route-docs.ts';
import { deleteScreenshot, isPng, listScreenshots, storeScreenshot } from './service.ts';

export async function screenshotRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  app.addContentTypeParser(
    'image/png',
    { parseAs: 'buffer', bodyLimit: SCREENSHOT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  routes.get(
    '/api/Screenshots/:serialNumber',
    {
      config: { access: { feature: 'SERIES.DETAILS.SCREENSHOTS' } },
      schema: {
        operationId: 'listScreenshots',
        tags: ['screenshots'],
        summary: "A device's screenshots, newest first by default; mediaLink expires after 15 minutes",
        params: z.object({ serialNumber: z.string().min(1).max(32) }),
        querystring: z.object({
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
          pageNumber: z.coerce.number().int().min(1).max(MAX_ID).default(1),
          sortColumnName: z.string().max(32).optional(),
          sortOrder: z.string().max(8).optional(),
        }),
        response: { 200: screenshotListAnswerSchema },
      },
    },
    async (request) =>
      listScreenshots(db(), app.media, signedInUser(request), request.params.serialNumber, request.query),
  );

  routes.delete(
    '/api/Screenshots',
    {
      config: {
        access: { feature: 'SERIES.DETAILS.SCREENSHOTS', roles: DELETE_SCREENSHOT_ROLES },
        audit: { actions: ['series.screenshot-delete'] },
        // The screenshot is named in the query.
        errors: [404],
      },
      schema: {
        operationId: 'deleteScreenshot',
        tags: ['screenshots'],
        summary: 'Deletes a screenshot (admin class, support manager and user)',
        querystring: z.object({ ScreenshotName: z.string().min(1).max(200) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteScreenshot(db(), app.media, signedInUser(request), request.query.ScreenshotName);
      return reply.status(204).send(null);
    },
  );

  routes.post(
    '/api/devices/screenshots',
    {
      config: { access: 'device' },
      schema: {
        operationId: 'uploadDeviceScreenshot',
        tags: ['device protocol'],
        summary: 'A device uploads a screenshot: body image/png, header x-tool-version',
        consumes: ['image/png'],
        ownBody: fileContent(`The screenshot, a PNG image of at most ${SCREENSHOT_MAX_BYTES} bytes`),
        response: { 201: z.object({ name: z.string() }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || !isPng(body)) throw badRequest('body: must be a PNG image');
      const version = request.headers['x-tool-version'];
      const name = await storeScreenshot(
        db(),
        app.media,
        request.device!,
        body,
        typeof version === 'string' ? version.slice(0, 32) : null,
      );
      return reply.status(201).send({ name });
    },
  );
}
