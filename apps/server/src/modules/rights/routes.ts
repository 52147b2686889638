import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  groupBodySchema,
  groupSummaryListAnswerSchema,
  groupSummarySchema,
  idParamSchema,
  rightsUserBodySchema,
  rightsUserListAnswerSchema,
  rightsUserSchema,
  roleSummaryListAnswerSchema,
} from '@fleet/contract';
import { listQuerySchema } from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import { createGroup, deleteGroup, listGroups, renameGroup } from './groups.ts';
import {
  RIGHTS_USER_QUERY,
  changeGroupMembership,
  changeUserRights,
  getRightsUser,
  listRightsUsers,
  roleSummaries,
} from './service.ts';

const tags = ['rights management'];
const userParams = z.object({ id: z.string().max(64) });
const groupParams = z.object({ id: idParamSchema });

/** Rights management (docs/company-tools.md): users' roles, company and groups; device groups; roles. */
export async function rightsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  routes.get(
    '/api/Rights/Users',
    {
      config: { access: { feature: 'RIGHTS.USERS' } },
      schema: {
        operationId: 'listRightsUsers',
        tags,
        summary: 'Users with their roles, company and groups, searched and filtered',
        querystring: listQuerySchema(RIGHTS_USER_QUERY),
        response: { 200: rightsUserListAnswerSchema },
      },
    },
    async (request) => listRightsUsers(db(), request.query),
  );
  routes.get(
    '/api/Rights/Users/:id',
    {
      config: { access: { feature: 'RIGHTS.USERS' } },
      schema: {
        operationId: 'getRightsUser',
        tags,
        summary: "One user's rights",
        params: userParams,
        response: { 200: rightsUserSchema },
      },
    },
    async (request) => getRightsUser(db(), request.params.id),
  );
  routes.put(
    '/api/Rights/Users/:id',
    {
      config: { access: { feature: 'RIGHTS.USERS' }, audit: { actions: ['user.rights'] } },
      schema: {
        operationId: 'changeUserRights',
        tags,
        summary: "Changes a user's roles, company and groups; effective on the user's next call",
        description:
          'Only an administrator grants, removes or changes administrator-class rights (403); roles must fit the kind of the company (400); nobody removes their own right to manage rights (409).',
        params: userParams,
        body: rightsUserBodySchema,
        response: { 200: rightsUserSchema },
      },
    },
    async (request) => {
      const { user, changed } = await changeUserRights(
        db(),
        signedInUser(request),
        request.params.id,
        request.body,
      );
      if (changed) app.forgetUserEverywhere(user.id);
      return user;
    },
  );
  routes.get(
    '/api/Rights/Roles',
    {
      config: { access: { feature: 'RIGHTS.ROLES' } },
      schema: {
        operationId: 'listRoles',
        tags,
        summary: 'The role catalogue, with how many users hold each role',
        response: { 200: roleSummaryListAnswerSchema },
      },
    },
    async () => roleSummaries(db()),
  );
  routes.get(
    '/api/Rights/Groups',
    {
      config: { access: { feature: 'RIGHTS.GROUPS' } },
      schema: {
        operationId: 'listRightsGroups',
        tags,
        summary: 'Device groups with their device, store and user counts',
        response: { 200: groupSummaryListAnswerSchema },
      },
    },
    async () => listGroups(db()),
  );
  routes.post(
    '/api/Rights/Groups',
    {
      config: { access: { feature: 'RIGHTS.GROUPS' }, audit: { actions: ['device-group.create'] } },
      schema: {
        operationId: 'createGroup',
        tags,
        summary: 'Creates a device group (409 when the name is taken)',
        body: groupBodySchema,
        response: { 201: groupSummarySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createGroup(db(), signedInUser(request), request.body.name)),
  );
  routes.put(
    '/api/Rights/Groups/:id',
    {
      config: { access: { feature: 'RIGHTS.GROUPS' }, audit: { actions: ['device-group.update'] } },
      schema: {
        operationId: 'renameGroup',
        tags,
        summary: 'Renames a device group',
        params: groupParams,
        body: groupBodySchema,
        response: { 200: groupSummarySchema },
      },
    },
    async (request) => renameGroup(db(), signedInUser(request), request.params.id, request.body.name),
  );
  routes.delete(
    '/api/Rights/Groups/:id',
    {
      config: { access: { feature: 'RIGHTS.GROUPS' }, audit: { actions: ['device-group.delete'] } },
      schema: {
        operationId: 'deleteGroup',
        tags,
        summary: 'Deletes a device group that has no device, store or user (409 otherwise)',
        params: groupParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteGroup(db(), signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  const membershipParams = z.object({ id: idParamSchema, userId: z.string().max(64) });
  for (const [method, member] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const)
    routes.route({
      method,
      url: '/api/Rights/Groups/:id/Users/:userId',
      config: { access: { feature: 'RIGHTS.GROUPS' }, audit: { actions: ['user.rights'] } },
      schema: {
        operationId: member ? 'addGroupMember' : 'removeGroupMember',
        tags,
        summary: member ? 'Adds a user to a device group' : 'Takes a user out of a device group',
        description:
          'Roles and company untouched; the rules of rights management hold (403 for a holder of administrator-class rights unless an administrator asks). Effective on the user’s next call.',
        params: membershipParams,
        response: { 204: z.null() },
      },
      handler: async (request, reply) => {
        const { user, changed } = await changeGroupMembership(
          db(),
          signedInUser(request),
          request.params.id,
          request.params.userId,
          member,
        );
        if (changed) app.forgetUserEverywhere(user.id);
        return reply.status(204).send(null);
      },
    });
}
