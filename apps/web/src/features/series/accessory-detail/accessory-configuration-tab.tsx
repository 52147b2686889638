import { useQuery } from '@tanstack/react-query';
import { CallState } from '../../../components/call-state';
import { deviceConfigurationQueryOptions } from '../api/device-records';
import { ConfigurationView } from '../detail/configuration-view';
import { AttachedDevice } from './attached-device';

function Configuration({ serialNumber }: { serialNumber: string }) {
  const configuration = useQuery(deviceConfigurationQueryOptions(serialNumber));
  return (
    <CallState call={configuration}>{(reported) => <ConfigurationView configuration={reported} />}</CallState>
  );
}

// The configuration the attached device reported: the accessory's own data set has its tab already.
export function AccessoryConfigurationTab() {
  return <AttachedDevice>{(serialNumber) => <Configuration serialNumber={serialNumber} />}</AttachedDevice>;
}
