import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CallState } from '../../../../components/call-state';
import { deviceConfigurationQueryOptions } from '../../api/device-records';
import { ConfigurationView } from '../../detail/configuration-view';

export function DeviceConfigurationTab() {
  const serialNumber = useParams().serialNumber ?? '';
  const configuration = useQuery(deviceConfigurationQueryOptions(serialNumber));
  return (
    <CallState call={configuration}>{(reported) => <ConfigurationView configuration={reported} />}</CallState>
  );
}
