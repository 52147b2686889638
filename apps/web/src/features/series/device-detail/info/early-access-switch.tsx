import type { SeriesDetail } from '@fleet/contract';
import { Switch, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../../components/show-error';
import { showSuccess } from '../../../../components/show-success';
import { deviceMutations } from '../../api/device-actions';

/** Early access as a switch for those who may change it now, as text for the others. */
export function EarlyAccessSwitch({ device }: { device: SeriesDetail }) {
  const { t } = useTranslation();
  const { serialNumber } = device;
  const change = useMutation(deviceMutations(serialNumber).earlyAccess);
  const state = t(`series.early_access.${device.earlyAccess ? 'activated' : 'disabled'}`);
  if (!device.allowedActions.includes('setEarlyAccess')) return <Text>{state}</Text>;

  const toggle = (earlyAccess: boolean) =>
    change.mutate(earlyAccess, {
      onSuccess: () =>
        showSuccess(
          t(`series.detail.early_access.${earlyAccess ? 'done_on' : 'done_off'}`, { serialNumber }),
        ),
      onError: (error) => showError(error, 'series.early_access'),
    });
  return (
    <Switch
      aria-label={t('series.filters.early_access')}
      label={state}
      checked={device.earlyAccess}
      disabled={change.isPending}
      onChange={(event) => toggle(event.currentTarget.checked)}
    />
  );
}
