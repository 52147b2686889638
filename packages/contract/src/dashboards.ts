import { z } from 'zod';
import { JOB_STATUSES, JOB_TYPES } from './jobs.ts';
import { DEVICE_STATUS_CODES } from './series.ts';

/** Chart types of spec §3 and jobs §9. */
export const CHART_TYPES = [
  'bar',
  'line',
  'area',
  'radar',
  'scatter',
  'heatmap',
  'pie',
  'donut',
  'table',
] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** What a widget counts. Every measure is a count of the source's records, or each group's share of it. */
export const WIDGET_SOURCES = ['devices', 'calibration', 'jobs'] as const;
export type WidgetSource = (typeof WIDGET_SOURCES)[number];
export const WIDGET_MEASURES = ['count', 'share'] as const;
export type WidgetMeasure = (typeof WIDGET_MEASURES)[number];

/** The dimensions a widget groups by, per source; `month` and `year` are the spec's time groupings. */
export const WIDGET_DIMENSIONS = {
  devices: ['device_status', 'device_type', 'country', 'version', 'connection'],
  calibration: ['calibration_status', 'device_type'],
  jobs: ['month', 'year', 'job_type', 'job_status', 'device_type'],
} as const satisfies Record<WidgetSource, readonly string[]>;
export type WidgetDimension = (typeof WIDGET_DIMENSIONS)[WidgetSource][number];
export const ALL_WIDGET_DIMENSIONS = [
  ...new Set(Object.values(WIDGET_DIMENSIONS).flat()),
] as WidgetDimension[];
export const TIME_DIMENSIONS = ['month', 'year'] as const;

/** Calibration groups: the certificate statuses of spec §4 and devices with no certificate. */
export const CALIBRATION_GROUPS = ['Ok', 'Warning', 'Urgent', 'Expired', 'None'] as const;
export const CONNECTION_GROUPS = ['online', 'offline'] as const;

/** The values a dimension can take, in the order charts show them; undefined where they are open-ended. */
export function dimensionValues(dimension: WidgetDimension): readonly string[] | undefined {
  switch (dimension) {
    case 'device_status':
      return DEVICE_STATUS_CODES;
    case 'connection':
      return CONNECTION_GROUPS;
    case 'calibration_status':
      return CALIBRATION_GROUPS;
    case 'job_type':
      return JOB_TYPES.map((_, index) => String(index));
    case 'job_status':
      return JOB_STATUSES.map((_, index) => String(index));
    default:
      return undefined;
  }
}

/** Chart types that draw one series only: a split makes no sense on them. */
export const SINGLE_SERIES_CHARTS: readonly ChartType[] = ['pie', 'donut'];
/** Chart types that need two dimensions. */
export const TWO_DIMENSION_CHARTS: readonly ChartType[] = ['heatmap'];

export const DASHBOARD_GRID_COLUMNS = 12;
export const DASHBOARD_MAX_WIDGETS = 24;
export const WIDGET_MAX_MONTHS = 120;
export const WIDGET_DEFAULT_MONTHS = 12;

export const widgetLayoutSchema = z
  .object({
    x: z
      .number()
      .int()
      .min(0)
      .max(DASHBOARD_GRID_COLUMNS - 1),
    y: z.number().int().min(0).max(200),
    w: z.number().int().min(2).max(DASHBOARD_GRID_COLUMNS),
    h: z.number().int().min(2).max(8),
  })
  .refine((layout) => layout.x + layout.w <= DASHBOARD_GRID_COLUMNS, {
    message: `x + w must be at most ${DASHBOARD_GRID_COLUMNS}`,
    path: ['w'],
  });
export type WidgetLayout = z.infer<typeof widgetLayoutSchema>;

const dimension = z.enum(ALL_WIDGET_DIMENSIONS as [WidgetDimension, ...WidgetDimension[]]);

export const dashboardWidgetSchema = z
  .object({
    id: z
      .string()
      .max(32)
      .regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1 to 32 letters, digits, - or _')
      .meta({ examples: ['w1'] }),
    title: z.string().trim().max(80).optional(),
    source: z.enum(WIDGET_SOURCES),
    measure: z.enum(WIDGET_MEASURES).default('count'),
    groupBy: dimension,
    splitBy: dimension.optional(),
    chartType: z.enum(CHART_TYPES),
    /** Jobs only: how many months back from the current one, the current one included. */
    months: z.number().int().min(1).max(WIDGET_MAX_MONTHS).optional(),
    /** Jobs only: count synthetic jobs (self-tests, reference runs) too. */
    synthetic: z.boolean().optional(),
    /** Only these device types; every type when absent. */
    deviceTypes: z.array(z.string().min(1).max(32)).max(20).optional(),
    layout: widgetLayoutSchema,
  })
  .superRefine((widget, context) => {
    const problem = widgetProblem(widget);
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type DashboardWidget = z.infer<typeof dashboardWidgetSchema>;
export type DashboardWidgetInput = z.input<typeof dashboardWidgetSchema>;

type WidgetShape = Pick<
  DashboardWidget,
  'source' | 'groupBy' | 'splitBy' | 'chartType' | 'months' | 'synthetic'
>;

/** Why a widget cannot be computed: a code the console translates, the field, and the API's words. */
export interface WidgetProblem {
  field: 'groupBy' | 'splitBy' | 'months' | 'synthetic';
  code: 'dimension' | 'same' | 'single_series' | 'needs_split' | 'jobs_only';
  message: string;
}

/** Why the server could not compute a widget, naming the field; null when it can. */
export function widgetProblem(widget: WidgetShape): WidgetProblem | null {
  const allowed: readonly string[] = WIDGET_DIMENSIONS[widget.source];
  const list = allowed.join(', ');
  if (!allowed.includes(widget.groupBy))
    return { field: 'groupBy', code: 'dimension', message: `must be one of ${list} for ${widget.source}` };
  if (widget.splitBy !== undefined) {
    if (!allowed.includes(widget.splitBy))
      return { field: 'splitBy', code: 'dimension', message: `must be one of ${list} for ${widget.source}` };
    if (widget.splitBy === widget.groupBy)
      return { field: 'splitBy', code: 'same', message: 'must differ from groupBy' };
    if (SINGLE_SERIES_CHARTS.includes(widget.chartType))
      return {
        field: 'splitBy',
        code: 'single_series',
        message: `must be absent for a ${widget.chartType} chart`,
      };
  } else if (TWO_DIMENSION_CHARTS.includes(widget.chartType)) {
    return { field: 'splitBy', code: 'needs_split', message: `is required for a ${widget.chartType} chart` };
  }
  if (widget.source !== 'jobs') {
    if (widget.months !== undefined)
      return { field: 'months', code: 'jobs_only', message: 'applies to jobs only' };
    if (widget.synthetic !== undefined)
      return { field: 'synthetic', code: 'jobs_only', message: 'applies to jobs only' };
  }
  return null;
}

export const dashboardWidgetsSchema = z
  .array(dashboardWidgetSchema)
  .max(DASHBOARD_MAX_WIDGETS)
  .superRefine((widgets, context) => {
    const seen = new Set<string>();
    widgets.forEach((widget, index) => {
      if (seen.has(widget.id))
        context.addIssue({ code: 'custom', path: [index, 'id'], message: 'is used by another widget' });
      seen.add(widget.id);
    });
  });

export const dashboardInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .meta({ examples: ['Fleet overview'] }),
  widgets: dashboardWidgetsSchema,
});
export type DashboardInput = z.input<typeof dashboardInputSchema>;

export const dashboardUpdateSchema = dashboardInputSchema.extend({
  /** The version the editor started from: a save over another one is refused (409). */
  version: z.number().int().min(1),
});

export const dashboardSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  widgetCount: z.number().int(),
  updatedAt: z.string(),
});
export const dashboardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  widgets: z.array(dashboardWidgetSchema),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardListAnswerSchema = z.object({
  data: z.array(dashboardSummarySchema),
  /** The dashboard this user opened last, when it still exists. */
  lastViewed: z.number().int().nullable(),
});
export type DashboardListAnswer = z.infer<typeof dashboardListAnswerSchema>;

/** `POST /Dashboards/Data`: the widgets to compute (saved or being edited). */
export const widgetDataRequestSchema = z.object({ widgets: dashboardWidgetsSchema.min(1) });

/**
 * A widget's numbers as one matrix: `categories` along the groupBy dimension, one series per value of
 * the splitBy dimension (a single `count` series without a split). Keys are raw values (a status code,
 * a job type number, `2026-03`); the console names them.
 */
export const widgetDataSchema = z.object({
  id: z.string(),
  categories: z.array(z.string()),
  series: z.array(z.object({ key: z.string(), values: z.array(z.number()) })),
  total: z.number(),
});
export type WidgetData = z.infer<typeof widgetDataSchema>;
export const widgetDataAnswerSchema = z.object({ data: z.array(widgetDataSchema) });
export type WidgetDataAnswer = z.infer<typeof widgetDataAnswerSchema>;

/** `GET /Dashboards/DeviceTypes`: the device types a widget may be narrowed to, those of the user's fleet. */
export const dashboardDeviceTypesAnswerSchema = z.object({ types: z.array(z.string()) });

/** The key of the single series of a widget without a split. */
export const UNSPLIT_SERIES = 'count';

/** The widgets a new dashboard starts with, so that the screen is never empty. */
export const DASHBOARD_TEMPLATE: readonly DashboardWidgetInput[] = [
  {
    id: 'online',
    source: 'devices',
    groupBy: 'connection',
    chartType: 'donut',
    layout: { x: 0, y: 0, w: 4, h: 3 },
  },
  {
    id: 'statuses',
    source: 'devices',
    groupBy: 'device_status',
    chartType: 'pie',
    layout: { x: 4, y: 0, w: 4, h: 3 },
  },
  {
    id: 'calibration',
    source: 'calibration',
    groupBy: 'calibration_status',
    chartType: 'bar',
    layout: { x: 8, y: 0, w: 4, h: 3 },
  },
  {
    id: 'jobs-by-type',
    source: 'jobs',
    groupBy: 'month',
    splitBy: 'job_type',
    chartType: 'bar',
    months: 12,
    layout: { x: 0, y: 3, w: 8, h: 4 },
  },
  {
    id: 'versions',
    source: 'devices',
    groupBy: 'version',
    splitBy: 'device_type',
    chartType: 'bar',
    layout: { x: 8, y: 3, w: 4, h: 4 },
  },
  {
    id: 'jobs-by-status',
    source: 'jobs',
    groupBy: 'month',
    splitBy: 'job_status',
    chartType: 'area',
    months: 12,
    layout: { x: 0, y: 7, w: 6, h: 4 },
  },
  {
    id: 'jobs-per-year',
    source: 'jobs',
    groupBy: 'year',
    splitBy: 'device_type',
    chartType: 'table',
    months: 36,
    layout: { x: 6, y: 7, w: 6, h: 4 },
  },
];
