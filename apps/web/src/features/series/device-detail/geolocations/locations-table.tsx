import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { htmlLang } from '../../../../lib/i18n';
import { accuracyText, coordinatesText, type DeviceLocation } from './location-label';

export function LocationsTable({ locations }: { locations: readonly DeviceLocation[] }) {
  const { t, i18n } = useTranslation();
  const date = useDateFormat();
  const locale = htmlLang(i18n.language);
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped aria-label={t('series.detail.geolocations.positions')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('series.detail.geolocations.date')}</Table.Th>
            <Table.Th>{t('series.detail.geolocations.coordinates')}</Table.Th>
            <Table.Th>{t('series.detail.geolocations.accuracy')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {locations.map((location, index) => (
            <Table.Tr key={`${location.reportedAt} ${index}`}>
              <Table.Td>{date.long(location.reportedAt)}</Table.Td>
              <Table.Td>{coordinatesText(location, locale)}</Table.Td>
              <Table.Td>{accuracyText(location, t)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
