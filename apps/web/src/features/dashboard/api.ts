import {
  dashboardListAnswerSchema,
  dashboardSchema,
  widgetDataAnswerSchema,
  type DashboardInput,
  type DashboardWidget,
} from '@fleet/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../lib/api';

export const DASHBOARDS_KEY = ['dashboards'] as const;
/** The numbers move with the fleet: a dashboard left open counts again every minute. */
const DATA_REFRESH_MS = 60_000;

export const dashboardListQuery = queryOptions({
  queryKey: [...DASHBOARDS_KEY, 'list'],
  queryFn: ({ signal }) => apiRequest('/Dashboards', { schema: dashboardListAnswerSchema, signal }),
});

export function dashboardQuery(id: number | null) {
  return queryOptions({
    queryKey: [...DASHBOARDS_KEY, 'one', id],
    queryFn: ({ signal }) => apiRequest(`/Dashboards/${id}`, { schema: dashboardSchema, signal }),
    enabled: id !== null,
  });
}

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

export const createDashboard = (body: DashboardInput) =>
  apiRequest('/Dashboards', { method: 'POST', body, schema: dashboardSchema });

export const updateDashboard = (id: number, body: DashboardInput & { version: number }) =>
  apiRequest(`/Dashboards/${id}`, { method: 'PUT', body, schema: dashboardSchema });

export const deleteDashboard = (id: number) =>
  apiRequest(`/Dashboards/${id}`, { method: 'DELETE', schema: noContent });
