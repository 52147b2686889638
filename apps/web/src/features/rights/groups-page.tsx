import { groupBodySchema, type GroupSummary } from '@fleet/contract';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallState } from '../../components/call-state';
import { confirm } from '../../components/dialogs';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ContractFormFrame } from '../../components/records/record-form';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { paths } from '../../config/paths';
import { useContractForm } from '../../hooks/use-contract-form';
import { i18n } from '../../lib/i18n';
import { deleteGroupMutation, groupsQueryOptions, saveGroupMutation } from './api';
import { openGroupMembers } from './group-members-dialog';

/** A group's name, checked by the contract and saved; a refusal shows under the field. */
function GroupNameForm({
  group,
  finish,
}: {
  group: GroupSummary | null;
  finish: (saved: GroupSummary | null) => void;
}) {
  const { t } = useTranslation();
  const form = useContractForm(groupBodySchema, { name: group?.name ?? '' });
  const save = useMutation(saveGroupMutation);
  return (
    <ContractFormFrame
      form={form}
      editing={group !== null}
      save={({ name }) => save.mutateAsync({ id: group?.id ?? null, name })}
      onSaved={finish}
      onCancel={() => finish(null)}
      confirmLabel={t('rights.groups.save')}
    >
      <TextInput
        label={t('rights.groups.name')}
        value={form.values.name}
        onChange={(event) => form.set('name', event.currentTarget.value)}
        required
        data-autofocus
        error={form.error('name')}
      />
    </ContractFormFrame>
  );
}

/** Creates a group, or renames this one; answers the group saved, or null when cancelled. */
const openGroupName = (group: GroupSummary | null) =>
  openDialog<GroupSummary | null>(
    group ? i18n.t('rights.groups.rename_title', { name: group.name }) : i18n.t('rights.groups.create_title'),
    (finish) => <GroupNameForm group={group} finish={finish} />,
    null,
  );

/** A count of what belongs to the group, leading to the list of it filtered by the group. */
const countLink = (path: string, group: GroupSummary, count: number) => (
  <Anchor component={Link} to={`${path}?Group=${group.id}`}>
    {count}
  </Anchor>
);

/** Members and rename for every group; delete once nothing belongs to it. */
function GroupActions({
  group,
  rename,
  remove,
}: {
  group: GroupSummary;
  rename: (group: GroupSummary) => Promise<void>;
  remove: (group: GroupSummary) => Promise<void>;
}) {
  const { t } = useTranslation();
  const empty = group.deviceCount + group.storeCount + group.userCount === 0;
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => void openGroupMembers(group)}
        aria-label={t('rights.groups.members_of', { name: group.name })}
      >
        {t('rights.groups.members')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => void rename(group)}
        aria-label={t('rights.groups.rename_of', { name: group.name })}
      >
        {t('rights.groups.rename')}
      </Button>
      {empty && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={() => void remove(group)}
          aria-label={t('rights.groups.delete_of', { name: group.name })}
        >
          {t('rights.groups.delete')}
        </Button>
      )}
    </Group>
  );
}

function groupColumns(actions: {
  rename: (group: GroupSummary) => Promise<void>;
  remove: (group: GroupSummary) => Promise<void>;
}): DataColumn<GroupSummary>[] {
  return [
    {
      prop: 'name',
      labelLang: 'rights.groups.columns.name',
      forceNormalWordBreak: true,
      cell: (group) => (
        <Text size="sm" fw={500}>
          {group.name}
        </Text>
      ),
    },
    {
      prop: 'devices',
      labelLang: 'rights.groups.columns.devices',
      cell: (group) => countLink(paths.seriesDevices.path, group, group.deviceCount),
    },
    {
      prop: 'stores',
      labelLang: 'rights.groups.columns.stores',
      cell: (group) => countLink(paths.storesList.path, group, group.storeCount),
    },
    {
      prop: 'users',
      labelLang: 'rights.groups.columns.users',
      cell: (group) => countLink(paths.rightsUsers.path, group, group.userCount),
    },
    {
      prop: 'actions',
      labelLang: 'rights.groups.columns.actions',
      cell: (group) => <GroupActions group={group} {...actions} />,
    },
  ];
}

/**
 * Rights management's groups (RIGHTS.GROUPS): the device groups with what belongs to them; created,
 * renamed, and deleted once nothing belongs to them.
 */
export function GroupsPage() {
  const { t } = useTranslation();
  const groups = useQuery(groupsQueryOptions);
  const deletion = useMutation(deleteGroupMutation);

  const create = async () => {
    const created = await openGroupName(null);
    if (!created) return;
    showSuccess(t('rights.groups.created', { name: created.name }));
  };
  const rename = async (group: GroupSummary) => {
    const renamed = await openGroupName(group);
    if (!renamed) return;
    showSuccess(t('rights.groups.renamed', { name: renamed.name }));
  };
  const remove = async (group: GroupSummary) => {
    const confirmed = await confirm({
      title: t('rights.groups.delete_title'),
      message: t('rights.groups.delete_message', { name: group.name }),
      confirmLabel: t('rights.groups.delete'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deletion.mutateAsync(group.id);
      showSuccess(t('rights.groups.deleted', { name: group.name }));
    } catch (error) {
      showError(error, 'rights.groups.delete');
    }
  };

  const columns = groupColumns({ rename, remove });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text>{t('rights.groups.intro')}</Text>
        <Button onClick={() => void create()}>{t('rights.groups.create')}</Button>
      </Group>
      <CallState call={groups}>
        {(data) => (
          <DataTable
            label={t('rights.groups.table')}
            columns={columns}
            items={data.groups}
            rowKey={(group) => String(group.id)}
            minWidth={640}
          />
        )}
      </CallState>
    </Stack>
  );
}
