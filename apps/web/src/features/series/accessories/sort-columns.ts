import { ACCESSORY_SORT_COLUMNS } from '@fleet/contract';
import type { TFunction } from 'i18next';
import type { SortColumnOption } from '../../../components/list/sort-control';

const LABELS: Record<(typeof ACCESSORY_SORT_COLUMNS)[number], string> = {
  SerialNumber: 'series.sort.serial_number',
  RegistrationDate: 'series.sort.registration_date',
  Id: 'series.sort.id',
};

export function accessorySortColumns(t: TFunction): SortColumnOption[] {
  return ACCESSORY_SORT_COLUMNS.map((value) => ({ value, label: t(LABELS[value]) }));
}
