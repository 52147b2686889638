import { describe, expect, it } from 'vitest';
import { mapView, positionInView, viewBox } from './map-view';

const PARIS = { long: 2.35, lat: 48.86 };
const STOCKHOLM = { long: 18.07, lat: 59.33 };

describe('map view', () => {
  it('shows the whole world without points', () => {
    expect(mapView([])).toEqual({ left: 0, top: 0, span: 100 });
    expect(viewBox(mapView([]))).toBe('0 0 360 180');
  });

  it('zooms around the points with room on each side, keeping them inside', () => {
    const view = mapView([PARIS, STOCKHOLM]);
    expect(view.span).toBeLessThan(15);
    for (const point of [PARIS, STOCKHOLM]) {
      const { left, top } = positionInView(view, point);
      expect(left).toBeGreaterThan(10);
      expect(left).toBeLessThan(90);
      expect(top).toBeGreaterThan(10);
      expect(top).toBeLessThan(90);
    }
  });

  it('does not zoom closer than the outline allows, centred on a lone point', () => {
    const view = mapView([PARIS]);
    expect(view.span).toBe(8);
    const { left, top } = positionInView(view, PARIS);
    expect(left).toBeCloseTo(50);
    expect(top).toBeCloseTo(50);
  });

  it('stays on the map near its edges', () => {
    const view = mapView([{ long: 179, lat: -89 }]);
    expect(view.left + view.span).toBeLessThanOrEqual(100);
    expect(view.top + view.span).toBeLessThanOrEqual(100);
    expect(
      mapView([
        { long: -170, lat: 60 },
        { long: 170, lat: -60 },
      ]).span,
    ).toBe(100);
  });
});
