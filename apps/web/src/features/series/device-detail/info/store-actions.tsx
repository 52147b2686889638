import {
  NO_STORE_OR_GROUP_MESSAGE,
  STORE_CODE_MAX_LENGTH,
  storeCodeSchema,
  type SeriesDetail,
} from '@fleet/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dialogErrorText } from '../../../../components/dialogs';
import { ApiError } from '../../../../lib/api';
import { deviceMutations } from '../../api/device-actions';
import { ConfirmActionButton } from './confirm-action-button';
import { PromptActionButton } from './prompt-action-button';

/** Attach to a store, or edit the store code, and detach (spec §5 and §8). */
export function StoreActions({ device }: { device: SeriesDetail }) {
  const { t } = useTranslation();
  const { serialNumber, officialStoreCode } = device;
  const attach = useMutation(deviceMutations(serialNumber).attachStore);
  const detach = useMutation(deviceMutations(serialNumber).detachStore);
  if (!device.allowedActions.includes('editStore')) return null;

  const problem = (value: string) => {
    const checked = storeCodeSchema.safeParse(value);
    if (checked.success) return null;
    return checked.error.issues[0]?.code === 'too_big'
      ? { error: t('series.detail.store.too_long', { max: STORE_CODE_MAX_LENGTH }) }
      : { error: t('series.tdn.tab_details.warning_no_store_code') };
  };
  const refusal = (error: unknown) =>
    error instanceof ApiError && error.status === 400 && error.serviceMessage === NO_STORE_OR_GROUP_MESSAGE
      ? t('series.tdn.tab_details.no_store_or_no_group_error')
      : dialogErrorText(error);
  const label = officialStoreCode ? t('series.detail.store.edit') : t('series.detail.store.attach');

  return (
    <>
      <PromptActionButton
        label={label}
        dialog={{
          title: officialStoreCode ? t('series.detail.store.edit') : t('series.detail.store.attach_title'),
          label: t('series.filters.store_code'),
          initialValue: officialStoreCode ?? '',
          validate: problem,
        }}
        call={(storeCode) => attach.mutateAsync(storeCode)}
        refusal={refusal}
        done={t('series.detail.store.attach_done', { serialNumber })}
      />
      {officialStoreCode && (
        <ConfirmActionButton
          label={t('series.detail.store.detach')}
          action="series.detach_store"
          color="red"
          question={{
            message: t('series.detail.store.detach_question', { serialNumber, storeCode: officialStoreCode }),
            danger: true,
          }}
          call={() => detach.mutateAsync(officialStoreCode)}
          done={t('series.detail.store.detach_done', { serialNumber, storeCode: officialStoreCode })}
        />
      )}
    </>
  );
}
