import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userConfigurationAnswerSchema } from '@fleet/contract';
import { badRequest } from '../../lib/errors.ts';
import { signedInUser } from '../../lib/request.ts';
import { getConfiguration, saveConfiguration, type ConfigurationContext } from './service.ts';

const MAX_CONFIGURATION_BYTES = 64 * 1024;

function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .filter(Boolean);
}

export async function userConfigurationRoutes(
  app: FastifyInstance,
  options: { section: string; languages: readonly string[] },
) {
  await app.register(multipart, { limits: { fileSize: MAX_CONFIGURATION_BYTES, files: 1, fields: 10 } });
  const context = (): ConfigurationContext => ({ db: app.database.db, ...options });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/configurations/users/:userId',
    {
      config: { access: { feature: 'USER.SPACE' } },
      schema: {
        operationId: 'getUserConfiguration',
        tags: ['user configuration'],
        summary: "A user's saved configuration (their own only)",
        params: z.object({ userId: z.uuid() }),
        response: { 200: userConfigurationAnswerSchema },
      },
    },
    async (request) => getConfiguration(context(), signedInUser(request), request.params.userId),
  );

  routes.patch(
    '/api/Configurations/Users',
    {
      config: { access: { feature: 'USER.SPACE' } },
      schema: {
        operationId: 'saveUserConfiguration',
        tags: ['user configuration'],
        summary: "Saves the signed-in user's configuration",
        description:
          'multipart/form-data with a file part ConfigurationFile holding {section: {current_language, print_settings, timezone, webcam}}.',
        consumes: ['multipart/form-data'],
        response: { 200: userConfigurationAnswerSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw badRequest('body: must be multipart/form-data with a ConfigurationFile part');
      let text: string | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file' && part.fieldname === 'ConfigurationFile') {
          const buffer = await part.toBuffer();
          if (part.file.truncated)
            throw badRequest(`ConfigurationFile: larger than ${MAX_CONFIGURATION_BYTES} bytes`);
          text = buffer.toString('utf8');
        } else if (part.type === 'file') {
          await part.toBuffer();
        }
      }
      if (text === undefined) {
        throw badRequest('ConfigurationFile: is required', [
          { field: 'body.ConfigurationFile', message: 'is required' },
        ]);
      }
      return saveConfiguration(
        context(),
        signedInUser(request),
        text,
        acceptedLanguages(request.headers['accept-language']),
      );
    },
  );
}
