import type { SeriesDetail } from '@fleet/contract';
import { Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../../components/show-error';
import { setEarlyAccess } from '../../api/device-actions';
import { useDeviceChange } from './use-device-change';

/** Early access as a switch for those who may change it now, as text for the others. */
export function EarlyAccessSwitch({ device }: { device: SeriesDetail }) {
  const { t } = useTranslation();
  const change = useDeviceChange(device.serialNumber);
  const [busy, setBusy] = useState(false);
  const state = t(`series.early_access.${device.earlyAccess ? 'activated' : 'disabled'}`);
  if (!device.allowedActions.includes('setEarlyAccess')) return <Text>{state}</Text>;

  const toggle = async (earlyAccess: boolean) => {
    setBusy(true);
    try {
      const answer = await setEarlyAccess(device.serialNumber, earlyAccess);
      await change(
        answer,
        t(`series.detail.early_access.${earlyAccess ? 'done_on' : 'done_off'}`, {
          serialNumber: device.serialNumber,
        }),
      );
    } catch (error) {
      showError(error, 'series.early_access');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      aria-label={t('series.filters.early_access')}
      label={state}
      checked={device.earlyAccess}
      disabled={busy}
      onChange={(event) => void toggle(event.currentTarget.checked)}
    />
  );
}
