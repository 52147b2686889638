import type { Accessory } from '@fleet/contract';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../../components/call-state';
import { useAccessory } from './use-accessory';

/** Shows what a tab says about the device the accessory is attached to, or that it is attached to none. */
export function AttachedDevice({
  children,
}: {
  children: (serialNumber: string, accessory: Accessory) => ReactNode;
}) {
  const { t } = useTranslation();
  const { accessory } = useAccessory();
  return (
    <CallState call={accessory}>
      {(found) =>
        found.seriesSerialNumber ? (
          children(found.seriesSerialNumber, found)
        ) : (
          <Text c="dimmed">{t('series.accessory_detail.not_attached')}</Text>
        )
      }
    </CallState>
  );
}
