import { COMPONENT_STATUSES, type Component } from '@fleet/contract';
import { Group, Select } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../../components/action-button';
import { confirm } from '../../../../components/dialogs';
import { CLOSED_UNMOUNTED } from '../../../../components/list/combobox-props';
import { showError } from '../../../../components/show-error';
import { showSuccess } from '../../../../components/show-success';
import { componentMutations } from '../../api/components';

/** The actions cell of a component: change its status, or remove it after a confirmation. */
export function ComponentActions({
  serialNumber,
  component,
}: {
  serialNumber: string;
  component: Component;
}) {
  const { t } = useTranslation();
  const mutations = componentMutations(serialNumber);
  const statusChange = useMutation(mutations.setStatus);
  const removal = useMutation(mutations.remove);
  const busy = statusChange.isPending;
  const { name } = component;

  const changeStatus = async (status: Component['status']) => {
    try {
      await statusChange.mutateAsync({ id: component.id, status });
      showSuccess(t('series.detail.components.status_changed', { name }));
    } catch (error) {
      showError(error, 'series.components.status');
    }
  };
  const remove = async () => {
    try {
      await removal.mutateAsync(component.id);
    } catch (error) {
      showError(error, 'series.components.remove');
      throw error;
    }
    showSuccess(t('series.detail.components.removed', { name }));
  };

  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label={t('series.detail.components.status_of', { name })}
        data={COMPONENT_STATUSES.map((value) => ({
          value,
          label: t(`series.detail.components.status.${value}`),
        }))}
        value={component.status}
        onChange={(status) => status && void changeStatus(status as Component['status'])}
        allowDeselect={false}
        disabled={busy}
        comboboxProps={CLOSED_UNMOUNTED}
        size="xs"
        w={130}
      />
      <ActionButton
        size="compact-sm"
        variant="light"
        color="red"
        ask={() =>
          confirm({
            title: t('series.detail.components.remove_title'),
            message: t('series.detail.components.remove_question', { name, serialNumber }),
            danger: true,
          })
        }
        onAction={remove}
      >
        {t('series.detail.components.remove')}
      </ActionButton>
    </Group>
  );
}
