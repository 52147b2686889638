import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userConfigurationAnswerSchema } from '@fleet/contract';
import { badRequest, multipartFailure } from '../../lib/errors.ts';
import { acceptedLanguages, signedInUser } from '../../lib/request.ts';
import { fileContent } from '../../lib/route-docs.ts';
import { getConfiguration, saveConfiguration, type ConfigurationContext } from './service.ts';

const MAX_CONFIGURATION_BYTES = 64 * 1024;

/** The ConfigurationFile part of a multipart body; a body that is not valid multipart is a 400 naming it. */
async function configurationFileOf(request: FastifyRequest): Promise<string | undefined> {
  let text: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const buffer = await part.toBuffer();
      if (part.fieldname !== 'ConfigurationFile') continue;
      if (part.file.truncated)
        throw badRequest(`Invalid body.ConfigurationFile: larger than ${MAX_CONFIGURATION_BYTES} bytes`);
      text = buffer.toString('utf8');
    }
  } catch (error) {
    throw multipartFailure(error);
  }
  return text;
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
      config: {
        access: { feature: 'USER.SPACE' },
        audit: { none: "the user's own settings" },
      },
      schema: {
        operationId: 'saveUserConfiguration',
        tags: ['user configuration'],
        summary: "Saves the signed-in user's configuration",
        description:
          'multipart/form-data with a file part ConfigurationFile holding {section: {current_language, print_settings, timezone, webcam}}.',
        consumes: ['multipart/form-data'],
        ownBody: z.object({
          ConfigurationFile: fileContent(
            `The configuration as JSON, at most ${MAX_CONFIGURATION_BYTES} bytes`,
          ),
        }),
        response: { 200: userConfigurationAnswerSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw badRequest('body: must be multipart/form-data with a ConfigurationFile part');
      const text = await configurationFileOf(request);
      if (text === undefined) {
        throw badRequest('Invalid body.ConfigurationFile: is required', [
          { field: 'body.ConfigurationFile', message: 'is required', rule: { kind: 'required' } },
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
