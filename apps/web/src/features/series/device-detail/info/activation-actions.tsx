import {
  ACTIVATION_DATE_MIN,
  checkActivationDate,
  defaultActivationDate,
  type SeriesDetail,
} from '@fleet/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceMutations } from '../../api/device-actions';
import { ConfirmActionButton } from './confirm-action-button';
import { PromptActionButton } from './prompt-action-button';

/** Set or reset the activation date (spec §6: activated devices, by the roles allowed). */
export function ActivationActions({ device }: { device: SeriesDetail }) {
  const { t } = useTranslation();
  const { serialNumber, allowedActions } = device;
  const setDate = useMutation(deviceMutations(serialNumber).activationDate);
  const reset = useMutation(deviceMutations(serialNumber).resetActivation);
  const problem = (value: string) => {
    const found = checkActivationDate(value.trim());
    return found
      ? { error: t(`series.detail.activation.problem.${found}`, { min: ACTIVATION_DATE_MIN }) }
      : null;
  };

  return (
    <>
      {allowedActions.includes('setActivationDate') && (
        <PromptActionButton
          label={t('series.detail.activation.set')}
          dialog={{
            title: t('series.detail.activation.set'),
            label: t('series.detail.activation.date'),
            description: t('series.detail.activation.format', { min: ACTIVATION_DATE_MIN }),
            initialValue: defaultActivationDate(device.activationDate),
            validate: problem,
          }}
          call={(day) => setDate.mutateAsync(day)}
          done={t('series.detail.activation.set_done', { serialNumber })}
        />
      )}
      {allowedActions.includes('resetActivation') && (
        <ConfirmActionButton
          label={t('series.detail.activation.reset')}
          action="series.reset_activation"
          question={{ message: t('series.detail.activation.reset_question', { serialNumber }) }}
          call={() => reset.mutateAsync()}
          done={t('series.detail.activation.reset_done', { serialNumber })}
        />
      )}
    </>
  );
}
