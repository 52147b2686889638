import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceTypeDetailSchema,
  deviceTypeListAnswerSchema,
  deviceTypeNameSchema,
  deviceTypeSchema,
  versionAvailabilityBodySchema,
  versionContentSchema,
  versionDownloadLinkSchema,
  versionNumberSchema,
  versionSchema,
  versionUploadFieldsSchema,
} from '@fleet/contract';
import { badRequest } from '../../lib/errors.ts';
import { signedInUser } from '../../lib/request.ts';
import { declareDeviceType, deleteDeviceType, listDeviceTypes } from './device-types.ts';
import { receiveUpload } from '../../lib/upload.ts';
import { fileContent } from '../../lib/route-docs.ts';
import {
  addVersion,
  deleteVersion,
  deviceTypeWithVersions,
  setAvailability,
  versionContent,
  versionDownloadLink,
} from './versions.ts';

const tags = ['updates'];
const typeParams = z.object({ type: deviceTypeNameSchema });
const versionParams = typeParams.extend({ version: versionNumberSchema });

/** The upload's text fields, checked as a body would be: a 400 naming each field at fault. */
function uploadFields(fields: Record<string, string>) {
  const parsed = versionUploadFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    field: `body.${issue.path.join('.')}`,
    message: issue.message,
  }));
  throw badRequest(`Invalid ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}`, details);
}

/** Device types and their versions (platform spec §7 Updates; docs/versions.md). */
export async function updateRoutes(app: FastifyInstance) {
  // An oversized file is cut at the limit and refused in a 400 naming the part, as any other field.
  await app.register(multipart, { throwFileSizeLimit: false });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  routes.get(
    '/api/Updates/DeviceTypes',
    {
      config: { access: { feature: 'VERSIONS' } },
      schema: {
        operationId: 'listDeviceTypes',
        tags,
        summary: 'Device types: of the fleet’s devices and declared ahead of them, with their device counts',
        response: { 200: deviceTypeListAnswerSchema },
      },
    },
    async () => listDeviceTypes(db()),
  );

  routes.get(
    '/api/Updates/DeviceTypes/:type',
    {
      config: { access: { feature: 'VERSIONS' } },
      schema: {
        operationId: 'getDeviceType',
        tags,
        summary: 'One device type and its versions (the path is read without regard to case)',
        params: typeParams,
        response: { 200: deviceTypeDetailSchema },
      },
    },
    async (request) => deviceTypeWithVersions(db(), request.params.type),
  );

  routes.post(
    '/api/Updates/DeviceTypes/:type',
    {
      config: {
        access: { feature: 'VERSIONS.UPLOAD' },
        audit: { actions: ['device-type.declare'] },
      },
      schema: {
        operationId: 'declareDeviceType',
        tags,
        summary: 'Declares a device type before its devices exist, so that versions can be uploaded for it',
        params: typeParams,
        response: { 201: deviceTypeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await declareDeviceType(db(), signedInUser(request), request.params.type)),
  );

  routes.delete(
    '/api/Updates/DeviceTypes/:type',
    {
      config: {
        access: { feature: 'VERSIONS.DELETESPECIFIED' },
        audit: { actions: ['device-type.delete'] },
      },
      schema: {
        operationId: 'deleteDeviceType',
        tags,
        summary: 'Deletes a declared device type; refused (409) while devices or versions have it',
        params: typeParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteDeviceType(db(), signedInUser(request), request.params.type);
      return reply.status(204).send(null);
    },
  );

  routes.post(
    '/api/Updates/DeviceTypes/:type/versions',
    {
      config: {
        access: { feature: 'VERSIONS.UPLOAD' },
        audit: { actions: ['version.upload'] },
      },
      schema: {
        operationId: 'uploadVersion',
        tags,
        summary: 'Uploads a version of the type: its file streamed to media storage, its SHA-256 computed',
        description:
          'multipart/form-data with the fields number (2.4.1, 3.0.0-beta.2, 2025.07), kind (software or database), ' +
          'notes and availability (general or early), then one file part named file, at most VERSION_FILE_LIMIT ' +
          'bytes. An empty or oversized file and a number the type has already are 400s.',
        consumes: ['multipart/form-data'],
        ownBody: z.object({
          ...versionUploadFieldsSchema.shape,
          file: fileContent('The version file, at most VERSION_FILE_LIMIT bytes'),
        }),
        params: typeParams,
        response: { 201: versionSchema },
      },
    },
    async (request, reply) => {
      const upload = await receiveUpload(request, {
        work: app.workFiles.temp,
        maxBytes: app.config.versionFileLimit,
        subject: 'version',
        zipContent: true,
      });
      try {
        const fields = uploadFields(upload.fields);
        if (!upload.file)
          throw badRequest('Invalid body.file: is required', [
            { field: 'body.file', message: 'is required', rule: { kind: 'required' } },
          ]);
        const version = await addVersion(db(), app.media, signedInUser(request), {
          type: request.params.type,
          ...fields,
          file: upload.file,
        });
        return reply.status(201).send(version);
      } finally {
        // Moved into media storage when stored; otherwise removed here.
        await upload.file?.release();
      }
    },
  );

  routes.put(
    '/api/Updates/DeviceTypes/:type/versions/:version/availability',
    {
      config: {
        access: { feature: 'VERSIONS.EAPONSPECIFIED' },
        audit: { actions: ['version.availability'] },
      },
      schema: {
        operationId: 'setVersionAvailability',
        tags,
        summary:
          'Who is offered the version: general (through rollouts), early (early-access devices) or withdrawn',
        params: versionParams,
        body: versionAvailabilityBodySchema,
        response: { 200: versionSchema },
      },
    },
    async (request) => {
      const { type, version } = request.params;
      return setAvailability(db(), signedInUser(request), type, version, request.body.availability);
    },
  );

  routes.get(
    '/api/Updates/DeviceTypes/:type/versions/:version/specified-download-link',
    {
      config: { access: { feature: 'VERSIONS.DOWNLOADSPECIFIED' } },
      schema: {
        operationId: 'getVersionDownloadLink',
        tags,
        summary: 'A signed link to the version’s file, valid 15 minutes',
        params: versionParams,
        response: { 200: versionDownloadLinkSchema },
      },
    },
    async (request) => versionDownloadLink(db(), app.media, request.params.type, request.params.version),
  );

  routes.get(
    '/api/Updates/DeviceTypes/:type/versions/:version/content',
    {
      config: { access: { feature: 'VERSIONS.SEECONTENT' } },
      schema: {
        operationId: 'getVersionContent',
        tags,
        summary: 'What the version’s file holds: an archive’s entries, or the file alone',
        params: versionParams,
        response: { 200: versionContentSchema },
      },
    },
    async (request) => versionContent(db(), request.params.type, request.params.version),
  );

  routes.delete(
    '/api/Updates/DeviceTypes/:type/versions/:version',
    {
      config: {
        access: { feature: 'VERSIONS.DELETESPECIFIED' },
        audit: { actions: ['version.delete'] },
      },
      schema: {
        operationId: 'deleteVersion',
        tags,
        summary:
          'Deletes a version and its file; refused (409) while a rollout sends it or devices update to it',
        params: versionParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { type, version } = request.params;
      await deleteVersion(db(), app.media, signedInUser(request), type, version);
      return reply.status(204).send(null);
    },
  );
}
