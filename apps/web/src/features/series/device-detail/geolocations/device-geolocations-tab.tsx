import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CallState } from '../../../../components/call-state';
import { deviceLocationsQueryOptions } from '../../api/device-records';
import { LocationMap } from './location-map';
import { LocationsTable } from './locations-table';

/** The positions the device reported, newest first: on a map drawn without internet access, and as a table. */
export function DeviceGeolocationsTab() {
  const { t } = useTranslation();
  const serialNumber = useParams().serialNumber ?? '';
  const locations = useQuery(deviceLocationsQueryOptions(serialNumber));
  return (
    <CallState call={locations}>
      {(list) =>
        list.length === 0 ? (
          <Text c="dimmed">{t('series.detail.geolocations.none')}</Text>
        ) : (
          <Stack gap="md">
            <LocationMap locations={list} />
            <LocationsTable locations={list} />
          </Stack>
        )
      }
    </CallState>
  );
}
