import {
  dashboardDeviceTypesAnswerSchema,
  dashboardListAnswerSchema,
  dashboardSchema,
  widgetDataAnswerSchema,
  type DashboardInput,
  type DashboardWidget,
} from '@fleet/contract';
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../lib/api';

export const DASHBOARDS_KEY = ['dashboards'] as const;
/** The numbers move with the fleet: a dashboard left open counts again every minute. */
const DATA_REFRESH_MS = 60_000;

const LIST_KEY = [...DASHBOARDS_KEY, 'list'] as const;
const ONE_KEY = [...DASHBOARDS_KEY, 'one'] as const;

export const dashboardListQuery = queryOptions({
  queryKey: LIST_KEY,
  queryFn: ({ signal }) => apiRequest('/Dashboards', { schema: dashboardListAnswerSchema, signal }),
});

export function dashboardQuery(id: number | null) {
  return queryOptions({
    queryKey: [...ONE_KEY, id],
    queryFn: ({ signal }) => apiRequest(`/Dashboards/${id}`, { schema: dashboardSchema, signal }),
    enabled: id !== null,
  });
}

/** The device types a widget may be narrowed to: the editor's own fleet's. */
export const dashboardDeviceTypesQuery = queryOptions({
  queryKey: [...DASHBOARDS_KEY, 'device-types'],
  queryFn: ({ signal }) =>
    apiRequest('/Dashboards/DeviceTypes', { schema: dashboardDeviceTypesAnswerSchema, signal }),
  staleTime: 5 * 60_000,
});

/** What changes a widget's numbers: its layout and title do not, so moving one counts nothing again. */
const countedPart = ({ layout: _layout, title: _title, ...counted }: DashboardWidget) => counted;

export function widgetDataQuery(widgets: readonly DashboardWidget[]) {
  return queryOptions({
    queryKey: [...DASHBOARDS_KEY, 'data', widgets.map(countedPart)],
    queryFn: ({ signal }) =>
      apiRequest('/Dashboards/Data', {
        method: 'POST',
        body: { widgets },
        schema: widgetDataAnswerSchema,
        signal,
      }),
    enabled: widgets.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: DATA_REFRESH_MS,
  });
}

/** A dashboard added: the list that offers it reloads (the numbers are not counted again). */
export const createDashboardMutation = mutationOptions({
  mutationKey: [...DASHBOARDS_KEY, 'create'],
  mutationFn: (body: DashboardInput) =>
    apiRequest('/Dashboards', { method: 'POST', body, schema: dashboardSchema }),
  meta: { changes: [LIST_KEY] },
});

/** A dashboard saved: the list (its name) and the dashboard itself reload. */
export const updateDashboardMutation = mutationOptions({
  mutationKey: [...DASHBOARDS_KEY, 'update'],
  mutationFn: ({ id, body }: { id: number; body: DashboardInput & { version: number } }) =>
    apiRequest(`/Dashboards/${id}`, { method: 'PUT', body, schema: dashboardSchema }),
  meta: { changes: [LIST_KEY, ONE_KEY] },
});

export const deleteDashboardMutation = mutationOptions({
  mutationKey: [...DASHBOARDS_KEY, 'delete'],
  mutationFn: (id: number) => apiRequest(`/Dashboards/${id}`, { method: 'DELETE', schema: noContent }),
  meta: { changes: [LIST_KEY] },
});
