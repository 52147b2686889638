import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEVICE_ACTION_RULES,
  type AuditAction,
  type DeviceAction,
  activationBodySchema,
  bulkActionAnswerSchema,
  bulkEarlyAccessBodySchema,
  associateUsersBodySchema,
  descriptionBodySchema,
  earlyAccessBodySchema,
  serialNumberBodySchema,
  seriesDetailSchema,
} from '@fleet/contract';
import { signedInUser } from '../../lib/request.ts';
import {
  associateUsers,
  changeActivation,
  changeStatus,
  deassociate,
  deleteDevice,
  editDescription,
  refurbish,
  seriesDetail,
  setEarlyAccess,
  setEarlyAccessOfSelection,
} from './actions.ts';

const serialParams = z.object({ serialNumber: z.string().min(1).max(32) });
const access = { access: { feature: 'SERIES.DETAILS' } } as const;
/** A device action: the device page's feature, narrowed to the roles that may do the action. */
/** A device action's access (its roles) and what it writes to the audit log. */
const actionAccess = (audit: AuditAction, ...actions: DeviceAction[]) => ({
  audit: { actions: [audit] },
  access: {
    feature: 'SERIES.DETAILS' as const,
    roles: [...new Set(actions.flatMap((action) => DEVICE_ACTION_RULES[action].roles))],
  },
});
/** An action on the device its body names: that device may not be there, or not be the user's (404). */
const namedInBody = { errors: [404] } as const;
const tags = ['series actions'];
const STATE_NOTE =
  'Needs a role allowed to do it (403 otherwise) and a device state that allows it (409 otherwise); see docs/device-statuses.md.';

export async function seriesActionRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  routes.get(
    '/api/Series/:serialNumber',
    {
      config: access,
      schema: {
        operationId: 'getSeries',
        tags: ['series'],
        summary: 'One device with its users and accessories, and the actions the user may do on it',
        params: serialParams,
        response: { 200: seriesDetailSchema },
      },
    },
    async (request) => seriesDetail(db(), signedInUser(request), request.params.serialNumber),
  );

  routes.delete(
    '/api/Series/:serialNumber',
    {
      config: actionAccess('series.delete', 'delete'),
      schema: {
        operationId: 'deleteSeries',
        tags,
        summary: 'Deletes a discarded or recycled device',
        description: STATE_NOTE,
        params: serialParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteDevice(db(), signedInUser(request), request.params.serialNumber);
      return reply.status(204).send(null);
    },
  );

  routes.patch(
    '/api/Series/:serialNumber/description',
    {
      config: actionAccess('series.description', 'editDescription'),
      schema: {
        operationId: 'editSeriesDescription',
        tags,
        summary: "Edits the device's description",
        description: STATE_NOTE,
        params: serialParams,
        body: descriptionBodySchema,
        response: { 200: seriesDetailSchema },
      },
    },
    async (request) =>
      editDescription(db(), signedInUser(request), request.params.serialNumber, request.body.description),
  );

  routes.put(
    '/api/Series/:serialNumber/:product-description',
    {
      config: actionAccess('series.description', 'editDescription'),
      schema: {
        operationId: 'editSeriesProductDescription',
        tags,
        summary: "Edits the device's description for one product",
        description: STATE_NOTE,
        params: serialParams.extend({
          product: z
            .string()
            .max(32)
            .regex(/^[a-z][a-z0-9-]{0,31}$/, 'must be a product name'),
        }),
        body: descriptionBodySchema,
        response: { 200: seriesDetailSchema },
      },
    },
    async (request) =>
      editDescription(
        db(),
        signedInUser(request),
        request.params.serialNumber,
        request.body.description,
        request.params.product,
      ),
  );

  routes.put(
    '/api/Series/EarlyAccessStatus/:serialNumber',
    {
      config: actionAccess('series.early-access', 'setEarlyAccess'),
      schema: {
        operationId: 'setSeriesEarlyAccess',
        tags,
        summary: 'Turns early access on or off',
        description: STATE_NOTE,
        params: serialParams,
        body: earlyAccessBodySchema,
        response: { 200: seriesDetailSchema },
      },
    },
    async (request) =>
      setEarlyAccess(db(), signedInUser(request), request.params.serialNumber, request.body.earlyAccess),
  );

  routes.put(
    '/api/Series/EarlyAccessStatus',
    {
      config: actionAccess('series.early-access', 'setEarlyAccess'),
      schema: {
        tags,
        operationId: 'setSelectionEarlyAccess',
        summary: 'Turns early access on or off for a selection of up to 100 devices',
        description:
          'Each device is treated as the single action would: done, refused in its state, or not found. One answer lists the outcome of each.',
        body: bulkEarlyAccessBodySchema,
        response: { 200: bulkActionAnswerSchema },
      },
    },
    async (request) =>
      setEarlyAccessOfSelection(
        db(),
        signedInUser(request),
        request.body.serialNumbers,
        request.body.earlyAccess,
      ),
  );

  const statusRoute = (
    method: 'POST' | 'DELETE',
    url: string,
    action: Parameters<typeof changeStatus>[3],
    summary: string,
    bySerialInPath: boolean,
  ) =>
    routes.route({
      method,
      url,
      config: { ...actionAccess('series.status', action), ...(bySerialInPath ? {} : namedInBody) },
      schema: {
        tags,
        operationId: `${action}Series`,
        summary,
        description: STATE_NOTE,
        ...(bySerialInPath ? { params: serialParams } : { body: serialNumberBodySchema }),
        response: { 200: seriesDetailSchema },
      },
      handler: async (request) => {
        const serialNumber = bySerialInPath
          ? (request.params as { serialNumber: string }).serialNumber
          : (request.body as { serialNumber: string }).serialNumber;
        return changeStatus(db(), signedInUser(request), serialNumber, action);
      },
    });
  statusRoute(
    'POST',
    '/api/Series/Deactivations/Deactivate',
    'deactivate',
    'Deactivates an activated device',
    false,
  );
  statusRoute(
    'POST',
    '/api/Series/Deactivations/Reactivate',
    'reactivate',
    'Reactivates a deactivated device',
    false,
  );
  statusRoute('POST', '/api/Series/blacklist/:serialNumber', 'blacklist', 'Blacklists a device', true);
  statusRoute(
    'DELETE',
    '/api/Series/blacklist/:serialNumber',
    'unblacklist',
    'Takes a device off the blacklist (it comes back deactivated)',
    true,
  );
  statusRoute('POST', '/api/Series/Discard', 'discard', 'Discards a device', false);
  statusRoute(
    'DELETE',
    '/api/Series/Discard/BySN/:serialNumber',
    'undoDiscard',
    'Undoes a discard: the device gets back the status it had',
    true,
  );

  routes.post(
    '/api/Series/Refurbish',
    {
      config: { ...actionAccess('series.refurbish', 'refurbish'), ...namedInBody },
      schema: {
        operationId: 'refurbishSeries',
        tags,
        summary:
          'Refurbishes a discarded or recycled device: deactivated, with no owner, store, users or activation',
        description: STATE_NOTE,
        body: serialNumberBodySchema,
        response: { 200: seriesDetailSchema },
      },
    },
    async (request) => refurbish(db(), signedInUser(request), request.body.serialNumber),
  );

  routes.post(
    '/api/Series/Deassociate',
    {
      config: { ...actionAccess('series.deassociate', 'deassociate'), ...namedInBody },
      schema: {
        operationId: 'deassociateSeries',
        tags,
        summary: 'Removes the owner company, store and device users',
        description: STATE_NOTE,
        body: serialNumberBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deassociate(db(), signedInUser(request), request.body.serialNumber);
      return reply.status(204).send(null);
    },
  );

  routes.post(
    '/api/Series/:serialNumber/activation',
    {
      config: actionAccess('series.activation', 'setActivationDate', 'resetActivation'),
      schema: {
        operationId: 'changeSeriesActivation',
        tags,
        summary:
          'Resets the activation ({resetWarranty: true}) or sets its date ({UtcActivationDateTime: YYYY-MM-DD, enforceNewDate: true}); activated devices only',
        description: STATE_NOTE,
        params: serialParams,
        body: activationBodySchema,
        response: { 200: seriesDetailSchema },
      },
    },
    async (request) =>
      changeActivation(db(), signedInUser(request), request.params.serialNumber, request.body),
  );

  routes.post(
    '/api/Series/:serialNumber/users',
    {
      config: actionAccess('series.users', 'associateUser'),
      schema: {
        operationId: 'associateSeriesUsers',
        tags,
        summary: 'Associates device users by username',
        description: STATE_NOTE,
        params: serialParams,
        body: associateUsersBodySchema,
        response: { 200: seriesDetailSchema },
      },
    },
    async (request) => associateUsers(db(), signedInUser(request), request.params.serialNumber, request.body),
  );
}
