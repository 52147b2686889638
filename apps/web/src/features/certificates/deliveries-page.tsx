import {
  CERTIFICATE_DELIVERY_LIST,
  CERTIFICATE_DELIVERY_TOKENS,
  type CertificateDelivery,
} from '@fleet/contract';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallState } from '../../components/call-state';
import { openDialog } from '../../components/dialogs/open-dialog';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import type { DataColumn } from '../../components/table/data-table';
import { paths } from '../../config/paths';
import { useDateFormat } from '../../hooks/use-date-format';
import { companiesQueryOptions } from '../../lib/endpoints/directory';
import { i18n } from '../../lib/i18n';
import { deliveriesQueryOptions, deliveryEmail } from './api';
import { DeliveryEmail } from './delivery-email';

const EMAIL_COLOURS = { sent: 'green', failed: 'red', off: 'gray' } as const;

function EmailText({ id }: { id: number }) {
  const email = useQuery({
    queryKey: ['certificates', 'delivery-email', id],
    queryFn: () => deliveryEmail(id),
  });
  return <CallState call={email}>{(data) => <DeliveryEmail email={data} />}</CallState>;
}

const openEmailText = (delivery: CertificateDelivery) =>
  openDialog<null>(
    i18n.t('certificates.delivery.email_title', { company: delivery.companyName }),
    () => <EmailText id={delivery.id} />,
    null,
    'wide',
  );

/** The deliveries table's columns: when, to whom, how many, whether the e-mail went, and that e-mail. */
function useDeliveryColumns(): DataColumn<CertificateDelivery>[] {
  const { t } = useTranslation();
  const date = useDateFormat();
  return [
    {
      prop: 'sentAt',
      labelLang: 'certificates.delivery.columns.sent_at',
      type: 'date',
      cell: (delivery) => (
        <>
          {date.long(delivery.createdAt)}
          <Text size="xs" c="dimmed">
            {delivery.createdBy}
          </Text>
        </>
      ),
    },
    {
      prop: 'company',
      labelLang: 'certificates.delivery.columns.company',
      forceNormalWordBreak: true,
      cell: (delivery) => delivery.companyName,
    },
    {
      prop: 'recipients',
      labelLang: 'certificates.delivery.columns.recipients',
      cell: (delivery) => delivery.recipients.join(', '),
    },
    {
      prop: 'count',
      labelLang: 'certificates.delivery.columns.count',
      type: 'number',
      cell: (delivery) => delivery.certificateCount,
    },
    {
      prop: 'email',
      labelLang: 'certificates.delivery.columns.email',
      // Not a one-line status: the error under the badge is free text.
      forceNormalWordBreak: true,
      cell: (delivery) => (
        <>
          <Group gap={4}>
            <Badge color={EMAIL_COLOURS[delivery.email]} variant="light" miw="max-content">
              {t(`certificates.delivery.email_states.${delivery.email}`)}
            </Badge>
          </Group>
          {delivery.emailError && (
            <Text size="xs" c="dimmed">
              {delivery.emailError}
            </Text>
          )}
        </>
      ),
    },
    {
      prop: 'actions',
      labelLang: 'certificates.delivery.columns.actions',
      type: 'action',
      cell: (delivery) => (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => void openEmailText(delivery)}
          aria-label={t('certificates.delivery.email_of', {
            company: delivery.companyName,
            date: date.long(delivery.createdAt),
          })}
        >
          {t('certificates.delivery.email_action')}
        </Button>
      ),
    },
  ];
}

/**
 * Deliveries (CERTIFICATES.DELIVERY, docs/company-tools.md): the certificates sent to customers, newest
 * first, each with whether its e-mail went, and its e-mail to copy with fresh links.
 */
export function DeliveriesPage() {
  const { t } = useTranslation();
  const companies = useQuery(companiesQueryOptions);
  const deliveries = useTokenList({
    definition: CERTIFICATE_DELIVERY_LIST,
    rememberAs: 'certificate-deliveries',
    tokens: CERTIFICATE_DELIVERY_TOKENS,
    query: deliveriesQueryOptions,
    errorAction: 'certificates.deliveries',
  });
  const options = useCallback<TokenOptions>(
    (definition) =>
      definition.type === 'Company'
        ? companies.data?.companies.map((company) => ({ value: company.id, label: company.name }))
        : undefined,
    [companies.data],
  );
  const columns = useDeliveryColumns();

  return (
    <Stack gap="md">
      <Text>{t('certificates.delivery.list_intro')}</Text>
      <TokenListFrame
        state={deliveries}
        items={(data) => data.deliveries}
        summary={(count) => t('certificates.delivery.total', { count })}
        empty={{ title: t('certificates.delivery.empty_title'), text: t('certificates.delivery.empty_text') }}
        options={options}
        actions={
          <Button component={Link} to={paths.certificatesNewDelivery.path} size="compact-md" variant="light">
            {t('certificates.delivery.new')}
          </Button>
        }
        table={{
          label: t('certificates.delivery.table'),
          columns,
          rowKey: (delivery) => String(delivery.id),
          minWidth: 820,
        }}
      />
    </Stack>
  );
}
