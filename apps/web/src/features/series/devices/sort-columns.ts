import { SERIES_SORT_COLUMNS, type SeriesSortColumn } from '@fleet/contract';
import type { TFunction } from 'i18next';
import type { SortColumnOption } from '../../../components/list/sort-control';

const LABELS: Record<SeriesSortColumn, string> = {
  Id: 'series.sort.id',
  SerialNumber: 'series.sort.serial_number',
  ActivationDate: 'series.sort.activation_date',
  RegistrationDate: 'series.sort.registration_date',
  Country: 'series.sort.country',
  Description: 'series.sort.description',
  DealerCode: 'series.sort.dealer_code',
};

export function seriesSortColumns(t: TFunction): SortColumnOption[] {
  return SERIES_SORT_COLUMNS.map((value) => ({ value, label: t(LABELS[value]) }));
}
