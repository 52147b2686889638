import { describe, expect, it } from 'vitest';
import {
  DEFAULT_JOB_LAYOUT,
  isSectionShown,
  isTagShown,
  layoutProblemField,
  layoutTable,
  layoutChoices,
  chosenLayout,
  startsModified,
  layoutProblemMessage,
  layoutProblems,
  parseLayout,
  tagsOutsideLayout,
  templateNameProblem,
  type LayoutSection,
} from './job-layouts.ts';
import { JOB_TAGS } from './job-tags.ts';

const section = (render: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'section',
  title: 'vehicle',
  show_title: true,
  render,
  ...extra,
});
const layout = (...sections: unknown[]) => ({ version: 1, data: sections });

describe('layout import (jobs §5)', () => {
  it('takes the built-in default, as text and as an object', () => {
    expect(layoutProblems(DEFAULT_JOB_LAYOUT)).toEqual([]);
    expect(parseLayout(JSON.stringify(DEFAULT_JOB_LAYOUT)).layout).toEqual(DEFAULT_JOB_LAYOUT);
  });

  it.each([
    ['not json'],
    ['[]'],
    ['{"version":2,"data":[]}'],
    ['{"version":1}'],
    ['{"version":"1","data":[]}'],
  ])('refuses %s as an invalid template', (text) => {
    expect(layoutProblems(text)).toEqual([{ code: 'invalid_template' }]);
    expect(layoutProblemMessage({ code: 'invalid_template' })).toBe('Invalid template!');
  });

  it('names the section of a section problem', () => {
    expect(layoutProblems(layout(section([]), 'text'))).toEqual([{ code: 'section_not_object', section: 1 }]);
    expect(layoutProblems(layout(section([], { type: 'block' })))).toEqual([
      { code: 'section_type', section: 0 },
    ]);
    expect(layoutProblems(layout(section([]), section([], { title: 'engine' })))).toEqual([
      { code: 'section_title', section: 1 },
    ]);
    expect(layoutProblems(layout(section([], { title: 7 })))).toEqual([
      { code: 'section_title', section: 0 },
    ]);
  });

  it('needs lines in a section unless it is hidden', () => {
    expect(layoutProblems(layout(section(undefined)))).toEqual([{ code: 'section_render', section: 0 }]);
    expect(layoutProblems(layout(section(undefined, { hidden: true })))).toEqual([]);
    expect(parseLayout(layout(section(undefined, { hidden: true }))).layout?.data[0]?.render).toEqual([]);
  });

  it('names section, line and tag of a tag problem', () => {
    const problems = layoutProblems(
      layout(
        section([[{ tag: 'VIN' }]]),
        section([
          [{ tag: 'VIN' }, { tag: 'ENGINE' }],
          'VIN',
          [7, { tag: 'TEMP', convert: 'kelvin', translate: 'colour', conditionTag: 'X', render: 'grid' }],
        ]),
      ),
    );
    expect(problems).toEqual([
      { code: 'tag_unknown', section: 1, line: 0, tag: 1, value: 'ENGINE' },
      { code: 'line_not_list', section: 1, line: 1 },
      { code: 'tag_not_object', section: 1, line: 2, tag: 0 },
      { code: 'tag_translate', section: 1, line: 2, tag: 1, value: 'colour' },
      { code: 'tag_convert', section: 1, line: 2, tag: 1, value: 'kelvin' },
      { code: 'tag_condition', section: 1, line: 2, tag: 1, value: 'X' },
      { code: 'tag_render', section: 1, line: 2, tag: 1, value: 'grid' },
    ]);
    expect(problems.map(layoutProblemMessage)[0]).toBe(
      'Section 1, line 0, tag 1: is not a supported tag (ENGINE)',
    );
    expect(layoutProblemField(problems[0]!)).toBe('body.data.1.render.0.1');
    expect(layoutProblemField(problems[1]!)).toBe('body.data.1.render.1');
  });

  it('checks a table configuration', () => {
    const withConfig = (config: unknown) =>
      layout(section([[{ tag: 'TYRES', render: 'objectsArray', config }]]));
    expect(layoutProblems(withConfig({ columns: [{ name: 'PRESSURE', convert: 'temperature' }] }))).toEqual(
      [],
    );
    expect(layoutProblems(withConfig({ columns: [{ name: 'A' }, { name: '' }] }))).toEqual([
      { code: 'tag_config', section: 0, line: 0, tag: 0, value: 'columns.1' },
    ]);
    expect(layoutProblems(withConfig({ headers: 'yes' }))[0]).toMatchObject({ value: 'headers' });
    expect(layoutProblems(withConfig({ yaxis: 'rows' }))[0]).toMatchObject({ value: 'yaxis' });
    expect(layoutProblems(withConfig([]))[0]).toMatchObject({ value: 'config' });
  });
});

describe('template names (jobs §5)', () => {
  const existing = ['default', 'Workshop'];
  it('refuses an empty name, an existing one and default', () => {
    expect(templateNameProblem('  ', existing)).toBe('empty');
    expect(templateNameProblem('workshop', existing)).toBe('existing');
    expect(templateNameProblem('default', ['Workshop'])).toBe('existing');
    expect(templateNameProblem('a/b', existing)).toBe('characters');
    expect(templateNameProblem('x'.repeat(65), existing)).toBe('too_long');
    expect(templateNameProblem('Battery report', existing)).toBeNull();
  });
});

describe('visibility (jobs §4)', () => {
  const vehicle = DEFAULT_JOB_LAYOUT.data[1]!;
  const battery = DEFAULT_JOB_LAYOUT.data[2]!;
  const data = { VIN: 'WVWZZZ1KZAW000001', MK: 'VOLKSWAGEN', MD: ' ', BAC: null };

  it('view: hides blank tags, sections all blank and hidden sections', () => {
    const context = { mode: 'view' as const, data };
    expect(isSectionShown(vehicle, context)).toBe(true);
    expect(isSectionShown(battery, context)).toBe(false);
    expect(isSectionShown({ ...vehicle, hidden: true }, context)).toBe(false);
    expect(isTagShown({ tag: 'MD' }, context)).toBe(false);
    expect(isTagShown({ tag: 'MK' }, context)).toBe(true);
  });

  it('view: hides a tag whose condition tag has a value', () => {
    expect(isTagShown({ tag: 'MK', conditionTag: 'VIN' }, { mode: 'view', data })).toBe(false);
    expect(isTagShown({ tag: 'MK', conditionTag: 'BAC' }, { mode: 'view', data })).toBe(true);
  });

  it('edit job: sections with a tag of the job or an edited one; editable tags shown empty', () => {
    expect(isSectionShown(battery, { mode: 'editJob', data })).toBe(false);
    expect(isSectionShown(battery, { mode: 'editJob', data, edited: { BAC: 'X' } })).toBe(true);
    const notes = DEFAULT_JOB_LAYOUT.data.find((one) => one.title === 'notes')!;
    expect(isSectionShown(notes, { mode: 'editJob', data, edited: { NOTE: 'checked' } })).toBe(true);
    expect(isTagShown({ tag: 'RO' }, { mode: 'editJob', data })).toBe(true);
    expect(isTagShown({ tag: 'BAC' }, { mode: 'editJob', data })).toBe(false);
  });

  it('edit job with "show all tags": every section, so a note the job lacks can be written', () => {
    const notes = DEFAULT_JOB_LAYOUT.data.find((one) => one.title === 'notes')!;
    expect(isSectionShown(notes, { mode: 'editJob', data })).toBe(false);
    expect(isSectionShown(notes, { mode: 'editJob', data, showAll: true })).toBe(true);
  });

  it("edit job: the tags to fill in are the server's editable tags", () => {
    expect(isTagShown({ tag: 'RO' }, { mode: 'editJob', data: {}, editable: ['NOTE'] })).toBe(false);
    expect(isTagShown({ tag: 'NOTE' }, { mode: 'editJob', data: {}, editable: ['NOTE'] })).toBe(true);
  });

  it('edit layout and show all: everything', () => {
    const hidden: LayoutSection = { ...battery, hidden: true };
    expect(isSectionShown(hidden, { mode: 'editLayout', data })).toBe(true);
    expect(isSectionShown(hidden, { mode: 'view', data, showAll: true })).toBe(true);
    expect(isTagShown({ tag: 'BAC' }, { mode: 'view', data, showAll: true })).toBe(true);
  });

  it('finds the tags a layout leaves out', () => {
    expect(tagsOutsideLayout(DEFAULT_JOB_LAYOUT, { VIN: 'x', CUSTOM: 1 })).toEqual(['CUSTOM']);
  });

  it('the default layout places every tag of the catalogue', () => {
    expect(
      tagsOutsideLayout(DEFAULT_JOB_LAYOUT, Object.fromEntries(JOB_TAGS.map((tag) => [tag, 1]))),
    ).toEqual([]);
  });
});

describe('tables (jobs §3)', () => {
  it('lays objectsArray rows in the named columns, unknown ones after when allowed', () => {
    const value = [
      { POSITION: 'FL', PRESSURE: 240, EXTRA: 1 },
      { POSITION: 'FR', PRESSURE: 238 },
    ];
    const named = layoutTable(value, {
      tag: 'TYRES',
      render: 'objectsArray',
      config: { columns: [{ name: 'PRESSURE' }, { name: 'POSITION' }] },
    });
    expect(named?.columns.map((column) => column.name)).toEqual(['PRESSURE', 'POSITION']);
    expect(named?.rows[1]?.cells.map((cell) => cell.value)).toEqual([238, 'FR']);
    const open = layoutTable(value, {
      tag: 'TYRES',
      render: 'objectsArray',
      config: { columns: [{ name: 'PRESSURE' }], allowUnknownColumns: true },
    });
    expect(open?.columns.map((column) => column.name)).toEqual(['PRESSURE', 'POSITION', 'EXTRA']);
  });

  it('lays arraytable cells by position and a table by row name', () => {
    const bolts = layoutTable(
      [
        [1, 'FL', 120.5],
        [2, 'FL', 119],
      ],
      { tag: 'TORQUES', render: 'arraytable', config: { columns: [{ name: 'BOLT' }, { name: 'POSITION' }] } },
    );
    expect(bolts?.columns.map((column) => column.name)).toEqual(['BOLT', 'POSITION']);
    expect(bolts?.rows[0]?.cells.map((cell) => cell.value)).toEqual([1, 'FL']);
    const table = layoutTable(
      { FL: { CAMBER: -0.5, TOE: 0.1 }, FR: { CAMBER: -0.4 } },
      { tag: 'ALIGNMENT', render: 'table', config: { xaxis: 'POSITION', headers: false } },
    );
    expect(table).toMatchObject({ rowHeader: 'POSITION', headers: false });
    expect(table?.rows.map((row) => [row.name, ...row.cells.map((cell) => cell.value)])).toEqual([
      ['FL', -0.5, 0.1],
      ['FR', -0.4, undefined],
    ]);
  });

  it('answers null for a value of another shape', () => {
    expect(layoutTable('text', { tag: 'TYRES', render: 'objectsArray' })).toBeNull();
    expect(layoutTable([1, 2], { tag: 'TORQUES', render: 'arraytable' })).toBeNull();
    expect(layoutTable({ FL: 1 }, { tag: 'ALIGNMENT', render: 'table' })).toBeNull();
  });
});

describe('the default layout (jobs §4)', () => {
  const template = (name: string) => ({
    id: `id-${name}`,
    name,
    version: 1 as const,
    data: [],
    updatedAt: '2026-11-23T10:00:00.000Z',
    updatedBy: null,
  });

  it('adds the built-in default, unsaved, when the server has none', () => {
    const choices = layoutChoices([template('Workshop')]);
    expect(choices.map((choice) => [choice.name, choice.id])).toEqual([
      ['default', null],
      ['Workshop', 'id-Workshop'],
    ]);
    expect(choices[0]!.layout).toBe(DEFAULT_JOB_LAYOUT);
    expect(startsModified(choices[0]!)).toBe(true);
    expect(startsModified(choices[1]!)).toBe(false);
  });

  it('takes the server’s default when it has one', () => {
    const choices = layoutChoices([template('Default'), template('Workshop')]);
    expect(choices.map((choice) => choice.id)).toEqual(['id-Default', 'id-Workshop']);
  });

  it('falls back on the default for a deleted or unknown choice, and when the server cannot answer', () => {
    const choices = layoutChoices([template('Workshop')]);
    expect(chosenLayout(choices, 'WORKSHOP').id).toBe('id-Workshop');
    expect(chosenLayout(choices, 'Gone').name).toBe('default');
    expect(chosenLayout(layoutChoices([]), 'Workshop').layout).toBe(DEFAULT_JOB_LAYOUT);
  });
});
