import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { loadAppSettings } from './appsettings.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputHygienePlugin } from './plugins/input-hygiene.ts';
import { securityPlugin } from './plugins/security.ts';
import { docsPlugin } from './plugins/docs.ts';
import { authPlugin } from './plugins/auth.ts';
import { rightsPlugin } from './plugins/rights.ts';
import { deviceAuthPlugin } from './plugins/device-auth.ts';
import { sharedStorePlugin } from './plugins/shared-store.ts';
import { consolePlugin } from './plugins/console.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { loadOrCreateIdpKeys } from './idp/keys.ts';
import { createProvider } from './idp/provider.ts';
import { idpPlugin } from './idp/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { metricsRoutes } from './modules/metrics/routes.ts';
import { metricsPlugin } from './modules/metrics/metrics-plugin.ts';
import { meRoutes } from './modules/me/routes.ts';
import { userConfigurationRoutes } from './modules/user-configuration/routes.ts';
import { seriesRoutes } from './modules/series/routes.ts';
import { seriesActionRoutes } from './modules/series/action-routes.ts';
import { heartbeatRoutes } from './modules/heartbeats/routes.ts';
import { certificateRoutes } from './modules/certificates/routes.ts';
import { accessoryRoutes } from './modules/accessories/routes.ts';
import { storeRoutes } from './modules/stores/routes.ts';
import { rightsRoutes } from './modules/rights/routes.ts';
import { warrantyRoutes } from './modules/warranty/routes.ts';
import { corruptedJobRoutes } from './modules/corrupted-jobs/routes.ts';
import { serialRangeRoutes } from './modules/serial-ranges/routes.ts';
import { factoryRoutes } from './modules/factory/routes.ts';
import { configurationRoutes } from './modules/configuration/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { recordAudit } from './modules/audit/service.ts';
import { directoryRoutes } from './modules/directory/routes.ts';
import { deviceRecordRoutes } from './modules/device-records/routes.ts';
import { screenshotRoutes } from './modules/screenshots/routes.ts';
import { deviceProtocolRoutes } from './modules/device-protocol/routes.ts';
import { deviceKeyRoutes } from './modules/device-keys/routes.ts';
import { jobRoutes } from './modules/jobs/routes.ts';
import { jobDetailRoutes } from './modules/jobs/detail-routes.ts';
import { updateRoutes } from './modules/updates/routes.ts';
import { rolloutRoutes } from './modules/updates/rollout-routes.ts';
import { rolloutSchedulerPlugin } from './modules/updates/rollout-scheduler.ts';
import { commercePlugin } from './modules/commerce/orders/commerce-plugin.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { dashboardRoutes } from './modules/dashboards/routes.ts';
import { orderRoutes } from './modules/commerce/orders/routes.ts';
import { paymentRoutes } from './modules/commerce/payments/routes.ts';
import { shippingRoutes } from './modules/commerce/shipping/routes.ts';
import { accountingRoutes } from './modules/commerce/accounting/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { serviceCenterRoutes } from './modules/service-centers/routes.ts';
import { vinDbRoutes } from './modules/vindb/routes.ts';
import { translationRoutes } from './modules/translations/routes.ts';
import { esatRoutes } from './modules/esat/routes.ts';
import { hubPlugin } from './modules/hub/hub-plugin.ts';
import { alertsPlugin } from './modules/alerts/alerts-plugin.ts';
import { alertRoutes } from './modules/alerts/routes.ts';
import { webhooksPlugin } from './modules/webhooks/webhooks-plugin.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { storagePlugin } from './plugins/storage.ts';
import { workFilesPlugin } from './plugins/work-files.ts';
import { heartbeatRecorderPlugin } from './modules/heartbeats/recorder-plugin.ts';
import { jobArchivePlugin } from './modules/jobs/archive-plugin.ts';
import { taskQueuePlugin } from './modules/tasks/task-queue.ts';
import { taskRoutes } from './modules/tasks/routes.ts';
import { jobExportRoutes } from './modules/jobs/export/routes.ts';
import { SERVER_DIR } from './paths.ts';
import { closeTableFileReaders } from './lib/table-file.ts';
import { responseSerializer } from './lib/response-serializer.ts';
import { tableImportUpkeep } from './modules/table-imports/routes.ts';

export const DEFAULT_WEB_DIR = path.join(SERVER_DIR, '../web/dist');

/** Longest path parameter the router takes (a media key, URL-encoded, is the longest there is). */
const MAX_PATH_PARAMETER = 1000;

export interface BuildOptions {
  config: Config;
  database: Database;
  webDir?: string;
  logger?: boolean;
  /** The time the sign-in throttle reads (Date.now): tests move it on instead of waiting. */
  signInClock?: () => number;
}

export async function buildApp({
  config,
  database,
  webDir = DEFAULT_WEB_DIR,
  logger = true,
  signInClock,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          // Every line says which node wrote it; the request's lines add its id (reqId).
          base: { pid: process.pid, hostname: hostname(), node: config.nodeName },
          redact: ['req.headers.authorization', 'req.headers.cookie'],
          ...(config.logFormat === 'pretty'
            ? {
                transport: {
                  target: 'pino-pretty',
                  options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,node', singleLine: true },
                },
              }
            : {}),
        }
      : false,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAMETER },
    // The router's own refusals leave in the same shape as every other error.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      const message =
        status === 414
          ? `Invalid path: a path parameter is longer than ${MAX_PATH_PARAMETER} characters`
          : `Invalid path: ${error.message}`;
      return (reply as FastifyReply).status(status).type('application/json').send({ status, message });
    },
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ checked: config.env === 'test' }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('stopping', false);
  app.addHook('onClose', closeTableFileReaders);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const settings = await loadAppSettings(config);
  const idpKeys = config.builtinIdp ? await loadOrCreateIdpKeys(database.db, config.dataDir) : null;

  // External plugins, then ours, then the routes.
  await app.register(errorsPlugin);
  await app.register(inputHygienePlugin);
  await app.register(compressionPlugin);
  await app.register(securityPlugin, {
    connectTo: [
      ...settings.trustedIssuers.map((p) => p.authority),
      ...(settings.client.errorReporting.dsn ? [settings.client.errorReporting.dsn] : []),
    ],
    imagesFrom: config.mediaS3 ? [config.mediaS3.endpoint] : [],
    https: config.publicUrl.startsWith('https:'),
  });
  await app.register(docsPlugin);
  await app.register(sharedStorePlugin);
  await app.register(authPlugin, { trustedIssuers: settings.trustedIssuers, idpKeys });
  await app.register(deviceAuthPlugin);
  await app.register(rightsPlugin);
  await app.register(metricsPlugin);
  await app.register(workFilesPlugin);
  await app.register(storagePlugin, { dataDir: config.dataDir, s3: config.mediaS3 });
  await app.register(heartbeatRecorderPlugin);
  await app.register(jobArchivePlugin);
  await app.register(taskQueuePlugin);
  await app.register(rolloutSchedulerPlugin);
  await app.register(commercePlugin);
  await app.register(hubPlugin);
  await app.register(alertsPlugin);
  await app.register(webhooksPlugin);

  if (idpKeys)
    await app.register(idpPlugin, {
      provider: await createProvider(config, database.db, idpKeys),
      keys: idpKeys,
      now: signInClock,
      recordAudit,
    });
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(meRoutes);
  await app.register(userConfigurationRoutes, {
    section: settings.client.variant,
    languages: settings.client.languages,
  });
  await app.register(seriesRoutes, {
    section: settings.client.variant,
    languages: settings.client.languages,
  });
  await app.register(seriesActionRoutes);
  await app.register(heartbeatRoutes);
  await app.register(certificateRoutes, {
    section: settings.client.variant,
    languages: settings.client.languages,
  });
  await app.register(accessoryRoutes);
  await app.register(rightsRoutes);
  await app.register(warrantyRoutes, {
    section: settings.client.variant,
    languages: settings.client.languages,
  });
  await app.register(corruptedJobRoutes);
  await app.register(serialRangeRoutes);
  await app.register(factoryRoutes);
  await app.register(configurationRoutes, {
    section: settings.client.variant,
    languages: settings.client.languages,
  });
  tableImportUpkeep(app);
  await app.register(storeRoutes, {
    section: settings.client.variant,
    languages: settings.client.languages,
  });
  await app.register(auditRoutes, {
    section: settings.client.variant,
    languages: settings.client.languages,
  });
  await app.register(directoryRoutes);
  await app.register(deviceRecordRoutes);
  await app.register(screenshotRoutes);
  await app.register(deviceProtocolRoutes);
  await app.register(deviceKeyRoutes);
  await app.register(jobRoutes);
  await app.register(jobDetailRoutes);
  await app.register(updateRoutes);
  await app.register(rolloutRoutes);
  await app.register(jobExportRoutes, {
    section: settings.client.variant,
    languages: settings.client.languages,
  });
  await app.register(taskRoutes);
  await app.register(addressRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(shippingRoutes);
  await app.register(catalogueRoutes);
  await app.register(serviceCenterRoutes);
  await app.register(accountingRoutes, {
    section: settings.client.variant,
    languages: settings.client.languages,
  });
  await app.register(dashboardRoutes);
  await app.register(vinDbRoutes, {
    section: settings.client.variant,
    languages: settings.client.languages,
  });
  await app.register(translationRoutes, {
    variant: settings.client.variant,
    languages: settings.client.languages,
  });
  await app.register(alertRoutes);
  await app.register(webhookRoutes);
  await app.register(esatRoutes, {
    section: settings.client.variant,
    languages: settings.client.languages,
  });
  await app.register(consolePlugin, { basePath: config.basePath, webDir, appSettings: settings.client });
  return app;
}
