import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboardDeviceTypesAnswerSchema,
  dashboardInputSchema,
  dashboardListAnswerSchema,
  dashboardSchema,
  dashboardUpdateSchema,
  idParamSchema,
  widgetDataAnswerSchema,
  widgetDataRequestSchema,
} from '@fleet/contract';
import { signedInUser } from '../../lib/request.ts';
import { deviceTypesInScope } from './data.ts';
import {
  createDashboard,
  dashboardData,
  deleteDashboard,
  listDashboards,
  openDashboard,
  updateDashboard,
} from './service.ts';

const tags = ['dashboards'];
const params = z.object({ id: idParamSchema });

/** Dashboards (docs/insights.md): viewers open and compute them, editors save them. */
export async function dashboardRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  routes.get(
    '/api/Dashboards',
    {
      config: { access: { feature: 'DASHBOARD' } },
      schema: {
        operationId: 'listDashboards',
        tags,
        summary: "The dashboards of the user's company (the maker's staff share theirs)",
        response: { 200: dashboardListAnswerSchema },
      },
    },
    async (request) => listDashboards(db(), signedInUser(request)),
  );
  routes.get(
    '/api/Dashboards/DeviceTypes',
    {
      config: { access: { feature: 'DASHBOARD.EDIT' } },
      schema: {
        operationId: 'listDashboardDeviceTypes',
        tags,
        summary: "The device types a widget may be narrowed to: those of the user's devices",
        response: { 200: dashboardDeviceTypesAnswerSchema },
      },
    },
    async (request) => ({ types: await deviceTypesInScope(db(), signedInUser(request)) }),
  );
  routes.get(
    '/api/Dashboards/:id',
    {
      config: { access: { feature: 'DASHBOARD' }, audit: { none: 'remembers the dashboard last opened' } },
      schema: {
        operationId: 'getDashboard',
        tags,
        summary: 'A dashboard with its widgets; it becomes the one this user opens next',
        params,
        response: { 200: dashboardSchema },
      },
    },
    async (request) => openDashboard(db(), signedInUser(request), request.params.id),
  );
  routes.post(
    '/api/Dashboards',
    {
      config: { access: { feature: 'DASHBOARD.EDIT' }, audit: { actions: ['dashboard.create'] } },
      schema: {
        operationId: 'createDashboard',
        tags,
        summary: 'Saves a new dashboard for the company',
        body: dashboardInputSchema,
        response: { 201: dashboardSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDashboard(db(), signedInUser(request), request.body)),
  );
  routes.put(
    '/api/Dashboards/:id',
    {
      config: { access: { feature: 'DASHBOARD.EDIT' }, audit: { actions: ['dashboard.update'] } },
      schema: {
        operationId: 'updateDashboard',
        tags,
        summary: 'Saves a dashboard over the version it was read at (409 when another save came first)',
        params,
        body: dashboardUpdateSchema,
        response: { 200: dashboardSchema },
      },
    },
    async (request) => updateDashboard(db(), signedInUser(request), request.params.id, request.body),
  );
  routes.delete(
    '/api/Dashboards/:id',
    {
      config: { access: { feature: 'DASHBOARD.EDIT' }, audit: { actions: ['dashboard.delete'] } },
      schema: {
        operationId: 'deleteDashboard',
        tags,
        summary: 'Deletes a dashboard',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteDashboard(db(), signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  routes.post(
    '/api/Dashboards/Data',
    {
      config: { access: { feature: 'DASHBOARD' }, audit: { none: 'reads only' } },
      schema: {
        operationId: 'computeDashboardData',
        tags,
        summary: "Every widget's numbers, counted on the server over the user's own devices and jobs",
        body: widgetDataRequestSchema,
        response: { 200: widgetDataAnswerSchema },
      },
    },
    async (request) =>
      dashboardData(db(), request.body.widgets, {
        user: signedInUser(request),
        aliveSince: new Date(Date.now() - app.config.heartbeatAliveSeconds * 1000),
        now: new Date(),
      }),
  );
}
