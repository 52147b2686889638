import type { Me, WebhookEndpoint } from '@fleet/contract';
import { Alert, Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CallState } from '../../components/call-state';
import { confirm } from '../../components/dialogs';
import { PageFrame } from '../../components/page-frame';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { useMe } from '../../hooks/use-me';
import {
  deleteEndpointMutation,
  endpointsQueryOptions,
  rotateSecretMutation,
  updateEndpointMutation,
} from './api';
import { DeliveriesDrawer, ENDPOINT_KEY } from './deliveries-drawer';
import { openCreateForm, openEditForm } from './endpoint-form';
import { eventTypeKey } from './event-names';
import { showSecret } from './secret-dialog';

/** On, or off with why: turned off by the server after its failures, or by a person. */
function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  if (endpoint.enabled)
    return (
      <Badge variant="light" color="teal">
        {t('webhooks.state.enabled')}
      </Badge>
    );
  return (
    <Stack gap={2}>
      <Badge variant="light" color={endpoint.disabledReason ? 'red' : 'gray'}>
        {t('webhooks.state.disabled')}
      </Badge>
      {endpoint.disabledReason && (
        <Text size="xs" c="dimmed">
          {t(`webhooks.state.reasons.${endpoint.disabledReason.replaceAll('-', '_')}`)}
        </Text>
      )}
    </Stack>
  );
}

/** What may be done with an endpoint: its deliveries, a change, a new secret, turning it on, removing it. */
function useEndpointActions(me: Me, openLog: (endpoint: WebhookEndpoint) => void) {
  const { t } = useTranslation();
  const updateCall = useMutation(updateEndpointMutation);
  const rotateCall = useMutation(rotateSecretMutation);
  const deleteCall = useMutation(deleteEndpointMutation);
  const edit = async (endpoint: WebhookEndpoint) => {
    if (await openEditForm(me, endpoint)) showSuccess(t('webhooks.form.saved'));
  };
  const enable = async (endpoint: WebhookEndpoint) => {
    try {
      const body = { url: endpoint.url, eventTypes: endpoint.eventTypes, enabled: true };
      await updateCall.mutateAsync({ id: endpoint.id, body });
      showSuccess(t('webhooks.state.enabled_again', { url: endpoint.url }));
    } catch (error) {
      showError(error, 'webhooks.update');
    }
  };
  const rotate = async (endpoint: WebhookEndpoint) => {
    const sure = await confirm({
      title: t('webhooks.rotate.title'),
      message: t('webhooks.rotate.message', { url: endpoint.url }),
      confirmLabel: t('webhooks.rotate.confirm'),
      danger: true,
    });
    if (!sure) return;
    try {
      showSecret(endpoint.url, (await rotateCall.mutateAsync(endpoint.id)).secret);
    } catch (error) {
      showError(error, 'webhooks.rotate');
    }
  };
  const remove = async (endpoint: WebhookEndpoint) => {
    const sure = await confirm({
      title: t('webhooks.delete.title'),
      message: t('webhooks.delete.message', { url: endpoint.url }),
      confirmLabel: t('webhooks.delete.confirm'),
      danger: true,
    });
    if (!sure) return;
    try {
      await deleteCall.mutateAsync(endpoint.id);
      showSuccess(t('webhooks.delete.done', { url: endpoint.url }));
    } catch (error) {
      showError(error, 'webhooks.delete');
    }
  };
  return (endpoint: WebhookEndpoint) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => openLog(endpoint)}
        aria-label={t('webhooks.deliveries.title', { url: endpoint.url })}
      >
        {t('webhooks.actions.deliveries')}
      </Button>
      {!endpoint.enabled && (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => void enable(endpoint)}
          aria-label={t('webhooks.actions.enable_of', { url: endpoint.url })}
        >
          {t('webhooks.actions.enable')}
        </Button>
      )}
      <Menu position="bottom-end">
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="subtle"
            aria-label={t('webhooks.actions.more_of', { url: endpoint.url })}
          >
            {t('webhooks.actions.more')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void edit(endpoint)}>{t('webhooks.actions.edit')}</Menu.Item>
          <Menu.Item onClick={() => void rotate(endpoint)}>{t('webhooks.actions.rotate')}</Menu.Item>
          <Menu.Item color="red" onClick={() => void remove(endpoint)}>
            {t('webhooks.actions.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function useEndpointColumns(
  me: Me,
  openLog: (endpoint: WebhookEndpoint) => void,
): DataColumn<WebhookEndpoint>[] {
  const { t } = useTranslation();
  const actions = useEndpointActions(me, openLog);
  return [
    {
      prop: 'url',
      labelLang: 'webhooks.columns.url',
      cell: (endpoint) => (
        <Text size="sm" ff="monospace">
          {endpoint.url}
        </Text>
      ),
    },
    ...(me.wholeFleet
      ? [
          {
            prop: 'company',
            labelLang: 'webhooks.columns.company',
            forceNormalWordBreak: true,
            cell: (endpoint: WebhookEndpoint) => endpoint.companyName ?? t('webhooks.every_company'),
          },
        ]
      : []),
    {
      prop: 'eventTypes',
      labelLang: 'webhooks.columns.event_types',
      forceNormalWordBreak: true,
      cell: (endpoint) => endpoint.eventTypes.map((type) => t(eventTypeKey(type))).join(', '),
    },
    {
      prop: 'state',
      labelLang: 'webhooks.columns.state',
      type: 'status',
      cell: (endpoint) => <EndpointState endpoint={endpoint} />,
    },
    { prop: 'owner', labelLang: 'webhooks.columns.owner', cell: (endpoint) => endpoint.ownerName ?? '—' },
    { prop: 'actions', labelLang: 'webhooks.columns.actions', type: 'action', cell: actions },
  ];
}

function Endpoints({ me }: { me: Me }) {
  const { t } = useTranslation();
  const endpoints = useQuery(endpointsQueryOptions);
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = Number(searchParams.get(ENDPOINT_KEY));
  const openLog = (endpoint: WebhookEndpoint) =>
    setSearchParams(new URLSearchParams({ [ENDPOINT_KEY]: String(endpoint.id) }));
  const columns = useEndpointColumns(me, openLog);
  const opened = endpoints.data?.endpoints.find((endpoint) => endpoint.id === openId) ?? null;
  const turnedOff = endpoints.data?.endpoints.filter((endpoint) => endpoint.disabledReason) ?? [];
  return (
    <Stack gap="md">
      {turnedOff.length > 0 && (
        <Alert color="red" title={t('webhooks.state.turned_off_title', { count: turnedOff.length })}>
          {t('webhooks.state.turned_off_text')}
        </Alert>
      )}
      <CallState call={endpoints}>
        {(data) =>
          data.endpoints.length === 0 ? (
            <Text c="dimmed">{t('webhooks.page.none')}</Text>
          ) : (
            <DataTable
              label={t('webhooks.page.table')}
              columns={columns}
              items={data.endpoints}
              rowKey={(endpoint) => String(endpoint.id)}
              minWidth={860}
            />
          )
        }
      </CallState>
      <DeliveriesDrawer endpoint={opened} onClose={() => setSearchParams(new URLSearchParams())} />
    </Stack>
  );
}

/** Route /tool/webhooks (WEBHOOKS): the endpoints the user manages and their deliveries. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const me = useMe().data;
  const create = async () => {
    if (!me) return;
    const created = await openCreateForm(me);
    if (created) showSecret(created.endpoint.url, created.secret);
  };
  return (
    <PageFrame
      title={t('webhooks.page.title')}
      intro={t('webhooks.page.intro')}
      actions={
        <Button onClick={() => void create()} disabled={!me}>
          {t('webhooks.page.create')}
        </Button>
      }
    >
      {me && <Endpoints me={me} />}
    </PageFrame>
  );
}
