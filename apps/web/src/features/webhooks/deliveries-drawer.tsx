import {
  WEBHOOK_DELIVERY_LIST,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@fleet/contract';
import { Badge, Button, Code, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { CLOSED_UNMOUNTED } from '../../components/list/combobox-props';
import { keptWhileOffline } from '../../components/list/kept-while-offline';
import { ListContent } from '../../components/list/list-content';
import { ListSummary } from '../../components/list/list-summary';
import { Pager } from '../../components/list/pager';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { SideDrawer } from '../../components/side-drawer';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { useDateFormat } from '../../hooks/use-date-format';
import { useListState } from '../../hooks/use-list-state';
import { attemptsQueryOptions, deliveriesQueryOptions, replayDeliveryMutation } from './api';
import { eventTypeKey } from './event-names';

/** The query key of the open endpoint, kept while the log's list changes. */
export const ENDPOINT_KEY = 'endpoint';

const STATUS_COLORS = { pending: 'yellow', delivering: 'blue', delivered: 'teal', failed: 'red' } as const;

function StatusBadge({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLORS[delivery.status]}>
      {t(`webhooks.deliveries.statuses.${delivery.status}`)}
    </Badge>
  );
}

/** What the receiver answered: its HTTP status, or why no answer came. */
function Answer({ statusCode, error }: { statusCode: number | null; error: string | null }) {
  const { t } = useTranslation();
  if (statusCode !== null) return <>{t('webhooks.deliveries.http', { status: statusCode })}</>;
  return error ? <>{error}</> : <>—</>;
}

/** Each time a delivery was sent, newest first. */
function Attempts({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const attempts = useQuery(attemptsQueryOptions(endpointId, deliveryId));
  return (
    <CallState call={attempts}>
      {(data) =>
        data.attempts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('webhooks.attempts.none')}
          </Text>
        ) : (
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.attempts.map((attempt) => (
              <li key={attempt.at}>
                <Text size="sm">
                  {t('webhooks.attempts.line', {
                    at: date.long(attempt.at),
                    duration: attempt.durationMs,
                  })}{' '}
                  <Answer statusCode={attempt.statusCode} error={attempt.error} />
                </Text>
                {attempt.responseExcerpt && (
                  <Code block aria-label={t('webhooks.attempts.response')} style={{ whiteSpace: 'pre-wrap' }}>
                    {attempt.responseExcerpt}
                  </Code>
                )}
              </li>
            ))}
          </Stack>
        )
      }
    </CallState>
  );
}

function useDeliveryColumns(endpoint: WebhookEndpoint): DataColumn<WebhookDelivery>[] {
  const { t } = useTranslation();
  const date = useDateFormat();
  const replayCall = useMutation(replayDeliveryMutation);
  const replay = async (delivery: WebhookDelivery) => {
    try {
      await replayCall.mutateAsync({ endpointId: endpoint.id, deliveryId: delivery.id });
      showSuccess(t('webhooks.deliveries.replayed'));
    } catch (error) {
      showError(error, 'webhooks.replay');
    }
  };
  return [
    {
      prop: 'event',
      labelLang: 'webhooks.deliveries.event',
      forceNormalWordBreak: true,
      cell: (delivery) => (
        <>
          <Text size="sm">{t(eventTypeKey(delivery.eventType))}</Text>
          <Text size="xs" c="dimmed">
            {date.long(delivery.occurredAt)}
          </Text>
        </>
      ),
    },
    {
      prop: 'status',
      labelLang: 'webhooks.deliveries.status',
      type: 'status',
      cell: (delivery) => <StatusBadge delivery={delivery} />,
    },
    { prop: 'attempts', labelLang: 'webhooks.deliveries.attempts', cell: (delivery) => delivery.attempts },
    {
      prop: 'answer',
      labelLang: 'webhooks.deliveries.answer',
      forceNormalWordBreak: true,
      cell: (delivery) => <Answer statusCode={delivery.lastStatusCode} error={delivery.lastError} />,
    },
    {
      prop: 'next',
      labelLang: 'webhooks.deliveries.next',
      type: 'date',
      cell: (delivery) => (delivery.nextAttemptAt ? date.long(delivery.nextAttemptAt) : '—'),
    },
    {
      prop: 'actions',
      labelLang: 'webhooks.deliveries.actions',
      type: 'action',
      cell: (delivery) =>
        delivery.status !== 'delivering' && (
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => void replay(delivery)}
            aria-label={t('webhooks.deliveries.replay_of', { id: delivery.id })}
          >
            {t('webhooks.deliveries.replay')}
          </Button>
        ),
    },
  ];
}

/** An endpoint's delivery log, paged in the URL, each delivery opening onto its attempts. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const [list, dispatch] = useListState(WEBHOOK_DELIVERY_LIST, undefined, [ENDPOINT_KEY]);
  const deliveries = useQuery({
    ...deliveriesQueryOptions(endpoint.id, list),
    placeholderData: keptWhileOffline,
  });
  const columns = useDeliveryColumns(endpoint);
  const status = list.filters.Status?.[0] ?? null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <ListSummary
          text={
            deliveries.data ? t('webhooks.deliveries.total', { count: deliveries.data.totalCount }) : null
          }
          refreshing={deliveries.isFetching && deliveries.data !== undefined}
        />
        <Select
          label={t('webhooks.deliveries.status')}
          placeholder={t('webhooks.deliveries.any_status')}
          data={WEBHOOK_DELIVERY_STATUSES.map((value) => ({
            value,
            label: t(`webhooks.deliveries.statuses.${value}`),
          }))}
          value={status}
          onChange={(value) => dispatch({ type: 'filters', filters: { Status: value ? [value] : [] } })}
          clearable
          comboboxProps={CLOSED_UNMOUNTED}
          w={200}
        />
      </Group>
      <ListContent
        items={deliveries.data?.data ?? null}
        failed={deliveries.isError && !deliveries.data}
        call={deliveries}
        empty={{ title: t('webhooks.deliveries.none'), text: t('webhooks.deliveries.none_text') }}
        filters={{
          active: status !== null,
          onClear: () => dispatch({ type: 'filters', filters: {} }),
        }}
      >
        {(page) => (
          <DataTable
            label={t('webhooks.deliveries.table', { url: endpoint.url })}
            columns={columns}
            items={page}
            rowKey={(delivery) => String(delivery.id)}
            minWidth={760}
            expand={{
              render: (delivery) => <Attempts endpointId={endpoint.id} deliveryId={delivery.id} />,
              label: (delivery, open) =>
                t(open ? 'webhooks.attempts.hide' : 'webhooks.attempts.show', { id: delivery.id }),
            }}
          />
        )}
      </ListContent>
      <Pager
        pageNumber={list.pageNumber}
        pageSize={list.pageSize}
        totalCount={deliveries.data?.totalCount ?? 0}
        onPage={(pageNumber) => dispatch({ type: 'page', pageNumber })}
      />
    </Stack>
  );
}

/** The drawer of an endpoint's deliveries; closed when no endpoint is open. */
export function DeliveriesDrawer({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <SideDrawer
      opened={endpoint !== null}
      onClose={onClose}
      size="xl"
      title={endpoint ? t('webhooks.deliveries.title', { url: endpoint.url }) : ''}
    >
      {endpoint && <DeliveryLog endpoint={endpoint} />}
    </SideDrawer>
  );
}
