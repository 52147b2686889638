import {
  CHART_PALETTE,
  UNSPLIT_SERIES,
  paletteColours,
  type DashboardWidget,
  type WidgetData,
  type WidgetDimension,
} from '@fleet/contract';

export type KeyColours = (key: string) => string;

/** A key with its dimension: job type 0 and job status 0 are different things with different colours. */
export const colourKey = (dimension: WidgetDimension | undefined, key: string) => `${dimension ?? ''}:${key}`;

/**
 * Keys whose colour says what they are, on every dashboard: online green and offline grey, calibration
 * statuses in the colours of spec §3 (Mantine's shades of its named colours).
 */
const FIXED_COLOURS: Record<string, string> = {
  'connection:online': '#2f9e44',
  'connection:offline': '#868e96',
  'calibration_status:Ok': '#2f9e44',
  'calibration_status:Warning': '#fab005',
  'calibration_status:Urgent': '#e03131',
  'calibration_status:Expired': '#343a40',
  'calibration_status:None': '#adb5bd',
};

/** The keys a widget colours: its series, or its categories where each category is a slice or a bar. */
function colouredKeys(widget: DashboardWidget, data: WidgetData): string[] {
  if (widget.splitBy) return data.series.map((one) => colourKey(widget.splitBy, one.key));
  return [UNSPLIT_SERIES, ...data.categories.map((key) => colourKey(widget.groupBy, key))];
}

/** One colour per key over the whole dashboard, so that a status keeps its colour on every widget. */
export function dashboardColours(
  widgets: readonly DashboardWidget[],
  dataOf: (id: string) => WidgetData | undefined,
): KeyColours {
  const keys = widgets.flatMap((widget) => {
    const data = dataOf(widget.id);
    return data ? colouredKeys(widget, data) : [];
  });
  const colours = paletteColours(keys.filter((key) => !(key in FIXED_COLOURS)));
  return (key) => FIXED_COLOURS[key] ?? colours.get(key) ?? CHART_PALETTE[0];
}
