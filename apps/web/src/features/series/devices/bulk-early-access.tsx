import { mayDo, type BulkActionAnswer } from '@fleet/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../components/action-button';
import { confirm } from '../../../components/dialogs';
import { showError } from '../../../components/show-error';
import { showSuccess } from '../../../components/show-success';
import type { BulkSelection } from '../../../hooks/use-bulk-selection';
import { useCanUse } from '../../../hooks/use-can-use';
import { useMe } from '../../../hooks/use-me';
import { earlyAccessOfSelectionMutation } from '../api/device-actions';
import { showBulkResult } from './bulk-result-dialog';

/** The server's rule: the device page's feature, and a role allowed to do the single action. */
export function useMaySetEarlyAccessOfSelection(): boolean {
  const roles = useMe().data?.roles;
  const mayOpenDevices = useCanUse('SERIES.DETAILS');
  return !!roles && mayOpenDevices && mayDo('setEarlyAccess', roles);
}

/**
 * Early access on or off for the selected devices (for those `useMaySetEarlyAccessOfSelection` allows).
 * The devices changed leave the selection; those refused or not found stay in it, listed with the reason.
 */
export function BulkEarlyAccessActions({ selection }: { selection: BulkSelection }) {
  const { t } = useTranslation();
  const change = useMutation(earlyAccessOfSelectionMutation);
  const { selected } = selection;
  const button = (earlyAccess: boolean) => {
    const way = earlyAccess ? 'on' : 'off';
    const label = t(`series.devices.bulk.early_access_${way}`);
    const run = async () => {
      let answer: BulkActionAnswer;
      try {
        // The lists and the devices' pages reload before the outcome is said.
        answer = await change.mutateAsync({ serialNumbers: selected, earlyAccess });
      } catch (error) {
        showError(error, 'series.bulk_early_access');
        throw error;
      }
      const done = answer.results.filter((result) => result.outcome === 'done');
      const notDone = answer.results.filter((result) => result.outcome !== 'done');
      const changed = done.map((result) => result.serialNumber);
      selection.unselect(changed);
      if (notDone.length === 0) showSuccess(t(`series.devices.bulk.done_${way}`, { count: done.length }));
      else void showBulkResult(label, { total: answer.results.length, notDone });
    };
    return (
      <ActionButton
        key={way}
        size="compact-sm"
        variant="light"
        disabled={selected.length === 0}
        ask={() =>
          confirm({
            title: label,
            message: t(`series.devices.bulk.question_${way}`, { count: selected.length }),
          })
        }
        onAction={run}
      >
        {label}
      </ActionButton>
    );
  };
  return [button(true), button(false)];
}
