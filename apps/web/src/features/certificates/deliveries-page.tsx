import {
  CERTIFICATE_DELIVERY_LIST,
  CERTIFICATE_DELIVERY_TOKENS,
  type CertificateDelivery,
} from '@fleet/contract';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallState } from '../../components/call-state';
import { openDialog } from '../../components/dialogs/open-dialog';
import { TokenListFrame } from '../../components/list/token-list-frame';
import { useTokenList } from '../../components/list/use-token-list';
import type { TokenOptions } from '../../components/search-tokens/token-options';
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

/**
 * Deliveries (CERTIFICATES.DELIVERY, docs/company-tools.md): the certificates sent to customers, newest
 * first, each with whether its e-mail went, and its e-mail to copy with fresh links.
 */
export function DeliveriesPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
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
      >
        {(page) => (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" aria-label={t('certificates.delivery.table')}>
              <Table.Thead>
                <Table.Tr>
                  {['sent_at', 'company', 'recipients', 'count', 'email', 'actions'].map((column) => (
                    <Table.Th key={column}>{t(`certificates.delivery.columns.${column}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.map((delivery) => (
                  <Table.Tr key={delivery.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {date.long(delivery.createdAt)}
                      <Text size="xs" c="dimmed">
                        {delivery.createdBy}
                      </Text>
                    </Table.Td>
                    <Table.Td>{delivery.companyName}</Table.Td>
                    <Table.Td>{delivery.recipients.join(', ')}</Table.Td>
                    <Table.Td>{delivery.certificateCount}</Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </TokenListFrame>
    </Stack>
  );
}
