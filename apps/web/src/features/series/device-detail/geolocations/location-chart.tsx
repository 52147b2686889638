import { ActionIcon, Tooltip, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { ScatterChart, type ScatterSeriesOption } from 'echarts/charts';
import { GeoComponent, TooltipComponent } from 'echarts/components';
import type { GeoComponentOption, TooltipComponentOption } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ComposeOption, EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { FeatureCollection } from 'geojson';
import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { htmlLang } from '../../../../lib/i18n';
import { clusterIndices, groupCenter, groupsKey, markSize } from './clusters';
import { markLines, type DeviceLocation } from './location-label';
import classes from './location-map.module.css';
import { mapColors } from './map-colors';
import { aspectScale, boundsCenter, fitBounds } from './map-view';

// Only what this map draws: a geo base layer, one scatter series, its tooltip, on a canvas.
echarts.use([GeoComponent, ScatterChart, TooltipComponent, CanvasRenderer]);

type MapOption = ComposeOption<GeoComponentOption | ScatterSeriesOption | TooltipComponentOption>;

const WORLD_MAP = 'fleet-world';
const SERIES_ID = 'positions';
/** The closest view, in degrees across: about 2 km, enough to tell apart positions in a town. */
const CLOSEST_SPAN = 0.02;
/** Keyboard and button steps: a pan of this many pixels, a zoom by this factor. */
const PAN_STEP = 80;
const ZOOM_STEP = 2;

/** Registers the base layer, once the map data has loaded (the data comes in its own chunk). */
export function registerWorld(geo: FeatureCollection) {
  if (!echarts.getMap(WORLD_MAP))
    echarts.registerMap(WORLD_MAP, geo as Parameters<typeof echarts.registerMap>[1]);
}

/** A mark on the map: one position, or a group of close ones (indexes in the list, newest first). */
interface Mark {
  value: [number, number];
  members: number[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The reported positions on a world map drawn from bundled Natural Earth shapes: it opens fitted to the
 * positions, moves and zooms with the mouse, the keyboard or its buttons, and groups positions that would
 * overlap at the current zoom into numbered marks.
 */
export function LocationChart({
  locations,
  describedBy,
}: {
  locations: readonly DeviceLocation[];
  /** The ids of the texts that tell what the map shows and how to move it. */
  describedBy: string;
}) {
  const { t, i18n } = useTranslation();
  const date = useDateFormat();
  const locale = htmlLang(i18n.language);
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  const colors = useMemo(() => mapColors(theme, scheme), [theme, scheme]);
  const chartRef = useRef<EChartsType | null>(null);
  const shownKey = useRef('');
  const frame = useRef(0);

  const bounds = useMemo(
    () => fitBounds(locations.map((location) => ({ long: location.longitude, lat: location.latitude }))),
    [locations],
  );
  const center = useMemo(() => boundsCenter(bounds), [bounds]);

  const option = useMemo<MapOption>(() => {
    const across = Math.max(bounds.east - bounds.west, bounds.north - bounds.south);
    return {
      backgroundColor: colors.sea,
      // Going back to all positions glides there, briefly.
      animationDurationUpdate: 400,
      tooltip: {
        trigger: 'item',
        confine: true,
        backgroundColor: colors.tooltip.background,
        borderColor: colors.tooltip.border,
        textStyle: { color: colors.tooltip.text },
        formatter: (params) => {
          const { members } = (params as unknown as { data: Mark }).data;
          const [first, ...rest] = markLines(members, locations, t, date.long, locale).map(escapeHtml);
          return [`<strong>${first}</strong>`, ...rest].join('<br/>');
        },
      },
      geo: {
        map: WORLD_MAP,
        roam: true,
        // Dragged and zoomed from anywhere on the map, not only over the positions' part of it.
        roamTrigger: 'global',
        // Opens on the positions: this part of the world fills the view at zoom 1.
        boundingCoords: [
          [bounds.west, bounds.north],
          [bounds.east, bounds.south],
        ],
        center,
        zoom: 1,
        aspectScale: aspectScale(bounds),
        scaleLimit: {
          min: Math.min((bounds.east - bounds.west) / 360, (bounds.north - bounds.south) / 180),
          max: across / CLOSEST_SPAN,
        },
        top: 8,
        bottom: 8,
        left: 8,
        right: 8,
        // The land keeps its shape: the positions' part fits inside, whatever the map's width.
        preserveAspect: 'contain',
        silent: true,
        label: { show: false },
        emphasis: { disabled: true },
        select: { disabled: true },
        itemStyle: { areaColor: colors.land, borderColor: colors.border, borderWidth: 0.6 },
      },
      series: [
        {
          id: SERIES_ID,
          type: 'scatter',
          coordinateSystem: 'geo',
          animation: false,
          cursor: 'pointer',
          itemStyle: { color: colors.point, borderColor: colors.ring, borderWidth: 2, opacity: 1 },
          label: { show: false, fontWeight: 'bold', color: colors.pointLabel },
          emphasis: { scale: 1.25 },
          // Filled by `regroup` once the chart knows where each position falls on screen.
          data: [],
        },
      ],
    };
  }, [bounds, center, colors, date, locale, locations, t]);

  const marks = useCallback(
    (groups: number[][]) =>
      groups
        .map((members) => {
          const newest = members[0] === 0;
          const count = members.length;
          return {
            value: groupCenter(members, locations),
            members,
            symbolSize: markSize(count),
            itemStyle: newest ? { color: colors.newest } : undefined,
            label: {
              show: count > 1,
              formatter: String(count),
              color: newest ? colors.newestLabel : colors.pointLabel,
            },
          };
        })
        // The group with the newest position is drawn last, on top.
        .reverse(),
    [colors, locations],
  );

  /** Groups the positions that overlap at the current zoom; redraws only when the groups change. */
  const regroup = useCallback(
    (chart: EChartsType) => {
      cancelAnimationFrame(frame.current);
      // On the next frame: ECharts refuses a new option while it is still handling an event.
      frame.current = requestAnimationFrame(() => {
        if (chart.isDisposed()) return;
        const pixels = locations.map(
          (location) => chart.convertToPixel({ geoIndex: 0 }, [location.longitude, location.latitude]) ?? [],
        );
        const groups = clusterIndices(pixels);
        const key = groupsKey(groups);
        if (key === shownKey.current) return;
        shownKey.current = key;
        chart.setOption({ series: [{ id: SERIES_ID, data: marks(groups) }] });
      });
    },
    [locations, marks],
  );

  // A new option (other positions, language or colours) comes without marks: group again.
  useEffect(() => {
    shownKey.current = '';
    if (chartRef.current) regroup(chartRef.current);
  }, [option, regroup]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const roam = useCallback((move: { dx?: number; dy?: number; zoom?: number }) => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.dispatchAction({
      type: 'geoRoam',
      geoIndex: 0,
      ...(move.zoom
        ? { zoom: move.zoom, originX: chart.getWidth() / 2, originY: chart.getHeight() / 2 }
        : { dx: move.dx ?? 0, dy: move.dy ?? 0 }),
    });
  }, []);

  const showAll = useCallback(() => {
    chartRef.current?.setOption({ geo: { center, zoom: 1 } });
  }, [center]);

  const onEvents = useMemo(
    () => ({
      georoam: (_: unknown, chart: EChartsType) => regroup(chart),
      // After each drawing, such as when the page's width changes the scale.
      finished: (_: unknown, chart: EChartsType) => regroup(chart),
      // A group opens up: centred and zoomed so its positions spread over part of the view.
      click: (params: { data?: Mark }, chart: EChartsType) => {
        const members = params.data?.members ?? [];
        if (members.length < 2) return;
        const [x, y] = chart.convertToPixel({ geoIndex: 0 }, params.data!.value) ?? [];
        const spread = members.map(
          (index) =>
            chart.convertToPixel({ geoIndex: 0 }, [
              locations[index]!.longitude,
              locations[index]!.latitude,
            ]) ?? [],
        );
        const xs = spread.map((point) => point[0] ?? 0);
        const ys = spread.map((point) => point[1] ?? 0);
        const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 1);
        const view = Math.min(chart.getWidth(), chart.getHeight());
        roam({ dx: chart.getWidth() / 2 - (x ?? 0), dy: chart.getHeight() / 2 - (y ?? 0) });
        roam({ zoom: Math.min(Math.max((0.5 * view) / extent, ZOOM_STEP), 64) });
      },
    }),
    [locations, regroup, roam],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, Parameters<typeof roam>[0]> = {
      ArrowLeft: { dx: PAN_STEP },
      ArrowRight: { dx: -PAN_STEP },
      ArrowUp: { dy: PAN_STEP },
      ArrowDown: { dy: -PAN_STEP },
      '+': { zoom: ZOOM_STEP },
      '=': { zoom: ZOOM_STEP },
      '-': { zoom: 1 / ZOOM_STEP },
    };
    const move = moves[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    roam(move);
  };

  return (
    <>
      {/* The map takes the arrow keys, as maps do; its description tells which. */}
      <div
        className={classes.chart}
        role="application"
        aria-label={t('series.detail.geolocations.map_view')}
        aria-describedby={describedBy}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <ReactEChartsCore
          echarts={echarts}
          option={option}
          onEvents={onEvents}
          onChartReady={(chart) => {
            chartRef.current = chart;
            regroup(chart);
          }}
          style={{ width: '100%', height: '100%' }}
          aria-hidden
        />
      </div>
      <div className={classes.controls}>
        <MapButton label={t('series.detail.geolocations.zoom_in')} onClick={() => roam({ zoom: ZOOM_STEP })}>
          <path d="M12 5v14M5 12h14" />
        </MapButton>
        <MapButton
          label={t('series.detail.geolocations.zoom_out')}
          onClick={() => roam({ zoom: 1 / ZOOM_STEP })}
        >
          <path d="M5 12h14" />
        </MapButton>
        <MapButton label={t('series.detail.geolocations.show_all')} onClick={showAll}>
          <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
        </MapButton>
      </div>
    </>
  );
}

function MapButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} openDelay={300}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick}>
        <svg
          width={18}
          height={18}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          aria-hidden
        >
          {children}
        </svg>
      </ActionIcon>
    </Tooltip>
  );
}
