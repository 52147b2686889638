import type { SeriesDetail } from '@fleet/contract';
import type { MantineColor } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hardConfirm } from '../../../../components/dialogs';
import { showSuccess } from '../../../../components/show-success';
import { paths } from '../../../../config/paths';
import { deviceMutations, type StatusAction } from '../../api/device-actions';
import { seriesDetailQueryKey } from '../../api/series-detail';
import { ConfirmActionButton } from './confirm-action-button';

/** In the order of docs/device-statuses.md; those that take the device out of service are red. */
const STATUS_ACTIONS: readonly { action: StatusAction; key: string; colour?: MantineColor }[] = [
  { action: 'deactivate', key: 'deactivate' },
  { action: 'reactivate', key: 'reactivate' },
  { action: 'blacklist', key: 'blacklist', colour: 'red' },
  { action: 'unblacklist', key: 'unblacklist' },
  { action: 'discard', key: 'discard', colour: 'red' },
  { action: 'undoDiscard', key: 'undo_discard' },
  { action: 'refurbish', key: 'refurbish' },
  { action: 'deassociate', key: 'deassociate' },
  { action: 'delete', key: 'delete', colour: 'red' },
];

/** The status actions the user may do on the device in its present state, each asked first. */
export function StatusActions({ device }: { device: SeriesDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { serialNumber } = device;
  const changes = deviceMutations(serialNumber);
  const status = useMutation(changes.status);
  const deassociation = useMutation(changes.deassociate);
  const deletion = useMutation(changes.remove);
  const run = (action: StatusAction) =>
    action === 'delete'
      ? deletion.mutateAsync()
      : action === 'deassociate'
        ? deassociation.mutateAsync()
        : status.mutateAsync(action);
  const text = (key: string, phrase: string) => t(`series.detail.actions.${key}.${phrase}`, { serialNumber });

  // A deleted device has no page any more: back to the list (reloaded by the deletion), its detail forgotten.
  const leaveDeleted = async () => {
    await navigate(paths.seriesDevices.path, { replace: true });
    queryClient.removeQueries({ queryKey: seriesDetailQueryKey(serialNumber) });
    showSuccess(text('delete', 'done'));
  };

  return STATUS_ACTIONS.filter(({ action }) => device.allowedActions.includes(action)).map(
    ({ action, key, colour }) => (
      <ConfirmActionButton
        key={action}
        label={text(key, 'label')}
        action={`series.${key}`}
        color={colour}
        question={{ message: text(key, 'question'), danger: colour === 'red' }}
        ask={
          action === 'delete'
            ? () =>
                hardConfirm({
                  title: text(key, 'label'),
                  message: text(key, 'question'),
                  verificationText: serialNumber,
                })
            : undefined
        }
        call={() => run(action)}
        done={text(key, 'done')}
        onDone={action === 'delete' ? leaveDeleted : undefined}
      />
    ),
  );
}
