import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  languageCodeSchema,
  servedTranslationsSchema,
  translationKeyListSchema,
  translationKeySchema,
  translationLanguageBodySchema,
  translationLanguageSchema,
  translationLanguagesSchema,
  translationNamespaceSchema,
  translationObjectBodySchema,
  translationObjectCodeSchema,
  translationObjectKindSchema,
  translationObjectsSchema,
  translationOverrideBodySchema,
  translationOverrideSchema,
  translationTargetSchema,
  translationTargetsSchema,
  type Variant,
} from '@fleet/contract';
import { listQuerySchema } from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import { listObjects, removeObject, saveObject } from './objects.ts';
import {
  TRANSLATION_KEY_QUERY,
  addLanguage,
  listKeys,
  listLanguages,
  listTargets,
  matchesEtag,
  removeOverrideAt,
  saveOverride,
  servedTranslations,
} from './service.ts';

const tags = ['translations'];
const languageParams = z.object({ language: languageCodeSchema });
const targetQuery = z.object({ target: translationTargetSchema.default('all') });
const overridePlace = z.object({
  target: translationTargetSchema,
  namespace: translationNamespaceSchema,
  key: translationKeySchema,
});
const objectPlace = z.object({
  target: translationTargetSchema,
  kind: translationObjectKindSchema,
  code: translationObjectCodeSchema,
});

/** Translations management (docs/insights.md): served texts for every console, managed by administrators. */
export async function translationRoutes(
  app: FastifyInstance,
  options: { variant: Variant; languages: readonly string[] },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  // Public: the console loads its texts before sign-in (the sign-in, not-found and about screens use them).
  routes.get(
    '/api/Translations/:language',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getServedTranslations',
        tags,
        summary:
          'The overrides the console merges over its bundled texts for a language and target (a variant’s win over "all"); revalidated by ETag, 304 when unchanged',
        params: languageParams,
        querystring: targetQuery,
        response: { 200: servedTranslationsSchema, 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => {
      const { answer, etag } = await servedTranslations(db(), request.params.language, request.query.target);
      reply.header('etag', etag).header('cache-control', 'public, no-cache');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
      return answer;
    },
  );

  routes.get(
    '/api/Translations/:language/Keys',
    {
      config: { access: { feature: 'TRANSLATION.LIST' } },
      schema: {
        operationId: 'listTranslationKeys',
        tags,
        summary:
          "The console's texts in a language for a target, paged: bundled English, bundled text, override and state",
        params: languageParams,
        querystring: listQuerySchema(TRANSLATION_KEY_QUERY),
        response: { 200: translationKeyListSchema },
      },
    },
    async (request) => listKeys(db(), request.params.language, request.query),
  );
  routes.put(
    '/api/Translations/:language/Overrides',
    {
      config: { access: { feature: 'TRANSLATION.LIST' }, audit: { actions: ['translation.updated'] } },
      schema: {
        operationId: 'saveTranslationOverride',
        tags,
        summary: 'Replaces a text of the console in a language for a target, without a rebuild',
        params: languageParams,
        body: translationOverrideBodySchema,
        response: { 200: translationOverrideSchema },
      },
    },
    async (request) => saveOverride(db(), signedInUser(request), request.params.language, request.body),
  );
  routes.delete(
    '/api/Translations/:language/Overrides',
    {
      config: { access: { feature: 'TRANSLATION.LIST' }, audit: { actions: ['translation.removed'] } },
      schema: {
        operationId: 'removeTranslationOverride',
        tags,
        summary: 'Removes an override: the text goes back to the bundled one (404 when there is none)',
        params: languageParams,
        querystring: overridePlace,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeOverrideAt(db(), signedInUser(request), request.params.language, request.query);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/api/Translations/Targets',
    {
      config: { access: { feature: 'TRANSLATION.TARGETS' } },
      schema: {
        operationId: 'listTranslationTargets',
        tags,
        summary: 'The targets a text can be for ("all" and each variant) with their overrides per language',
        response: { 200: translationTargetsSchema },
      },
    },
    async () => listTargets(db(), options.variant),
  );

  routes.get(
    '/api/Translations/Languages',
    {
      config: { access: { feature: 'TRANSLATION.LANGUAGES' } },
      schema: {
        operationId: 'listTranslationLanguages',
        tags,
        summary: 'The languages of the console, shipped and added, with their completeness',
        response: { 200: translationLanguagesSchema },
      },
    },
    async () => listLanguages(db(), options.languages),
  );
  routes.post(
    '/api/Translations/Languages',
    {
      config: {
        access: { feature: 'TRANSLATION.LANGUAGES' },
        audit: { actions: ['translation-language.added'] },
      },
      schema: {
        operationId: 'addTranslationLanguage',
        tags,
        summary: 'Adds a language; it shows English until its texts are entered (409 when it exists)',
        body: translationLanguageBodySchema,
        response: { 201: translationLanguageSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addLanguage(db(), signedInUser(request), request.body, options.languages)),
  );

  routes.get(
    '/api/Translations/:language/Objects',
    {
      config: { access: { feature: 'TRANSLATION.OBJECTS' } },
      schema: {
        operationId: 'listTranslationObjects',
        tags,
        summary: 'Translatable data (statuses, payment methods, SKU names) in a language for a target',
        params: languageParams,
        querystring: targetQuery,
        response: { 200: translationObjectsSchema },
      },
    },
    async (request) => listObjects(db(), request.params.language, request.query.target),
  );
  routes.put(
    '/api/Translations/:language/Objects',
    {
      config: { access: { feature: 'TRANSLATION.OBJECTS' }, audit: { actions: ['translation.updated'] } },
      schema: {
        operationId: 'saveTranslationObject',
        tags,
        summary: "Replaces the text of a data object (a status, a SKU's name) in a language for a target",
        params: languageParams,
        body: translationObjectBodySchema,
        response: { 200: translationOverrideSchema },
      },
    },
    async (request) => saveObject(db(), signedInUser(request), request.params.language, request.body),
  );
  routes.delete(
    '/api/Translations/:language/Objects',
    {
      config: { access: { feature: 'TRANSLATION.OBJECTS' }, audit: { actions: ['translation.removed'] } },
      schema: {
        operationId: 'removeTranslationObject',
        tags,
        summary: "Removes a data object's override (404 when there is none)",
        params: languageParams,
        querystring: objectPlace,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeObject(db(), signedInUser(request), request.params.language, request.query);
      return reply.status(204).send(null);
    },
  );
}
