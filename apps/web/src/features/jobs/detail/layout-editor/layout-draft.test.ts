import { DEFAULT_JOB_LAYOUT } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { editLayout } from './layout-draft';

describe('layout edits', () => {
  it('adds, moves and drops sections, lines and tags without touching the original', () => {
    let layout = editLayout(DEFAULT_JOB_LAYOUT, { type: 'addSection' });
    expect(layout.data).toHaveLength(DEFAULT_JOB_LAYOUT.data.length + 1);
    layout = editLayout(layout, { type: 'moveSection', section: 1, by: -1 });
    expect(layout.data.map((section) => section.title).slice(0, 2)).toEqual(['vehicle', 'job']);
    layout = editLayout(layout, { type: 'addTag', section: 0, line: 1, entry: { tag: 'NOTE' } });
    expect(layout.data[0]!.render[1]!.map((entry) => entry.tag)).toEqual(['MK', 'MD', 'YE', 'NOTE']);
    layout = editLayout(layout, { type: 'moveTag', section: 0, line: 1, tag: 3, by: -1 });
    expect(layout.data[0]!.render[1]!.map((entry) => entry.tag)).toEqual(['MK', 'MD', 'NOTE', 'YE']);
    layout = editLayout(layout, { type: 'dropTag', section: 0, line: 1, tag: 0 });
    layout = editLayout(layout, { type: 'dropLine', section: 0, line: 0 });
    expect(layout.data[0]!.render).toEqual([[{ tag: 'MD' }, { tag: 'NOTE' }, { tag: 'YE' }]]);
    layout = editLayout(layout, { type: 'section', section: 0, change: { hidden: true, title: 'notes' } });
    expect(layout.data[0]).toMatchObject({ hidden: true, title: 'notes' });
    layout = editLayout(layout, { type: 'dropSection', section: 0 });
    expect(layout.data[0]!.title).toBe('job');
    // Moving past either end changes nothing.
    expect(editLayout(layout, { type: 'moveSection', section: 0, by: -1 })).toEqual(layout);
    expect(DEFAULT_JOB_LAYOUT.data[1]!.render[1]).toHaveLength(3);
  });
});
