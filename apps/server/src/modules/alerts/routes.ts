import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertRulesAnswerSchema,
  alertRulesInputSchema,
  notificationListAnswerSchema,
  notificationReadSchema,
  notificationSummarySchema,
} from '@fleet/contract';
import { listQuerySchema } from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import {
  NOTIFICATION_QUERY,
  alertRulesOf,
  listNotifications,
  markRead,
  notificationSummary,
  resetAlertRules,
  saveAlertRules,
} from './service.ts';

const tags = ['notifications'];
const access = 'signed-in' as const;
/** The user's own inbox and rules: nobody else's record changes, so nothing is audited. */
const ownInbox = { access, audit: { none: "the user's own notifications" } };
const ownRules = { access, audit: { none: "the user's own alert rules" } };

/** The user's notification center and alert rules (docs/notifications.md): their own, whatever their roles. */
export async function alertRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  routes.get(
    '/api/Notifications',
    {
      config: { access },
      schema: {
        operationId: 'listNotifications',
        tags,
        summary: 'The signed-in user’s notifications, newest first, with the unread count',
        querystring: listQuerySchema(NOTIFICATION_QUERY),
        response: { 200: notificationListAnswerSchema },
      },
    },
    async (request) => listNotifications(db(), signedInUser(request), request.query),
  );
  routes.get(
    '/api/Notifications/Summary',
    {
      config: { access },
      schema: {
        operationId: 'notificationSummary',
        tags,
        summary: 'The bell: the unread count and the most recent notifications',
        response: { 200: notificationSummarySchema },
      },
    },
    async (request) => notificationSummary(db(), signedInUser(request)),
  );
  routes.post(
    '/api/Notifications/Read',
    {
      config: ownInbox,
      schema: {
        operationId: 'markNotificationsRead',
        tags,
        summary: 'Marks notifications read: some by id, or all up to one; answers the unread count left',
        body: notificationReadSchema,
        response: { 200: z.object({ unreadCount: z.number().int() }) },
      },
    },
    async (request) => markRead(db(), signedInUser(request), request.body),
  );
  routes.get(
    '/api/Me/AlertRules',
    {
      config: { access },
      schema: {
        operationId: 'getAlertRules',
        tags,
        summary: 'The user’s alert rules, or their roles’ defaults while they chose none',
        response: { 200: alertRulesAnswerSchema },
      },
    },
    async (request) => alertRulesOf(db(), signedInUser(request)),
  );
  routes.put(
    '/api/Me/AlertRules',
    {
      config: ownRules,
      schema: {
        operationId: 'saveAlertRules',
        tags,
        summary: 'Replaces the user’s alert rules; 400 naming a rule outside their rights or company',
        body: alertRulesInputSchema,
        response: { 200: alertRulesAnswerSchema },
      },
    },
    async (request) => saveAlertRules(db(), signedInUser(request), request.body.rules),
  );
  routes.delete(
    '/api/Me/AlertRules',
    {
      config: ownRules,
      schema: {
        operationId: 'resetAlertRules',
        tags,
        summary: 'Back to the alert rules of the user’s roles',
        response: { 200: alertRulesAnswerSchema },
      },
    },
    async (request) => resetAlertRules(db(), signedInUser(request)),
  );
}
