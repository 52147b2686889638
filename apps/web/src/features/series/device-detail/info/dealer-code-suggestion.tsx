import type { SeriesDetail } from '@fleet/contract';
import { Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../../components/action-button';
import { showSuccess } from '../../../../components/show-success';
import { deviceMutations } from '../../api/device-actions';

/**
 * The store's dealer code when it differs from the device's (spec §3 `dealerCodeSuggestion`): attaching
 * keeps the device's own, and whoever may attach stores takes the store's here in one step.
 */
export function DealerCodeSuggestion({ device }: { device: SeriesDetail }) {
  const { t } = useTranslation();
  const { serialNumber, storeAttachment } = device;
  const attach = useMutation(deviceMutations(serialNumber).attachStore);
  const dealerCode = storeAttachment?.dealerCodeSuggestion;
  if (!storeAttachment || !dealerCode) return null;
  const mayTake = device.allowedActions.includes('editStore');
  return (
    <Group gap="xs" mt={4}>
      <Text size="sm" c="dimmed">
        {t('series.detail.store.dealer_code_suggestion', { dealerCode })}
      </Text>
      {mayTake && (
        <ActionButton
          size="compact-sm"
          variant="light"
          onAction={async () => {
            await attach.mutateAsync({ storeCode: storeAttachment.officialStoreCode, dealerCode });
            showSuccess(t('series.detail.store.dealer_code_done', { serialNumber, dealerCode }));
          }}
        >
          {t('series.detail.store.use_dealer_code', { dealerCode })}
        </ActionButton>
      )}
    </Group>
  );
}
