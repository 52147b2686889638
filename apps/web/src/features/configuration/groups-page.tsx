import type { GroupConfiguration } from '@fleet/contract';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallState } from '../../components/call-state';
import { confirm } from '../../components/dialogs';
import { openDialog } from '../../components/dialogs/open-dialog';
import { JsonObjectEditor } from '../../components/json-object-editor';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { paths } from '../../config/paths';
import { useDateFormat } from '../../hooks/use-date-format';
import { groupConfigurationsQueryOptions, setGroupConfigurationMutation } from './api';
import { useConfigurationCheck } from './configuration-check';

/** How many settings the group sends, and who set them when; or that it sends none. */
function GroupSettings({ group }: { group: GroupConfiguration }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  if (!group.desired)
    return (
      <Text size="sm" c="dimmed">
        {t('configuration.groups.no_settings')}
      </Text>
    );
  return (
    <Text size="sm">
      {t('configuration.groups.settings_count', { count: Object.keys(group.desired.content).length })}
      <Text span size="sm" c="dimmed" display="block">
        {t('configuration.desired.set_by', {
          name: group.desired.setBy,
          date: date.long(group.desired.setAt),
        })}
      </Text>
    </Text>
  );
}

/**
 * Groups (CONFIGURATION.GROUPS, docs/company-tools.md): the device groups with their devices and stores, and
 * the settings every device of a group is sent (a device's own settings win over them).
 */
export function GroupsPage() {
  const { t } = useTranslation();
  const check = useConfigurationCheck();
  const groups = useQuery(groupConfigurationsQueryOptions);
  const setting = useMutation(setGroupConfigurationMutation);

  const edit = async (group: GroupConfiguration) => {
    const saved = await openDialog<boolean>(
      t('configuration.groups.edit_title', { name: group.name }),
      (finish) => (
        <JsonObjectEditor
          label={t('configuration.groups.json')}
          value={group.desired?.content ?? {}}
          saveLabel={t('configuration.groups.save')}
          check={check}
          onSave={async (content) => {
            await setting.mutateAsync({ groupId: group.id, content });
            finish(true);
          }}
          onCancel={() => finish(false)}
        />
      ),
      false,
      'wide',
    );
    if (!saved) return;
    showSuccess(t('configuration.groups.saved', { name: group.name }));
  };
  const remove = async (group: GroupConfiguration) => {
    const confirmed = await confirm({
      title: t('configuration.groups.remove_title'),
      message: t('configuration.groups.remove_message', { name: group.name, count: group.deviceCount }),
      confirmLabel: t('configuration.groups.remove'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await setting.mutateAsync({ groupId: group.id, content: null });
      showSuccess(t('configuration.groups.removed', { name: group.name }));
    } catch (error) {
      showError(error, 'configuration.groups.remove');
    }
  };

  const columns: DataColumn<GroupConfiguration>[] = [
    {
      prop: 'name',
      labelLang: 'configuration.groups.columns.name',
      forceNormalWordBreak: true,
      cell: (group) => (
        <Text size="sm" fw={600}>
          {group.name}
        </Text>
      ),
    },
    {
      prop: 'devices',
      labelLang: 'configuration.groups.columns.devices',
      cell: (group) => (
        <Anchor component={Link} to={`${paths.seriesDevices.path}?Group=${group.id}`}>
          {group.deviceCount.toLocaleString()}
        </Anchor>
      ),
    },
    {
      prop: 'stores',
      labelLang: 'configuration.groups.columns.stores',
      cell: (group) => (
        <Anchor component={Link} to={`${paths.storesList.path}?Group=${group.id}`}>
          {group.storeCount.toLocaleString()}
        </Anchor>
      ),
    },
    {
      prop: 'own',
      labelLang: 'configuration.groups.columns.own',
      cell: (group) => group.configuredDeviceCount.toLocaleString(),
    },
    {
      prop: 'settings',
      labelLang: 'configuration.groups.columns.settings',
      cell: (group) => <GroupSettings group={group} />,
    },
    {
      prop: 'actions',
      labelLang: 'configuration.groups.columns.actions',
      cell: (group) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => void edit(group)}
            aria-label={t('configuration.groups.edit_of', { name: group.name })}
          >
            {t('configuration.groups.edit')}
          </Button>
          {group.desired && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => void remove(group)}
              aria-label={t('configuration.groups.remove_of', { name: group.name })}
            >
              {t('configuration.groups.remove')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Text>{t('configuration.groups.intro')}</Text>
      <CallState call={groups}>
        {(data) =>
          data.groups.length === 0 ? (
            <Text c="dimmed">{t('configuration.groups.none')}</Text>
          ) : (
            <DataTable
              label={t('configuration.groups.table')}
              columns={columns}
              items={data.groups}
              rowKey={(group) => String(group.id)}
              minWidth={760}
            />
          )
        }
      </CallState>
    </Stack>
  );
}
