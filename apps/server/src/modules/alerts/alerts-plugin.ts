import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CONSOLE_NAMESPACE, NOTIFICATIONS_HUB_EVENT, type NotificationsHubPayload } from '@fleet/contract';
import { runPeriodically } from '../../lib/hourly.ts';
import { createMailer } from '../../lib/mailer.ts';
import { rooms } from '../hub/devices.ts';
import { dispatchEvents, evaluateSources, type EvaluationTotals } from './engine.ts';
import type { EventConsumer } from './events.ts';
import { notificationConsumer } from './recipients.ts';
import { unreadCounts } from './service.ts';
import { EVENT_SOURCES } from './sources.ts';
import { sendDigests, sendEachMail } from './mail.ts';

export interface Alerts {
  /** Another use of the events (webhooks), in the transaction that dispatches them. */
  addConsumer(consumer: EventConsumer): void;
  /** One turn now: the sources read, then the events dispatched; answers what was done. */
  runOnce(now?: Date): Promise<EvaluationTotals & { dispatched: number }>;
}

/**
 * Alerts (docs/notifications.md): every ALERT_EVALUATE_SECONDS each node reads what changed into events,
 * then dispatches them to the users' notifications and the other consumers; consoles hear of their new
 * unread count through the hub.
 */
export const alertsPlugin = fp(async (app: FastifyInstance) => {
  const db = () => app.database.db;
  const tellInboxes = async (userIds: string[]) => {
    const counts = await unreadCounts(db(), userIds);
    const consoles = app.hub.of(CONSOLE_NAMESPACE);
    for (const [userId, unreadCount] of counts)
      consoles
        .to(rooms.inbox(userId))
        .emit(NOTIFICATIONS_HUB_EVENT, { unreadCount } satisfies NotificationsHubPayload);
  };
  const consumers: EventConsumer[] = [notificationConsumer(tellInboxes)];
  const mailer = createMailer(app.config.smtp);
  const consoleUrl = `${app.config.publicUrl}${app.config.basePath}/notifications`;
  const afterCommit = (after: () => Promise<void>) => {
    after().catch((error: unknown) => app.log.warn({ err: error }, 'alerts: consoles not told'));
  };
  const runOnce = async (now = new Date()) => {
    const totals = await evaluateSources(db(), EVENT_SOURCES, consumers, now);
    const dispatched = await dispatchEvents(db(), consumers, afterCommit);
    if (mailer) {
      await sendEachMail(db(), mailer, consoleUrl);
      await sendDigests(db(), mailer, consoleUrl, now);
    }
    if (totals.written || dispatched) app.log.info({ ...totals, dispatched }, 'alerts evaluated');
    return { ...totals, dispatched };
  };
  const everyMs = app.config.alertEvaluateSeconds * 1000;
  runPeriodically(app, 'alerts', { firstMs: everyMs, everyMs }, async () => {
    await runOnce();
  });
  app.decorate('alerts', { addConsumer: (consumer) => consumers.push(consumer), runOnce } satisfies Alerts);
});

declare module 'fastify' {
  interface FastifyInstance {
    alerts: Alerts;
  }
}
