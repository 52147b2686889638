import { opensNewWindow, selectionAfterClick, type TableColumn, type TableSort } from '@fleet/contract';
import { ActionIcon, Anchor, Checkbox, Table, VisuallyHidden } from '@mantine/core';
import { Fragment, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useHref, useNavigate } from 'react-router';
import type { BulkSelection } from '../../hooks/use-bulk-selection';
import { NextPageIcon } from '../icons';
import classes from './data-table.module.css';
import { SortHeader } from './sort-header';
import { useVisibleColumns } from './use-visible-columns';

/** A column of the column model (jobs §3) with what its cells show. */
export interface DataColumn<T> extends TableColumn {
  cell: (item: T) => ReactNode;
  /** Header width, such as 120 or '10%'. */
  width?: number | string;
  /** The header is for screen readers only (an icon column, a column of buttons that name themselves). */
  hideLabel?: boolean;
}

/** What a click on a row does (jobs §2). */
export type RowClick<T> =
  | {
      mode: 'callback';
      onClick: (item: T) => void;
      /** The row is a stop of the Tab key, unless a control in it does the same (`false`). */
      focusable?: boolean;
    }
  | {
      mode: 'select' | 'select-cancellable';
      selected: string | null;
      onSelect: (key: string | null) => void;
    }
  | {
      mode: 'redirect';
      /** The route the row leads to. */
      to: (item: T) => string;
      /** The column whose cell is the row's link, for the keyboard and screen readers. */
      linkColumn: string;
      /** What the link says to a screen reader beside its cell ("open job 42"). */
      linkLabel: (item: T) => string;
    };

interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<T>[];
  items: readonly T[];
  rowKey: (item: T) => string;
  sort?: { state: TableSort; onSort: (next: TableSort) => void };
  rowClick?: RowClick<T>;
  /** A checkbox per row for a selection across pages (see `SelectionBar`). */
  selection?: { state: BulkSelection; label: (item: T) => string };
  /** A row that opens onto more below it (a job's preview). */
  expand?: { render: (item: T) => ReactNode; label: (item: T, open: boolean) => string };
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
}

/** Clicks on a link, button or field inside a row do their own thing. */
const ownClick = (event: MouseEvent | KeyboardEvent) =>
  (event.target as HTMLElement).closest('a, button, input, label') !== null;

/** Dates and statuses keep to one line; names wrap between words; codes break only when alone too wide. */
function cellClass(column: TableColumn): string {
  if (column.type === 'date' || column.type === 'status') return classes.nowrap!;
  return column.forceNormalWordBreak ? classes.normalBreak! : classes.cell!;
}

function headerLabel(column: TableColumn, t: (key: string) => string): ReactNode {
  return column.labelLang ? t(column.labelLang) : (column.label ?? '');
}

/**
 * The one table (jobs §2–§4): the column model (columns shown by role and feature, sortable headers
 * that toggle ASC and DESC), the row-click modes (callback, select, select-cancellable, redirect with
 * ctrl or middle click opening a new window), a selection checkbox column and expandable rows.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, items, rowKey, sort, rowClick, selection, expand, minWidth } = props;
  const { t } = useTranslation();
  const columns = useVisibleColumns(props.columns);
  const navigate = useNavigate();
  const baseHref = useHref('/');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggleExpanded = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const span = columns.length + (selection ? 1 : 0) + (expand ? 1 : 0);

  const activate = (item: T, event: MouseEvent | KeyboardEvent) => {
    if (!rowClick || ownClick(event)) return;
    const key = rowKey(item);
    if (rowClick.mode === 'callback') rowClick.onClick(item);
    else if (rowClick.mode === 'redirect') {
      const to = rowClick.to(item);
      const click = 'button' in event ? event : { button: 0, ctrlKey: event.ctrlKey, metaKey: event.metaKey };
      if (opensNewWindow(click)) window.open(`${baseHref.replace(/\/$/, '')}${to}`, '_blank', 'noopener');
      else void navigate(to);
    } else rowClick.onSelect(selectionAfterClick(rowClick.mode, rowClick.selected, key));
  };
  const selectable = rowClick?.mode === 'select' || rowClick?.mode === 'select-cancellable';

  const cellOf = (column: DataColumn<T>, item: T) => {
    const content = column.cell(item);
    if (rowClick?.mode !== 'redirect' || rowClick.linkColumn !== column.prop) return content;
    return (
      <Anchor component={Link} to={rowClick.to(item)}>
        {content}
        <VisuallyHidden> ({rowClick.linkLabel(item)})</VisuallyHidden>
      </Anchor>
    );
  };

  return (
    <Table.ScrollContainer minWidth={minWidth ?? 0}>
      <Table highlightOnHover={rowClick !== undefined} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <VisuallyHidden>{t('list.table.select')}</VisuallyHidden>
              </Table.Th>
            )}
            {expand && (
              <Table.Th w={40}>
                <VisuallyHidden>{t('list.table.expand')}</VisuallyHidden>
              </Table.Th>
            )}
            {columns.map((column) => (
              <SortHeader
                key={column.prop}
                column={column}
                label={
                  column.hideLabel ? (
                    <VisuallyHidden>{headerLabel(column, t)}</VisuallyHidden>
                  ) : (
                    headerLabel(column, t)
                  )
                }
                sort={sort}
                width={column.width}
                className={column.type === 'date' ? classes.nowrap : undefined}
              />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const key = rowKey(item);
            const open = expanded.has(key);
            const checked = selection?.state.isSelected(key) ?? false;
            const current = selectable && rowClick.selected === key;
            return (
              <Fragment key={key}>
                <Table.Tr
                  className={rowClick ? classes.clickable : undefined}
                  data-selected={checked || current || undefined}
                  aria-selected={selectable ? current : undefined}
                  tabIndex={
                    selectable || (rowClick?.mode === 'callback' && rowClick.focusable !== false)
                      ? 0
                      : undefined
                  }
                  onClick={(event) => activate(item, event)}
                  onAuxClick={(event) => event.button === 1 && activate(item, event)}
                  onKeyDown={(event) => {
                    if (event.target !== event.currentTarget) return;
                    if (event.key !== 'Enter' && event.key !== ' ') return;
                    event.preventDefault();
                    activate(item, event);
                  }}
                >
                  {selection && (
                    <Table.Td>
                      <Checkbox
                        aria-label={selection.label(item)}
                        checked={checked}
                        disabled={!checked && selection.state.full}
                        onChange={() => selection.state.toggle(key)}
                      />
                    </Table.Td>
                  )}
                  {expand && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        aria-expanded={open}
                        aria-label={expand.label(item, open)}
                        onClick={() => toggleExpanded(key)}
                      >
                        <NextPageIcon className={open ? classes.chevronOpen : classes.chevron} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                  {columns.map((column) => (
                    <Table.Td
                      key={column.prop}
                      ta={column.styleJustify}
                      className={cellClass(column)}
                      data-label={column.showLabelOnSmall ? String(headerLabel(column, t)) : undefined}
                    >
                      {cellOf(column, item)}
                    </Table.Td>
                  ))}
                </Table.Tr>
                {expand && open && (
                  <Table.Tr>
                    <Table.Td colSpan={span}>{expand.render(item)}</Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
