import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CallState } from '../../../../components/call-state';
import { deviceCertificatesQueryOptions } from '../../api/device-records';
import { CertificatesTable } from '../../detail/certificates-table';

export function DeviceCertificatesTab() {
  const serialNumber = useParams().serialNumber ?? '';
  const certificates = useQuery(deviceCertificatesQueryOptions(serialNumber));
  return <CallState call={certificates}>{(list) => <CertificatesTable certificates={list} />}</CallState>;
}
