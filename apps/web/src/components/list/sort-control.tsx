import { SORT_ORDERS, type SortOrder } from '@fleet/contract';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLOSED_UNMOUNTED } from './combobox-props';
import classes from './list-controls.module.css';

export interface SortColumnOption {
  value: string;
  label: string;
}

interface SortControlProps {
  columns: readonly SortColumnOption[];
  column: string;
  order: SortOrder;
  onChange: (column: string, order: SortOrder) => void;
}

/** Sort column and ASC/DESC; the list goes back to its first page on change (the list reducer's rule). */
export function SortControl({ columns, column, order, onChange }: SortControlProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.controls}>
      <Select
        label={t('list.sort.column')}
        data={columns}
        value={column}
        onChange={(next) => next && onChange(next, order)}
        allowDeselect={false}
        comboboxProps={CLOSED_UNMOUNTED}
        className={classes.sortColumn}
      />
      <Select
        label={t('list.sort.order')}
        data={SORT_ORDERS.map((value) => ({ value, label: t(`list.sort.${value.toLowerCase()}`) }))}
        value={order}
        onChange={(next) => next && onChange(column, next as SortOrder)}
        allowDeselect={false}
        comboboxProps={CLOSED_UNMOUNTED}
        className={classes.sortOrder}
      />
    </div>
  );
}
