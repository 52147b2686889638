import { ariaSortOf, toggleSort, type TableColumn, type TableSort } from '@fleet/contract';
import { Table, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './data-table.module.css';

interface SortHeaderProps {
  column: TableColumn;
  label: ReactNode;
  /** The table's sort; without it no header sorts. */
  sort: { state: TableSort; onSort: (next: TableSort) => void } | undefined;
  className?: string | undefined;
  width?: number | string | undefined;
}

/**
 * A column header (jobs §4): a sortable one is a button that toggles ASC and DESC, and tells assistive
 * technology how the table is sorted (`aria-sort`).
 */
export function SortHeader({ column, label, sort, className, width }: SortHeaderProps) {
  const { t } = useTranslation();
  const ariaSort = sort ? ariaSortOf(column, sort.state) : undefined;
  if (!sort || ariaSort === undefined)
    return (
      <Table.Th className={className} w={width} data-prop={column.prop}>
        {label}
      </Table.Th>
    );
  const arrow = ariaSort === 'ascending' ? '▲' : ariaSort === 'descending' ? '▼' : '↕';
  return (
    <Table.Th className={className} w={width} aria-sort={ariaSort} data-prop={column.prop}>
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => sort.onSort(toggleSort(sort.state, column))}
        title={t(ariaSort === 'ascending' ? 'list.table.sort_descending' : 'list.table.sort_ascending')}
      >
        {label}
        <span aria-hidden className={classes.sortArrow} data-sorted={ariaSort !== 'none' || undefined}>
          {arrow}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}
