import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EChartsReactProps } from 'echarts-for-react/esm/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../../testing/fetch-stub';
import { renderRoute } from '../../../../testing/render-route';
import { UTC_CONFIGURATION } from '../../../../testing/series-fixtures';
import { DeviceGeolocationsTab } from './device-geolocations-tab';

// ECharts draws on a canvas, which jsdom lacks: the chart component is replaced by one that keeps what it
// is given, and a chart instance that places a degree at `pixelsPerDegree` pixels.
const chart = vi.hoisted(() => ({
  props: null as EChartsReactProps | null,
  pixelsPerDegree: 100,
  instance: {
    convertToPixel: (_finder: unknown, [long, lat]: number[]) => [
      long! * chart.pixelsPerDegree,
      -lat! * chart.pixelsPerDegree,
    ],
    setOption: vi.fn(),
    dispatchAction: vi.fn(),
    getWidth: () => 800,
    getHeight: () => 400,
    isDisposed: () => false,
  },
}));
vi.mock('echarts-for-react/esm/core', async () => {
  const { useEffect } = await import('react');
  return {
    default: function ChartStub(props: EChartsReactProps) {
      chart.props = props;
      const { onChartReady } = props;
      useEffect(() => onChartReady?.(chart.instance as never), [onChartReady]);
      return <div data-testid="chart" />;
    },
  };
});
// The world's shapes are not needed to check what goes on the map.
vi.mock('./world-geo', () => ({ WORLD_GEO: { type: 'FeatureCollection', features: [] } }));

const SN = 'ALIGN0000000001';
const PARIS = {
  reportedAt: '2026-03-02T08:00:00.000Z',
  latitude: 48.8566,
  longitude: 2.3522,
  accuracyMeters: 12,
};
const LYON = {
  reportedAt: '2026-03-01T08:00:00.000Z',
  latitude: 45.764,
  longitude: 4.8357,
  accuracyMeters: null,
};

interface Mark {
  value: [number, number];
  members: number[];
  symbolSize: number;
  itemStyle?: { color: string };
  label: { show: boolean; formatter: string };
}

function open(body: unknown) {
  stubFetch({ ...UTC_CONFIGURATION, [`GET /api/Series/${SN}/locations`]: { body } });
  renderRoute(
    [{ path: '/serie/:serialNumber/geolocations', element: <DeviceGeolocationsTab /> }],
    `/serie/${SN}/geolocations`,
    'support-user',
  );
}

/** The marks last put on the map, once the chart has grouped the positions. */
async function marks(): Promise<Mark[]> {
  await waitFor(() => expect(chart.instance.setOption).toHaveBeenCalled());
  const [update] = chart.instance.setOption.mock.lastCall as [{ series: [{ data: Mark[] }] }];
  return update.series[0].data;
}

/** What the map's tooltip says over a mark, as text lines. */
function tooltip(mark: Mark): string[] {
  const { formatter } = chart.props!.option.tooltip as { formatter: (params: unknown) => string };
  return formatter({ data: mark })
    .split('<br/>')
    .map((line) => line.replace(/<\/?strong>/g, ''));
}

beforeEach(() => {
  chart.props = null;
  chart.pixelsPerDegree = 100;
});
afterEach(() => vi.clearAllMocks());

describe('device geolocations tab', () => {
  it('draws the positions on a map fitted to them, sums them up, and lists them', async () => {
    open([PARIS, LYON]);
    const map = await screen.findByRole('group', { name: 'Map of the reported positions' });
    expect(map).toHaveAccessibleDescription(
      '2 positions, reported from 03/01/2026, 08:00:00 to 03/02/2026, 08:00:00. ' +
        'The newest, in red: 48.85660, 2.35220 (± 12 m).',
    );
    const view = await within(map).findByRole('application', { name: 'Movable map' });
    expect(view).toHaveAccessibleDescription(/arrow keys move it and \+ and − zoom/);
    expect(within(view).getByTestId('chart')).toBeInTheDocument();

    // Opens on the positions, not on the whole world.
    const { geo } = chart.props!.option as { geo: { boundingCoords: number[][]; roam: boolean } };
    expect(geo.roam).toBe(true);
    const [[west, north], [east, south]] = geo.boundingCoords as [[number, number], [number, number]];
    expect(west).toBeLessThan(2.3522);
    expect(east).toBeGreaterThan(4.8357);
    expect(east - west).toBeLessThan(36);
    expect(south).toBeLessThan(45.764);
    expect(north).toBeGreaterThan(48.8566);

    // Far apart at this zoom: one mark each, the newest red and on top.
    const [older, newest] = (await marks()) as [Mark, Mark];
    expect(newest.members).toEqual([0]);
    expect(newest.value).toEqual([2.3522, 48.8566]);
    expect(newest.itemStyle?.color).toBeDefined();
    expect(older.itemStyle).toBeUndefined();
    expect(tooltip(newest)).toEqual([
      'Newest position',
      '03/02/2026, 08:00:00',
      '48.85660, 2.35220',
      '± 12 m',
    ]);
    expect(tooltip(older)).toEqual(['03/01/2026, 08:00:00', '45.76400, 4.83570', 'Accuracy unknown']);

    const table = within(screen.getByRole('table', { name: 'Reported positions' }));
    expect(table.getAllByRole('row')).toHaveLength(3);
    expect(table.getByText('45.76400, 4.83570')).toBeInTheDocument();
  });

  it('groups positions that would overlap into a numbered mark, which zooms in when clicked', async () => {
    chart.pixelsPerDegree = 10;
    open([PARIS, LYON]);
    const [group] = (await marks()) as [Mark];
    expect(group.members).toEqual([0, 1]);
    expect(group.label).toMatchObject({ show: true, formatter: '2' });
    expect(group.symbolSize).toBeGreaterThan(14);
    expect(tooltip(group)).toEqual([
      '2 positions close together',
      'Including the newest position',
      '03/01/2026, 08:00:00 – 03/02/2026, 08:00:00',
      'Click or zoom in to separate them',
    ]);

    const onClick = chart.props!.onEvents!.click as (params: unknown, instance: unknown) => void;
    onClick({ data: group }, chart.instance);
    expect(chart.instance.dispatchAction).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'geoRoam', zoom: expect.any(Number) }),
    );
    const [{ zoom }] = chart.instance.dispatchAction.mock.lastCall as [{ zoom: number }];
    expect(zoom).toBeGreaterThanOrEqual(2);
  });

  it('moves and zooms from the keyboard and the buttons, and goes back to all positions', async () => {
    const user = userEvent.setup();
    open([PARIS, LYON]);
    const view = await screen.findByRole('application', { name: 'Movable map' });
    await marks();

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(chart.instance.dispatchAction).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'geoRoam', zoom: 2, originX: 400, originY: 200 }),
    );
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(chart.instance.dispatchAction).toHaveBeenLastCalledWith(expect.objectContaining({ zoom: 0.5 }));

    view.focus();
    await user.keyboard('{ArrowLeft}');
    expect(chart.instance.dispatchAction).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'geoRoam', dx: 80, dy: 0 }),
    );
    await user.keyboard('{ArrowDown}');
    expect(chart.instance.dispatchAction).toHaveBeenLastCalledWith(
      expect.objectContaining({ dx: 0, dy: -80 }),
    );
    await user.keyboard('+');
    expect(chart.instance.dispatchAction).toHaveBeenLastCalledWith(expect.objectContaining({ zoom: 2 }));
    expect(chart.instance.dispatchAction).toHaveBeenCalledTimes(5);
    await user.keyboard('a');
    expect(chart.instance.dispatchAction).toHaveBeenCalledTimes(5);

    await user.click(screen.getByRole('button', { name: 'Show all positions' }));
    const { geo } = chart.props!.option as { geo: { center: number[] } };
    expect(chart.instance.setOption).toHaveBeenLastCalledWith({ geo: { center: geo.center, zoom: 1 } });
  });

  it('sums up a lone position', async () => {
    open([PARIS]);
    expect(
      await screen.findByRole('group', { name: 'Map of the reported positions' }),
    ).toHaveAccessibleDescription(
      '1 position, reported on 03/02/2026, 08:00:00. The newest, in red: 48.85660, 2.35220 (± 12 m).',
    );
  });

  it('says when the device reported no position', async () => {
    open([]);
    expect(await screen.findByText('No position reported')).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(chart.props).toBeNull();
  });
});
