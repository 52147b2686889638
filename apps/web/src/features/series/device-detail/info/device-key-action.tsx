import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../../components/action-button';
import { confirm } from '../../../../components/dialogs';
import { showError } from '../../../../components/show-error';
import { issueDeviceKey } from '../../api/device-actions';
import { showDeviceKey } from './device-key-dialog';

/**
 * A new key for the device (FACTORY feature). The previous key stops working at once, so the question
 * says so first; the new key is shown once, in a dialog, and kept nowhere else.
 */
export function DeviceKeyAction({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const label = t('series.detail.device_key.label');
  const run = async () => {
    try {
      showDeviceKey(label, await issueDeviceKey(serialNumber));
    } catch (error) {
      showError(error, 'series.device_key');
      throw error;
    }
  };
  return (
    <ActionButton
      variant="light"
      color="orange"
      ask={() =>
        confirm({
          title: label,
          message: t('series.detail.device_key.question', { serialNumber }),
          confirmLabel: t('series.detail.device_key.confirm'),
          danger: true,
        })
      }
      onAction={run}
    >
      {label}
    </ActionButton>
  );
}
