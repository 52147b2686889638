import type { DeviceKeyAnswer } from '@fleet/contract';
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { DIALOG_MIN_WIDTH, openModal } from '../../../../components/dialogs/open-dialog';
import { useCopyText } from '../../../../hooks/use-copy-text';
import { useDateFormat } from '../../../../hooks/use-date-format';

function DeviceKeyBody({ answer, onClose }: { answer: DeviceKeyAnswer; onClose: () => void }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const copy = useCopyText();
  return (
    <Stack gap="sm">
      <Alert color="orange" title={t('series.detail.device_key.shown_once_title')}>
        {t('series.detail.device_key.shown_once', { serialNumber: answer.serialNumber })}
      </Alert>
      <Code
        block
        aria-label={t('series.detail.device_key.key')}
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
      >
        {answer.deviceKey}
      </Code>
      <Text size="sm" c="dimmed">
        {t('series.detail.device_key.issued_at', { date: date.long(answer.issuedAt) })}
      </Text>
      <Group justify="flex-end" gap="sm">
        {copy.state !== 'idle' && (
          <Text size="sm" role="status" c={copy.state === 'copied' ? 'teal' : 'red'}>
            {t(
              copy.state === 'copied'
                ? 'series.detail.device_key.copied'
                : 'series.detail.device_key.copy_failed',
            )}
          </Text>
        )}
        <Button variant="light" onClick={() => void copy.copy(answer.deviceKey)}>
          {t('series.detail.device_key.copy')}
        </Button>
        <Button onClick={onClose}>{t('common.actions.close')}</Button>
      </Group>
    </Stack>
  );
}

/**
 * Shows a newly issued device key, this once. The key lives in this dialog only: closing it forgets
 * the key. A click beside the dialog does not close it, so the key is not lost by a stray click.
 */
export function showDeviceKey(title: string, answer: DeviceKeyAnswer): void {
  const id = openModal({
    title,
    miw: DIALOG_MIN_WIDTH.wide,
    size: 'lg',
    closeOnClickOutside: false,
    children: <DeviceKeyBody answer={answer} onClose={() => modals.close(id)} />,
  });
}
