import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../../components/call-state';
import { deviceCertificatesQueryOptions } from '../api/device-records';
import { CertificatesTable } from '../detail/certificates-table';
import { AttachedDevice } from './attached-device';

function Certificates({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const certificates = useQuery(deviceCertificatesQueryOptions(serialNumber));
  return (
    <CallState call={certificates}>
      {(list) =>
        list.length === 0 ? (
          <Text c="dimmed">{t('series.accessory_detail.certificates.none', { serialNumber })}</Text>
        ) : (
          <CertificatesTable certificates={list} />
        )
      }
    </CallState>
  );
}

/** The certificates of the device the accessory is attached to. */
export function AccessoryCertificatesTab() {
  return <AttachedDevice>{(serialNumber) => <Certificates serialNumber={serialNumber} />}</AttachedDevice>;
}
