import { useQuery } from '@tanstack/react-query';
import { CallState } from '../../../components/call-state';
import { deviceCertificatesQueryOptions } from '../api/device-records';
import { CertificatesTable } from '../detail/certificates-table';
import { AttachedDevice } from './attached-device';

function Certificates({ serialNumber }: { serialNumber: string }) {
  const certificates = useQuery(deviceCertificatesQueryOptions(serialNumber));
  return <CallState call={certificates}>{(list) => <CertificatesTable certificates={list} />}</CallState>;
}

/** The certificates of the device the accessory is attached to. */
export function AccessoryCertificatesTab() {
  return <AttachedDevice>{(serialNumber) => <Certificates serialNumber={serialNumber} />}</AttachedDevice>;
}
