import { DASHBOARD_GRID_COLUMNS, type WidgetLayout } from '@fleet/contract';

/** Rows of the grid, from the contract's bounds of a widget's layout. */
const MIN_SIZE = 2;
const MAX_HEIGHT = 8;
const MAX_ROW = 200;

interface Placed {
  id: string;
  layout: WidgetLayout;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function overlaps(a: WidgetLayout, b: WidgetLayout): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** A layout moved by whole cells, kept inside the grid. */
export function moveBy(layout: WidgetLayout, dx: number, dy: number): WidgetLayout {
  return {
    ...layout,
    x: clamp(layout.x + dx, 0, DASHBOARD_GRID_COLUMNS - layout.w),
    y: clamp(layout.y + dy, 0, MAX_ROW),
  };
}

/** A layout resized by whole cells, kept inside the grid and the contract's bounds. */
export function resizeBy(layout: WidgetLayout, dw: number, dh: number): WidgetLayout {
  return {
    ...layout,
    w: clamp(layout.w + dw, MIN_SIZE, DASHBOARD_GRID_COLUMNS - layout.x),
    h: clamp(layout.h + dh, MIN_SIZE, MAX_HEIGHT),
  };
}

/**
 * Puts the widget `placedId` where its layout says and pushes the widgets it lands on downwards, each as
 * little as it takes, so that no two overlap. Gaps stay where the user left them.
 */
export function settle<T extends Placed>(widgets: readonly T[], placedId: string): T[] {
  const placed = widgets.find((widget) => widget.id === placedId);
  if (!placed) return [...widgets];
  const others = widgets
    .filter((widget) => widget.id !== placedId)
    .sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
  const settled: T[] = [placed];
  for (const widget of others) {
    let layout = widget.layout;
    while (settled.some((one) => overlaps(one.layout, layout))) layout = { ...layout, y: layout.y + 1 };
    settled.push(layout === widget.layout ? widget : { ...widget, layout });
  }
  return reading(settled);
}

/**
 * The widgets left when `removedId` goes: those under it rise into the rows it held, each as far as it can
 * without landing on another and no higher than the removed widget's top, so no hole is left where it was.
 * Gaps the user left elsewhere stay.
 */
export function without<T extends Placed>(widgets: readonly T[], removedId: string): T[] {
  const removed = widgets.find((widget) => widget.id === removedId);
  if (!removed) return [...widgets];
  const { x, w, y, h } = removed.layout;
  const below = (one: WidgetLayout) => one.y >= y + h && one.x < x + w && x < one.x + one.w;
  const kept: T[] = [];
  for (const widget of reading(widgets.filter((one) => one.id !== removedId))) {
    let layout = widget.layout;
    if (below(layout)) {
      const floor = Math.max(y, layout.y - h);
      while (layout.y > floor) {
        const higher = { ...layout, y: layout.y - 1 };
        if (kept.some((one) => overlaps(one.layout, higher))) break;
        layout = higher;
      }
    }
    kept.push(layout === widget.layout ? widget : { ...widget, layout });
  }
  return reading(kept);
}

/** Widgets in reading order (row, then column): the order they stack in on a narrow screen. */
export function reading<T extends Placed>(widgets: readonly T[]): T[] {
  return [...widgets].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
}

/** Where a new widget goes: the first row under every widget, at the left. */
export function nextSlot(widgets: readonly Placed[], w: number, h: number): WidgetLayout {
  const bottom = Math.max(0, ...widgets.map((widget) => widget.layout.y + widget.layout.h));
  return { x: 0, y: bottom, w, h };
}
