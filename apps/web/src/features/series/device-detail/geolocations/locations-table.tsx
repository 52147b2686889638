import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../../components/table/data-table';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { htmlLang } from '../../../../lib/i18n';
import { accuracyText, coordinatesText, type DeviceLocation } from './location-label';

export function LocationsTable({ locations }: { locations: readonly DeviceLocation[] }) {
  const { t, i18n } = useTranslation();
  const date = useDateFormat();
  const locale = htmlLang(i18n.language);
  const columns: DataColumn<DeviceLocation>[] = [
    {
      prop: 'reportedAt',
      labelLang: 'series.detail.geolocations.date',
      type: 'date',
      cell: (location) => date.long(location.reportedAt),
    },
    {
      prop: 'coordinates',
      labelLang: 'series.detail.geolocations.coordinates',
      cell: (location) => coordinatesText(location, locale),
    },
    {
      prop: 'accuracy',
      labelLang: 'series.detail.geolocations.accuracy',
      cell: (location) => accuracyText(location, t),
    },
  ];
  return (
    <DataTable
      label={t('series.detail.geolocations.positions')}
      columns={columns}
      items={locations}
      // Two reports may share a date: the position in the list tells them apart.
      rowKey={(location) => `${location.reportedAt} ${locations.indexOf(location)}`}
      minWidth={520}
    />
  );
}
