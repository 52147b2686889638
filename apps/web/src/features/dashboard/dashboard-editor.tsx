import type { DashboardWidget, WidgetData, WidgetLayout } from '@fleet/contract';
import { ActionIcon, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CrossIcon, MoveIcon, ResizeIcon, SlidersIcon } from '../../components/icons';
import type { KeyColours } from './key-colours';
import { moveBy, reading, resizeBy, settle } from './grid-layout';
import { WidgetCard, useWidgetTitle } from './widget-card';
import classes from './dashboard.module.css';

export interface WidgetCall {
  dataOf: (id: string) => WidgetData | undefined;
  loading: boolean;
  error: unknown;
  retry: () => void;
}

interface GridProps {
  widgets: readonly DashboardWidget[];
  call: WidgetCall;
  colours: KeyColours;
  /** Given while editing: the widgets' handles change the layout through it. */
  editing?: {
    onChange: (widgets: DashboardWidget[]) => void;
    onSettings: (widget: DashboardWidget) => void;
    onRemove: (widget: DashboardWidget) => void;
  };
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

interface Drag {
  mode: 'move' | 'resize';
  id: string;
  x: number;
  y: number;
  start: WidgetLayout;
}

/** The 12-column grid of a dashboard's widgets; while editing, each can be moved, resized, set and removed. */
export function DashboardGrid({ widgets, call, colours, editing }: GridProps) {
  const { t } = useTranslation();
  const titleOf = useWidgetTitle();
  const grid = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const place = (id: string, layout: WidgetLayout) => {
    const moved = widgets.map((widget) => (widget.id === id ? { ...widget, layout } : widget));
    editing?.onChange(settle(moved, id));
  };

  const onKey = (widget: DashboardWidget, event: KeyboardEvent) => {
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    const [dx, dy] = arrow;
    const layout = event.shiftKey ? resizeBy(widget.layout, dx, dy) : moveBy(widget.layout, dx, dy);
    place(widget.id, layout);
    setAnnouncement(
      t(event.shiftKey ? 'dashboard.edit.resized' : 'dashboard.edit.moved', {
        title: titleOf(widget),
        column: layout.x + 1,
        row: layout.y + 1,
        width: layout.w,
        height: layout.h,
      }),
    );
  };

  const startDrag = (widget: DashboardWidget, mode: Drag['mode'], event: PointerEvent<HTMLElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { mode, id: widget.id, x: event.clientX, y: event.clientY, start: widget.layout };
  };
  const onDrag = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || !grid.current) return;
    const style = getComputedStyle(grid.current);
    const gap = parseFloat(style.columnGap) || 0;
    const cell = (grid.current.clientWidth + gap) / 12;
    const row = (parseFloat(style.gridAutoRows) || 80) + gap;
    const dx = Math.round((event.clientX - current.x) / cell);
    const dy = Math.round((event.clientY - current.y) / row);
    const layout = current.mode === 'move' ? moveBy(current.start, dx, dy) : resizeBy(current.start, dx, dy);
    const widget = widgets.find((one) => one.id === current.id);
    if (widget && JSON.stringify(widget.layout) !== JSON.stringify(layout)) place(current.id, layout);
  };
  const endDrag = () => {
    drag.current = null;
  };
  /** What makes a handle draggable: the move handle moves, the corner grip resizes. */
  const dragProps = (widget: DashboardWidget, mode: Drag['mode']) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => startDrag(widget, mode, event),
    onPointerMove: onDrag,
    onPointerUp: endDrag,
    onPointerCancel: endDrag,
  });

  return (
    <>
      <div ref={grid} className={`${classes.grid} ${editing ? classes.editing : ''}`}>
        {reading(widgets).map((widget) => {
          const title = titleOf(widget);
          const controls = editing && (
            <Group gap={2} wrap="nowrap">
              <Tooltip label={t('dashboard.edit.move_hint')}>
                <ActionIcon
                  variant="subtle"
                  className={classes.handle}
                  aria-label={t('dashboard.edit.move', { title })}
                  aria-description={t('dashboard.edit.move_hint')}
                  onKeyDown={(event) => onKey(widget, event)}
                  {...dragProps(widget, 'move')}
                >
                  <MoveIcon />
                </ActionIcon>
              </Tooltip>
              <ActionIcon
                variant="subtle"
                aria-label={t('dashboard.edit.settings', { title })}
                onClick={() => editing.onSettings(widget)}
              >
                <SlidersIcon />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('dashboard.edit.remove', { title })}
                onClick={() => editing.onRemove(widget)}
              >
                <CrossIcon />
              </ActionIcon>
            </Group>
          );
          return (
            <div
              key={widget.id}
              className={classes.item}
              data-widget={widget.id}
              data-chart-type={widget.chartType}
              style={
                {
                  '--x': widget.layout.x + 1,
                  '--y': widget.layout.y + 1,
                  '--w': widget.layout.w,
                  '--h': widget.layout.h,
                } as CSSProperties
              }
            >
              <WidgetCard
                widget={widget}
                data={call.dataOf(widget.id)}
                colours={colours}
                loading={call.loading}
                error={call.error}
                onRetry={call.retry}
                controls={controls}
              />
              {editing && (
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  className={classes.resize}
                  tabIndex={-1}
                  aria-hidden="true"
                  {...dragProps(widget, 'resize')}
                >
                  <ResizeIcon />
                </ActionIcon>
              )}
            </div>
          );
        })}
      </div>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
