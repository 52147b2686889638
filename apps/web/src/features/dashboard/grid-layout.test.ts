import { describe, expect, it } from 'vitest';
import { moveBy, nextSlot, resizeBy, settle, without } from './grid-layout';

const at = (id: string, x: number, y: number, w = 4, h = 3) => ({ id, layout: { x, y, w, h } });

describe('dashboard grid', () => {
  it('keeps a moved or resized widget inside the grid', () => {
    expect(moveBy({ x: 10, y: 0, w: 2, h: 2 }, 3, -1)).toEqual({ x: 10, y: 0, w: 2, h: 2 });
    expect(moveBy({ x: 2, y: 4, w: 4, h: 2 }, -1, 1)).toEqual({ x: 1, y: 5, w: 4, h: 2 });
    expect(resizeBy({ x: 8, y: 0, w: 4, h: 3 }, 2, 9)).toEqual({ x: 8, y: 0, w: 4, h: 8 });
    expect(resizeBy({ x: 0, y: 0, w: 2, h: 2 }, -1, -1)).toEqual({ x: 0, y: 0, w: 2, h: 2 });
  });

  it('pushes the widgets a moved one lands on down, and no further', () => {
    const widgets = [at('a', 0, 0), at('b', 4, 0), at('c', 0, 3)];
    const moved = settle(
      widgets.map((widget) =>
        widget.id === 'c' ? { ...widget, layout: { ...widget.layout, y: 1 } } : widget,
      ),
      'c',
    );
    expect(Object.fromEntries(moved.map((widget) => [widget.id, widget.layout.y]))).toEqual({
      c: 1,
      a: 4,
      b: 0,
    });
    expect(moved.map((widget) => widget.id)).toEqual(['b', 'c', 'a']);
  });

  it('closes the rows a removed widget held, and leaves the gaps the user made elsewhere', () => {
    // Columns 0-3: a c e; columns 4-7: b d, a gap, then f. What is under the removed widget rises by
    // its height at most (the gap above f keeps its size); the other columns do not move.
    const widgets = [
      at('a', 0, 0),
      at('b', 4, 0),
      at('c', 0, 3),
      at('d', 4, 3),
      at('e', 0, 6),
      at('f', 4, 12),
    ];
    const left = without(widgets, 'b');
    expect(Object.fromEntries(left.map((widget) => [widget.id, widget.layout.y]))).toEqual({
      a: 0,
      c: 3,
      d: 0,
      e: 6,
      f: 9,
    });
    const afterC = without(widgets, 'c');
    expect(Object.fromEntries(afterC.map((widget) => [widget.id, widget.layout.y]))).toEqual({
      a: 0,
      b: 0,
      d: 3,
      e: 3,
      f: 12,
    });
    expect(without(widgets, 'nothing')).toEqual(widgets);
  });

  it('puts a new widget under all the others', () => {
    expect(nextSlot([at('a', 0, 0), at('b', 4, 2, 4, 5)], 6, 3)).toEqual({ x: 0, y: 7, w: 6, h: 3 });
    expect(nextSlot([], 4, 3)).toEqual({ x: 0, y: 0, w: 4, h: 3 });
  });
});
