import { describe, expect, it } from 'vitest';
import { moveBy, nextSlot, resizeBy, settle } from './grid-layout';

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

  it('puts a new widget under all the others', () => {
    expect(nextSlot([at('a', 0, 0), at('b', 4, 2, 4, 5)], 6, 3)).toEqual({ x: 0, y: 7, w: 6, h: 3 });
    expect(nextSlot([], 4, 3)).toEqual({ x: 0, y: 0, w: 4, h: 3 });
  });
});
