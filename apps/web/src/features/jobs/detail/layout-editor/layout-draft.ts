import type { JobLayout, LayoutSection, LayoutTagEntry } from '@fleet/contract';

/**
 * Edits of a layout being changed in the editor, each giving a new layout (the editor keeps the old one
 * for nothing: cancel throws the draft away).
 */
export type LayoutEdit =
  | { type: 'addSection' }
  | {
      type: 'section';
      section: number;
      change: Partial<Pick<LayoutSection, 'title' | 'show_title' | 'hidden'>>;
    }
  | { type: 'moveSection'; section: number; by: -1 | 1 }
  | { type: 'dropSection'; section: number }
  | { type: 'addLine'; section: number }
  | { type: 'moveLine'; section: number; line: number; by: -1 | 1 }
  | { type: 'dropLine'; section: number; line: number }
  | { type: 'addTag'; section: number; line: number; entry: LayoutTagEntry }
  | { type: 'changeTag'; section: number; line: number; tag: number; entry: LayoutTagEntry }
  | { type: 'moveTag'; section: number; line: number; tag: number; by: -1 | 1 }
  | { type: 'dropTag'; section: number; line: number; tag: number };

function moved<T>(items: readonly T[], index: number, by: number): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

const replaced = <T>(items: readonly T[], index: number, item: T) =>
  items.map((old, at) => (at === index ? item : old));
const dropped = <T>(items: readonly T[], index: number) => items.filter((_, at) => at !== index);

function withLines(
  layout: JobLayout,
  section: number,
  change: (lines: LayoutTagEntry[][]) => LayoutTagEntry[][],
): JobLayout {
  const old = layout.data[section]!;
  return { ...layout, data: replaced(layout.data, section, { ...old, render: change(old.render) }) };
}

function withTags(
  layout: JobLayout,
  edit: { section: number; line: number },
  change: (tags: LayoutTagEntry[]) => LayoutTagEntry[],
) {
  return withLines(layout, edit.section, (lines) => replaced(lines, edit.line, change(lines[edit.line]!)));
}

export function editLayout(layout: JobLayout, edit: LayoutEdit): JobLayout {
  switch (edit.type) {
    case 'addSection':
      return {
        ...layout,
        data: [...layout.data, { type: 'section', title: 'job', show_title: true, render: [[]] }],
      };
    case 'section':
      return {
        ...layout,
        data: replaced(layout.data, edit.section, { ...layout.data[edit.section]!, ...edit.change }),
      };
    case 'moveSection':
      return { ...layout, data: moved(layout.data, edit.section, edit.by) };
    case 'dropSection':
      return { ...layout, data: dropped(layout.data, edit.section) };
    case 'addLine':
      return withLines(layout, edit.section, (lines) => [...lines, []]);
    case 'moveLine':
      return withLines(layout, edit.section, (lines) => moved(lines, edit.line, edit.by));
    case 'dropLine':
      return withLines(layout, edit.section, (lines) => dropped(lines, edit.line));
    case 'addTag':
      return withTags(layout, edit, (tags) => [...tags, edit.entry]);
    case 'changeTag':
      return withTags(layout, edit, (tags) => replaced(tags, edit.tag, edit.entry));
    case 'moveTag':
      return withTags(layout, edit, (tags) => moved(tags, edit.tag, edit.by));
    case 'dropTag':
      return withTags(layout, edit, (tags) => dropped(tags, edit.tag));
  }
}
