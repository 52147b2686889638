import { PAGE_SIZES } from '@fleet/contract';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLOSED_UNMOUNTED } from './combobox-props';
import classes from './list-controls.module.css';

interface PageSizeSelectProps {
  value: number;
  onChange: (pageSize: number) => void;
  sizes?: readonly number[];
}

export function PageSizeSelect({ value, onChange, sizes = PAGE_SIZES }: PageSizeSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('list.page_size.label')}
      data={sizes.map(String)}
      value={String(value)}
      onChange={(size) => size && onChange(Number(size))}
      allowDeselect={false}
      comboboxProps={CLOSED_UNMOUNTED}
      className={classes.pageSize}
    />
  );
}
