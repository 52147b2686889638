import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CallState } from '../../../../components/call-state';
import { seriesDetailQueryOptions } from '../../api/series-detail';
import { GeneralSection } from './general-section';
import { StatusSection } from './status-section';
import { StoreSection } from './store-section';

/** The info tab: status, general information and store, each with the actions the user may do now. */
export function DeviceInfoTab() {
  const serialNumber = useParams().serialNumber ?? '';
  const detail = useQuery(seriesDetailQueryOptions(serialNumber));
  return (
    <CallState call={detail}>
      {(device) => (
        <Stack gap="md">
          <StatusSection device={device} />
          <GeneralSection device={device} />
          <StoreSection device={device} />
        </Stack>
      )}
    </CallState>
  );
}
