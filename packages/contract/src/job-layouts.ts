import { z } from 'zod';
import { isBlankTagValue, isEditableJobTag, isJobTag, type JobTag } from './job-tags.ts';

/**
 * Report layouts ("templates", jobs spec §3–§5): how the job detail's summary, the list's row preview
 * and the printed report lay a job's tags out. One layout is a list of titled sections; a section is a
 * list of lines; a line is a list of tag entries. docs/job-detail.md shows an example.
 */
export const JOB_LAYOUT_VERSION = 1;

/** The titles a section may have; the console translates them (`job_detail.sections.<title>`). */
export const LAYOUT_SECTION_TITLES = [
  'job',
  'vehicle',
  'battery',
  'tyres',
  'torque',
  'alignment',
  'diagnosis',
  'measurements',
  'warranty',
  'notes',
] as const;
export type LayoutSectionTitle = (typeof LAYOUT_SECTION_TITLES)[number];

/**
 * How a value is translated: `wheel` a wheel position (FL, FR, RL, RR, SPARE), `result` a verdict
 * (PASS, FAIL, WARN), `yesno` a true or false. The console's `job_detail.values.<kind>.<value>`.
 */
export const LAYOUT_TRANSLATIONS = ['wheel', 'result', 'yesno'] as const;
export type LayoutTranslation = (typeof LAYOUT_TRANSLATIONS)[number];

/** How a value is converted: a temperature recorded in Celsius to the user's unit. */
export const LAYOUT_CONVERSIONS = ['temperature'] as const;
export type LayoutConversion = (typeof LAYOUT_CONVERSIONS)[number];

/**
 * How a tag holding a table is drawn: `table` an object of rows by name, each an object of cells by
 * column; `arraytable` a list of rows, each a list of cells in the columns' order; `objectsArray` a list
 * of rows, each an object of cells by column.
 */
export const LAYOUT_RENDERS = ['table', 'arraytable', 'objectsArray'] as const;
export type LayoutRender = (typeof LAYOUT_RENDERS)[number];

export interface LayoutColumn {
  /** The cell's key (its position in an arraytable); its header is the tag's label of that name. */
  name: string;
  translate?: LayoutTranslation;
  convert?: LayoutConversion;
}

export interface LayoutTableConfig {
  /** Show the header row (default true). */
  headers?: boolean;
  /** `table`: the header of the column of row names. */
  xaxis?: string;
  /** `table`: how row names are translated. */
  yaxis?: LayoutTranslation;
  columns?: LayoutColumn[];
  /** Cells of columns the layout does not name are shown too, after the named ones. */
  allowUnknownColumns?: boolean;
}

export interface LayoutTagEntry {
  tag: JobTag;
  translate?: LayoutTranslation;
  convert?: LayoutConversion;
  /** Shown only while this other tag has no value (jobs spec §4). */
  conditionTag?: JobTag;
  render?: LayoutRender;
  config?: LayoutTableConfig;
}

export type LayoutLine = LayoutTagEntry[];

export interface LayoutSection {
  type: 'section';
  title: LayoutSectionTitle;
  show_title: boolean;
  hidden?: boolean;
  render: LayoutLine[];
}

export interface JobLayout {
  version: typeof JOB_LAYOUT_VERSION;
  data: LayoutSection[];
}

const columnSchema = z.object({
  name: z.string(),
  translate: z.enum(LAYOUT_TRANSLATIONS).optional(),
  convert: z.enum(LAYOUT_CONVERSIONS).optional(),
});
const tagEntrySchema = z.object({
  tag: z.string(),
  translate: z.enum(LAYOUT_TRANSLATIONS).optional(),
  convert: z.enum(LAYOUT_CONVERSIONS).optional(),
  conditionTag: z.string().optional(),
  render: z.enum(LAYOUT_RENDERS).optional(),
  config: z
    .object({
      headers: z.boolean().optional(),
      xaxis: z.string().optional(),
      yaxis: z.enum(LAYOUT_TRANSLATIONS).optional(),
      columns: z.array(columnSchema).optional(),
      allowUnknownColumns: z.boolean().optional(),
    })
    .optional(),
});
/**
 * The shape of a layout, for the API's documentation. What is checked is `layoutProblems`: its answers
 * name the section, line and tag, which a schema's would not say in the spec's words.
 */
export const jobLayoutSchema = z.object({
  version: z.literal(JOB_LAYOUT_VERSION),
  data: z.array(
    z.object({
      type: z.literal('section'),
      title: z.enum(LAYOUT_SECTION_TITLES),
      show_title: z.boolean(),
      hidden: z.boolean().optional(),
      render: z.array(z.array(tagEntrySchema)),
    }),
  ),
});

/** A stored layout (`GET /api/Jobs/template`): its name, its layout, who saved it last and when. */
export const jobTemplateSchema = jobLayoutSchema.extend({
  id: z.string(),
  name: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type JobTemplate = Omit<z.infer<typeof jobTemplateSchema>, 'data'> & { data: LayoutSection[] };
export const jobTemplateListAnswerSchema = z.object({ data: z.array(jobTemplateSchema) });

// ---------------------------------------------------------------- validation (jobs spec §5)

/** What is wrong with an imported layout, where: indexes count from 0, as in the JSON. */
export type LayoutProblem =
  | { code: 'invalid_template' }
  | { code: 'section_not_object' | 'section_type' | 'section_title' | 'section_render'; section: number }
  | { code: 'line_not_list'; section: number; line: number }
  | {
      code:
        'tag_not_object' | 'tag_unknown' | 'tag_translate' | 'tag_convert' | 'tag_condition' | 'tag_render';
      section: number;
      line: number;
      tag: number;
      value?: string;
    }
  | { code: 'tag_config'; section: number; line: number; tag: number; value?: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const oneOf = (list: readonly string[], value: unknown) =>
  value === undefined || (typeof value === 'string' && list.includes(value));

function configProblem(config: unknown): string | null {
  if (config === undefined) return null;
  if (!isObject(config)) return 'config';
  if (config.headers !== undefined && typeof config.headers !== 'boolean') return 'headers';
  if (config.xaxis !== undefined && typeof config.xaxis !== 'string') return 'xaxis';
  if (!oneOf(LAYOUT_TRANSLATIONS, config.yaxis)) return 'yaxis';
  if (config.allowUnknownColumns !== undefined && typeof config.allowUnknownColumns !== 'boolean')
    return 'allowUnknownColumns';
  if (config.columns === undefined) return null;
  if (!Array.isArray(config.columns)) return 'columns';
  const bad = config.columns.findIndex(
    (column) =>
      !isObject(column) ||
      typeof column.name !== 'string' ||
      column.name === '' ||
      !oneOf(LAYOUT_TRANSLATIONS, column.translate) ||
      !oneOf(LAYOUT_CONVERSIONS, column.convert),
  );
  return bad >= 0 ? `columns.${bad}` : null;
}

function tagProblems(entry: unknown, at: { section: number; line: number; tag: number }): LayoutProblem[] {
  if (!isObject(entry)) return [{ code: 'tag_not_object', ...at }];
  if (typeof entry.tag !== 'string' || !isJobTag(entry.tag))
    return [{ code: 'tag_unknown', ...at, value: String(entry.tag) }];
  const problems: LayoutProblem[] = [];
  if (!oneOf(LAYOUT_TRANSLATIONS, entry.translate))
    problems.push({ code: 'tag_translate', ...at, value: String(entry.translate) });
  if (!oneOf(LAYOUT_CONVERSIONS, entry.convert))
    problems.push({ code: 'tag_convert', ...at, value: String(entry.convert) });
  if (
    entry.conditionTag !== undefined &&
    (typeof entry.conditionTag !== 'string' || !isJobTag(entry.conditionTag))
  )
    problems.push({ code: 'tag_condition', ...at, value: String(entry.conditionTag) });
  if (!oneOf(LAYOUT_RENDERS, entry.render))
    problems.push({ code: 'tag_render', ...at, value: String(entry.render) });
  const config = configProblem(entry.config);
  if (config) problems.push({ code: 'tag_config', ...at, value: config });
  return problems;
}

function sectionProblems(section: unknown, index: number): LayoutProblem[] {
  if (!isObject(section)) return [{ code: 'section_not_object', section: index }];
  const problems: LayoutProblem[] = [];
  if (section.type !== 'section') problems.push({ code: 'section_type', section: index });
  if (
    typeof section.title !== 'string' ||
    !(LAYOUT_SECTION_TITLES as readonly string[]).includes(section.title)
  )
    problems.push({ code: 'section_title', section: index });
  if (!Array.isArray(section.render)) {
    // A hidden section may leave its lines out.
    if (section.hidden !== true) problems.push({ code: 'section_render', section: index });
    return problems;
  }
  section.render.forEach((line: unknown, lineIndex) => {
    if (!Array.isArray(line)) {
      problems.push({ code: 'line_not_list', section: index, line: lineIndex });
      return;
    }
    line.forEach((entry: unknown, tag) =>
      problems.push(...tagProblems(entry, { section: index, line: lineIndex, tag })),
    );
  });
  return problems;
}

/**
 * Checks a layout as imported (JSON text) or received (parsed): the console before it takes an import,
 * the server before it stores one. Answers every problem found; none means the layout is valid.
 */
export function layoutProblems(input: unknown): LayoutProblem[] {
  let layout = input;
  if (typeof input === 'string') {
    try {
      layout = JSON.parse(input) as unknown;
    } catch {
      return [{ code: 'invalid_template' }];
    }
  }
  if (!isObject(layout) || layout.version !== JOB_LAYOUT_VERSION || !Array.isArray(layout.data))
    return [{ code: 'invalid_template' }];
  return layout.data.flatMap(sectionProblems);
}

/** A valid layout as its type, or null with the problems. */
export function parseLayout(
  input: unknown,
): { layout: JobLayout; problems: [] } | { layout: null; problems: LayoutProblem[] } {
  const problems = layoutProblems(input);
  if (problems.length > 0) return { layout: null, problems };
  const layout = (typeof input === 'string' ? JSON.parse(input) : input) as JobLayout;
  return { layout: normaliseLayout(layout), problems: [] };
}

/** A hidden section without lines gets an empty list: renderers and editors need not ask. */
function normaliseLayout(layout: JobLayout): JobLayout {
  return {
    version: JOB_LAYOUT_VERSION,
    data: layout.data.map((section) => ({
      ...section,
      show_title: section.show_title !== false,
      render: section.render ?? [],
    })),
  };
}

/** The English wording of a problem (the server's 400; the console translates the code). */
export function layoutProblemMessage(problem: LayoutProblem): string {
  const where =
    'tag' in problem
      ? `Section ${problem.section}, line ${problem.line}, tag ${problem.tag}`
      : 'line' in problem
        ? `Section ${problem.section}, line ${problem.line}`
        : 'section' in problem
          ? `Section ${problem.section}`
          : '';
  const value = 'value' in problem && problem.value !== undefined ? ` (${problem.value})` : '';
  const what: Record<LayoutProblem['code'], string> = {
    invalid_template: 'Invalid template!',
    section_not_object: 'must be an object',
    section_type: "must be of type 'section'",
    section_title: `title must be one of ${LAYOUT_SECTION_TITLES.join(', ')}`,
    section_render: 'needs a render list of lines',
    line_not_list: 'must be a list of tags',
    tag_not_object: 'must be an object with a tag',
    tag_unknown: 'is not a supported tag',
    tag_translate: `translate must be one of ${LAYOUT_TRANSLATIONS.join(', ')}`,
    tag_convert: `convert must be one of ${LAYOUT_CONVERSIONS.join(', ')}`,
    tag_condition: 'conditionTag is not a supported tag',
    tag_render: `render must be one of ${LAYOUT_RENDERS.join(', ')}`,
    tag_config: 'config is not valid',
  };
  return where ? `${where}: ${what[problem.code]}${value}` : what[problem.code];
}

/** The field a problem names, as the server's 400 details write it (`body.data.2.render.0.1`). */
export function layoutProblemField(problem: LayoutProblem): string {
  if (!('section' in problem)) return 'body';
  const line = 'line' in problem ? `.render.${problem.line}` : '';
  const tag = 'tag' in problem ? `.${problem.tag}` : '';
  return `body.data.${problem.section}${line}${tag}`;
}

// ---------------------------------------------------------------- template names (jobs spec §5)

export const DEFAULT_TEMPLATE_NAME = 'default';
export const TEMPLATE_NAME_MAX_LENGTH = 64;
export const TEMPLATE_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;

export type TemplateNameProblem = 'empty' | 'existing' | 'too_long' | 'characters';

/**
 * A new layout's name. `existing` holds every name the user sees, `default` among them: the console
 * adds the built-in default when the server has none, so a new layout is never called `default`.
 */
export function templateNameProblem(name: string, existing: readonly string[]): TemplateNameProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  if (existing.some((other) => other.toLowerCase() === trimmed.toLowerCase())) return 'existing';
  if (trimmed.toLowerCase() === DEFAULT_TEMPLATE_NAME) return 'existing';
  if (trimmed.length > TEMPLATE_NAME_MAX_LENGTH) return 'too_long';
  if (!TEMPLATE_NAME_PATTERN.test(trimmed)) return 'characters';
  return null;
}

// ---------------------------------------------------------------- visibility (jobs spec §4)

/** The job detail's modes: editing the job and editing the layout exclude each other. */
export type JobDetailMode = 'view' | 'editJob' | 'editLayout';

export interface VisibilityContext {
  mode: JobDetailMode;
  data: Readonly<Record<string, unknown>>;
  /** Tags being edited (edit-job mode). */
  edited?: Readonly<Record<string, unknown>>;
  /** "Show all tags": empty tags and sections shown too. */
  showAll?: boolean;
  /** The tags the server lets users edit (`GET /Jobs/EditableTags`); the catalogue's by default. */
  editable?: readonly string[];
}

/** Whether a tag can be edited in this context: one of the server's editable tags. */
export function isEditableInContext(tag: string, context: Pick<VisibilityContext, 'editable'>): boolean {
  return context.editable ? context.editable.includes(tag) : isEditableJobTag(tag);
}

const tagsOf = (section: LayoutSection) => section.render.flat();

/**
 * Whether a tag line entry is shown. View: not blank, and its condition tag blank. Edit-job: editable
 * tags (to fill in) and tags with a value.
 */
export function isTagShown(entry: LayoutTagEntry, context: VisibilityContext): boolean {
  if (context.mode === 'editLayout' || context.showAll) return true;
  const value = context.data[entry.tag];
  if (context.mode === 'editJob') return isEditableInContext(entry.tag, context) || !isBlankTagValue(value);
  if (isBlankTagValue(value)) return false;
  return entry.conditionTag === undefined || isBlankTagValue(context.data[entry.conditionTag]);
}

/**
 * Whether a section is shown. Edit-layout: all. Edit-job: those with a tag the job has or that is being
 * edited, and every one with "show all tags" (so that a tag the job lacks, a note, can be written). View:
 * not hidden, and not all its tags blank.
 */
export function isSectionShown(section: LayoutSection, context: VisibilityContext): boolean {
  if (context.mode === 'editLayout') return true;
  const tags = tagsOf(section);
  if (context.mode === 'editJob')
    return (
      context.showAll === true ||
      tags.some(
        (entry) =>
          !isBlankTagValue(context.data[entry.tag]) ||
          (context.edited !== undefined && entry.tag in context.edited),
      )
    );
  if (section.hidden) return context.showAll === true;
  if (context.showAll) return true;
  return tags.some((entry) => isTagShown(entry, context));
}

/** The job's tags no section of the layout names (shown by "show all tags"). */
export function tagsOutsideLayout(layout: JobLayout, data: Readonly<Record<string, unknown>>): string[] {
  const placed = new Set(
    layout.data.flatMap((section) => tagsOf(section).map((entry) => entry.tag as string)),
  );
  return Object.keys(data).filter((tag) => !placed.has(tag));
}

// ---------------------------------------------------------------- the built-in default

const line = (...entries: (JobTag | LayoutTagEntry)[]): LayoutLine =>
  entries.map((entry) => (typeof entry === 'string' ? { tag: entry } : entry));

/** The layout every job falls back on, covering every tag of the catalogue (jobs spec §4). */
export const DEFAULT_JOB_LAYOUT: JobLayout = {
  version: JOB_LAYOUT_VERSION,
  data: [
    { type: 'section', title: 'job', show_title: true, render: [line('JID', 'RO'), line('CR')] },
    { type: 'section', title: 'vehicle', show_title: true, render: [line('VIN'), line('MK', 'MD', 'YE')] },
    {
      type: 'section',
      title: 'battery',
      show_title: true,
      render: [line('BAC', 'PN'), line('VOLTAGE', 'SOH', 'SOC')],
    },
    {
      type: 'section',
      title: 'tyres',
      show_title: true,
      render: [
        line({
          tag: 'TYRES',
          render: 'objectsArray',
          config: {
            columns: [
              { name: 'POSITION', translate: 'wheel' },
              { name: 'PRESSURE' },
              { name: 'TEMP', convert: 'temperature' },
              { name: 'STATUS', translate: 'result' },
            ],
            allowUnknownColumns: true,
          },
        }),
        line({
          tag: 'TREAD',
          render: 'objectsArray',
          config: {
            columns: [
              { name: 'POSITION', translate: 'wheel' },
              { name: 'DEPTH' },
              { name: 'STATUS', translate: 'result' },
            ],
          },
        }),
      ],
    },
    {
      type: 'section',
      title: 'torque',
      show_title: true,
      render: [
        line({
          tag: 'TORQUES',
          render: 'arraytable',
          config: {
            columns: [
              { name: 'BOLT' },
              { name: 'POSITION', translate: 'wheel' },
              { name: 'TORQUE' },
              { name: 'STATUS', translate: 'result' },
            ],
          },
        }),
      ],
    },
    {
      type: 'section',
      title: 'alignment',
      show_title: true,
      render: [
        line({
          tag: 'ALIGNMENT',
          render: 'table',
          config: {
            xaxis: 'POSITION',
            yaxis: 'wheel',
            columns: [{ name: 'CAMBER' }, { name: 'CASTER' }, { name: 'TOE' }],
          },
        }),
      ],
    },
    {
      type: 'section',
      title: 'diagnosis',
      show_title: true,
      render: [
        line({
          tag: 'DTC',
          render: 'objectsArray',
          config: {
            columns: [{ name: 'CODE' }, { name: 'DESCRIPTION' }, { name: 'STATUS' }],
            allowUnknownColumns: true,
          },
        }),
      ],
    },
    {
      type: 'section',
      title: 'measurements',
      show_title: true,
      render: [line({ tag: 'TEMP', convert: 'temperature' })],
    },
    { type: 'section', title: 'warranty', show_title: true, render: [line('WARRANTYCODE')] },
    { type: 'section', title: 'notes', show_title: true, render: [line('NOTE')] },
  ],
};

// ---------------------------------------------------------------- tables (jobs spec §3 table config)

export interface LayoutTableCell {
  column: LayoutColumn;
  value: unknown;
}

export interface LayoutTableModel {
  /** `table`: the header of the row names column (its label's tag name), else null. */
  rowHeader: string | null;
  columns: LayoutColumn[];
  rows: { name: string | null; cells: LayoutTableCell[] }[];
  headers: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The named columns, then (when allowed or none are named) the keys the rows hold besides. */
function columnsOf(config: LayoutTableConfig, keys: readonly string[]): LayoutColumn[] {
  const named = config.columns ?? [];
  if (named.length > 0 && !config.allowUnknownColumns) return named;
  const known = new Set(named.map((column) => column.name));
  return [...named, ...keys.filter((key) => !known.has(key)).map((name) => ({ name }))];
}

/**
 * A tag holding a table, as rows and cells in the columns of its configuration; null when the value is
 * not the shape its render kind says (the console then shows it as text).
 */
export function layoutTable(value: unknown, entry: LayoutTagEntry): LayoutTableModel | null {
  const config = entry.config ?? {};
  const headers = config.headers !== false;
  if (entry.render === 'objectsArray') {
    if (!Array.isArray(value) || !value.every(isRecord)) return null;
    const keys = [...new Set(value.flatMap((row) => Object.keys(row)))];
    const columns = columnsOf(config, keys);
    const rows = value.map((row) => ({
      name: null,
      cells: columns.map((column) => ({ column, value: row[column.name] })),
    }));
    return { rowHeader: null, columns, rows, headers };
  }
  if (entry.render === 'arraytable') {
    if (!Array.isArray(value) || !value.every(Array.isArray)) return null;
    const width = Math.max(0, ...value.map((row: unknown[]) => row.length));
    const named = config.columns ?? [];
    const extra = named.length === 0 || config.allowUnknownColumns ? width : named.length;
    const columns = Array.from(
      { length: Math.max(named.length, extra) },
      (_, index) => named[index] ?? { name: String(index + 1) },
    );
    const rows = value.map((row: unknown[]) => ({
      name: null,
      cells: columns.map((column, index) => ({ column, value: row[index] })),
    }));
    return { rowHeader: null, columns, rows, headers };
  }
  if (entry.render === 'table') {
    if (!isRecord(value) || !Object.values(value).every(isRecord)) return null;
    const inner = Object.values(value) as Record<string, unknown>[];
    const columns = columnsOf(config, [...new Set(inner.flatMap((row) => Object.keys(row)))]);
    const rows = Object.entries(value as Record<string, Record<string, unknown>>).map(([name, row]) => ({
      name,
      cells: columns.map((column) => ({ column, value: row[column.name] })),
    }));
    return { rowHeader: config.xaxis ?? '', columns, rows, headers };
  }
  return null;
}

// ---------------------------------------------------------------- the layouts a user picks from (jobs spec §4)

export interface LayoutChoice {
  /** null: not saved on the server (the built-in default). */
  id: string | null;
  name: string;
  layout: JobLayout;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The layouts offered: the server's, with the built-in default first when the server has no `default`
 * (jobs spec §4: "added locally"; it is then unsaved, which layout mode shows as modified).
 */
export function layoutChoices(saved: readonly JobTemplate[]): LayoutChoice[] {
  const choices = saved.map((template) => ({
    id: template.id,
    name: template.name,
    layout: { version: template.version, data: template.data },
  }));
  return choices.some((choice) => sameName(choice.name, DEFAULT_TEMPLATE_NAME))
    ? choices
    : [{ id: null, name: DEFAULT_TEMPLATE_NAME, layout: DEFAULT_JOB_LAYOUT }, ...choices];
}

/** The chosen layout by name, else the default (a deleted or unknown choice falls back on it). */
export function chosenLayout(choices: readonly LayoutChoice[], name: string): LayoutChoice {
  return (
    choices.find((choice) => sameName(choice.name, name)) ??
    choices.find((choice) => sameName(choice.name, DEFAULT_TEMPLATE_NAME)) ?? {
      id: null,
      name: DEFAULT_TEMPLATE_NAME,
      layout: DEFAULT_JOB_LAYOUT,
    }
  );
}

/** A layout being edited starts modified when it is not on the server: saving it is what there is to do. */
export const startsModified = (choice: LayoutChoice) => choice.id === null;
