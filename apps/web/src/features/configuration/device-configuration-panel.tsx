import type { DeviceConfigurationState } from '@fleet/contract';
import { Alert, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { confirm } from '../../components/dialogs';
import { JsonObjectEditor } from '../../components/json-object-editor';
import { KeyValueTree } from '../../components/key-value-tree';
import { SerialNumberLink } from '../../components/serial-number-link';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { useDateFormat } from '../../hooks/use-date-format';
import {
  CONFIGURATION_KEY,
  deviceConfigurationStateQueryOptions,
  setDeviceConfigurationMutation,
} from './api';
import { settingText, useConfigurationCheck } from './configuration-check';

/** While settings have not reached the device, its next report is looked for this often. */
const PENDING_REFRESH_MS = 5000;

/**
 * One device's configuration: what it reports, what is set for it and for its group, and the settings
 * that have not reached it yet (it is sent them with its heartbeat answers until it reports them).
 */
export function DeviceConfigurationPanel({ serialNumber }: { serialNumber: string }) {
  const queryClient = useQueryClient();
  const state = useQuery({
    ...deviceConfigurationStateQueryOptions(serialNumber),
    refetchInterval: (query) => (query.state.data?.differences.length ? PENDING_REFRESH_MS : false),
  });
  // The list of configured devices shows whether each reports its settings: a report the device sent, seen
  // here while its state is followed, changes it (no change of the console's to name it).
  const pending = state.data?.differences.length;
  const seenPending = useRef(pending);
  useEffect(() => {
    if (seenPending.current !== undefined && pending !== seenPending.current)
      void queryClient.invalidateQueries({ queryKey: [...CONFIGURATION_KEY, 'devices'] });
    seenPending.current = pending;
  }, [pending, queryClient]);
  return <CallState call={state}>{(data) => <DeviceConfiguration state={data} />}</CallState>;
}

function DeviceConfiguration({ state }: { state: DeviceConfigurationState }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const check = useConfigurationCheck();
  const setting = useMutation(setDeviceConfigurationMutation);
  const { serialNumber } = state;
  const save = async (content: Record<string, unknown>) => {
    await setting.mutateAsync({ serialNumber, content });
    showSuccess(t('configuration.devices.saved', { serialNumber }));
  };
  const remove = async () => {
    const confirmed = await confirm({
      title: t('configuration.devices.remove_title'),
      message: t('configuration.devices.remove_message', { serialNumber }),
      confirmLabel: t('configuration.devices.remove'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await setting.mutateAsync({ serialNumber, content: null });
      showSuccess(t('configuration.devices.removed', { serialNumber }));
    } catch (error) {
      showError(error, 'configuration.devices.remove');
    }
  };
  const nothingSet = !state.desired && !state.groupDesired;

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Group gap="xs" align="baseline">
          <Title order={2} size="h3">
            <SerialNumberLink serialNumber={serialNumber} />
          </Title>
          <Text c="dimmed">
            {state.groupName
              ? t('configuration.devices.in_group', { group: state.groupName })
              : t('configuration.devices.no_group')}
          </Text>
        </Group>
        <Alert
          color={nothingSet ? 'gray' : state.differences.length ? 'orange' : 'green'}
          title={
            nothingSet
              ? t('configuration.devices.nothing_set')
              : state.differences.length
                ? t('configuration.devices.pending', { count: state.differences.length })
                : t('configuration.devices.reported_all')
          }
        >
          {!nothingSet && state.differences.length > 0 && t('configuration.devices.pending_text')}
        </Alert>
        {state.differences.length > 0 && <Differences state={state} />}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('configuration.devices.own')}
            </Title>
            {state.desired && (
              <Text size="sm" c="dimmed">
                {t('configuration.desired.set_by', {
                  name: state.desired.setBy,
                  date: date.long(state.desired.setAt),
                })}
              </Text>
            )}
            <JsonObjectEditor
              key={state.desired?.setAt ?? 'none'}
              label={t('configuration.devices.own_json')}
              value={state.desired?.content ?? {}}
              saveLabel={t('configuration.devices.save')}
              check={check}
              onSave={save}
              actions={
                state.desired && (
                  <Button
                    variant="subtle"
                    color="red"
                    loading={setting.isPending && setting.variables.content === null}
                    onClick={() => void remove()}
                  >
                    {t('configuration.devices.remove')}
                  </Button>
                )
              }
            />
            {state.groupDesired && (
              <>
                <Title order={3} size="h4">
                  {t('configuration.devices.group_settings', { group: state.groupName })}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('configuration.devices.group_settings_text')}
                </Text>
                <KeyValueTree value={state.groupDesired.content} />
              </>
            )}
          </Stack>
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('configuration.devices.reported')}
            </Title>
            {state.reported ? (
              <>
                <Text size="sm" c="dimmed">
                  {t('configuration.devices.reported_at', { date: date.long(state.reported.reportedAt) })}
                </Text>
                <KeyValueTree value={state.reported.content} />
              </>
            ) : (
              <Text c="dimmed">{t('configuration.devices.never_reported')}</Text>
            )}
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

type Difference = DeviceConfigurationState['differences'][number];

function Differences({ state }: { state: DeviceConfigurationState }) {
  const { t } = useTranslation();
  const columns: DataColumn<Difference>[] = [
    {
      prop: 'setting',
      labelLang: 'configuration.devices.columns.setting',
      cell: (difference) => (
        <Text span inherit ff="monospace">
          {difference.path}
        </Text>
      ),
    },
    {
      prop: 'desired',
      labelLang: 'configuration.devices.columns.desired',
      cell: (difference) => <Code>{settingText(difference.desired)}</Code>,
    },
    {
      prop: 'reported',
      labelLang: 'configuration.devices.columns.reported',
      cell: (difference) =>
        difference.reported === undefined ? (
          <Text size="sm" c="dimmed">
            {t('configuration.devices.not_reported')}
          </Text>
        ) : (
          <Code>{settingText(difference.reported)}</Code>
        ),
    },
  ];
  return (
    <DataTable
      label={t('configuration.devices.differences')}
      columns={columns}
      items={state.differences}
      rowKey={(difference) => difference.path}
      minWidth={480}
    />
  );
}
