import type { createdDeliverySchema } from '@fleet/contract';
import {
  ALL_LANGUAGES,
  DELIVERY_MESSAGE_MAX_LENGTH,
  DELIVERY_RECIPIENTS_MAX,
  certificateDeliveryBodySchema,
  type DeliveryCandidate,
} from '@fleet/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  Textarea,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { CalibrationBadge } from '../../components/calibration-badge';
import { CallState } from '../../components/call-state';
import { ValidationText } from '../../components/dialogs/validation-text';
import { showSuccess } from '../../components/show-success';
import { paths } from '../../config/paths';
import { useContractForm } from '../../hooks/use-contract-form';
import { companiesQueryOptions } from '../../lib/endpoints/directory';
import { languageName } from '../../lib/i18n';
import { createDeliveryMutation, deliveryCandidatesQueryOptions } from './api';
import { DeliveryEmail } from './delivery-email';

const isEmail = (value: string) => z.email().safeParse(value).success;
type Created = z.infer<typeof createdDeliverySchema>;
type Language = (typeof ALL_LANGUAGES)[number];

/** What the user types or chooses; the company and its certificates are chosen above them. */
interface DeliveryFields {
  recipients: string[];
  message: string;
  language: Language;
}

/**
 * New delivery (CERTIFICATES.NEW_DELIVERY, docs/company-tools.md): a company's latest certificates, all
 * chosen at first, sent to recipients by e-mail with links to their documents.
 */
export function NewDeliveryPage() {
  const { t, i18n } = useTranslation();
  const delivery = useMutation(createDeliveryMutation);
  const companies = useQuery(companiesQueryOptions);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [unchosen, setUnchosen] = useState<ReadonlySet<number>>(new Set());
  const [created, setCreated] = useState<Created | null>(null);
  const candidates = useQuery({
    ...deliveryCandidatesQueryOptions(companyId ?? ''),
    enabled: companyId !== null,
  });
  const chosen = (candidates.data?.certificates ?? []).filter((c) => !unchosen.has(c.id));
  const form = useContractForm(
    certificateDeliveryBodySchema,
    {
      recipients: [],
      message: '',
      language: ALL_LANGUAGES.find((code) => code === i18n.resolvedLanguage) ?? 'en',
    } satisfies DeliveryFields,
    (fields: DeliveryFields) => ({
      companyId: companyId ?? '',
      recipients: fields.recipients,
      certificateIds: chosen.map((certificate) => certificate.id),
      ...(fields.message.trim() ? { message: fields.message } : {}),
      language: fields.language,
    }),
  );
  const { values, set } = form;

  const badRecipients = values.recipients.filter((recipient) => !isEmail(recipient));
  const problem = badRecipients.length
    ? t('certificates.delivery.bad_recipients', { addresses: badRecipients.join(', ') })
    : null;
  const ready = companyId && chosen.length > 0 && values.recipients.length > 0 && !problem;

  const send = () =>
    void form.submit(async (body) => {
      const answer = await delivery.mutateAsync(body);
      setCreated(answer);
      if (answer.email === 'sent')
        showSuccess(t('certificates.delivery.sent', { count: answer.certificateCount }));
    });

  if (created) return <Sent created={created} onAgain={() => setCreated(null)} />;
  return (
    <Stack gap="md">
      <Text>{t('certificates.delivery.intro')}</Text>
      <Select
        label={t('certificates.delivery.company')}
        data={(companies.data?.companies ?? []).map((company) => ({
          value: company.id,
          label: company.name,
        }))}
        value={companyId}
        onChange={(value) => {
          setCompanyId(value);
          setUnchosen(new Set());
        }}
        searchable
        w={{ base: '100%', sm: 360 }}
        error={form.error('companyId')}
      />
      {companyId && (
        <CallState call={candidates}>
          {(data) =>
            data.certificates.length === 0 ? (
              <Text c="dimmed">{t('certificates.delivery.no_certificates')}</Text>
            ) : (
              <Candidates certificates={data.certificates} unchosen={unchosen} onChange={setUnchosen} />
            )
          }
        </CallState>
      )}
      {/* A refusal of the certificates chosen (one no longer the company's) is said under their table. */}
      <ValidationText
        message={form.error('certificateIds') ? { kind: 'error', text: form.error('certificateIds')! } : null}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TagsInput
          label={t('certificates.delivery.recipients')}
          description={t('certificates.delivery.recipients_hint')}
          value={values.recipients}
          onChange={(value) => set('recipients', value)}
          error={problem ?? form.error('recipients')}
          maxTags={DELIVERY_RECIPIENTS_MAX}
          splitChars={[',', ' ', ';']}
          clearable
        />
        <Select
          label={t('certificates.delivery.language')}
          data={ALL_LANGUAGES.map((code) => ({ value: code, label: languageName(code) }))}
          value={values.language}
          onChange={(value) => value && set('language', value as Language)}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Textarea
        label={t('certificates.delivery.message')}
        value={values.message}
        onChange={(event) => set('message', event.currentTarget.value)}
        error={form.error('message')}
        maxLength={DELIVERY_MESSAGE_MAX_LENGTH}
        autosize
        minRows={3}
      />
      <ValidationText message={form.failure ? { kind: 'error', text: form.failure } : null} />
      <Group>
        <Button onClick={send} disabled={!ready} loading={form.busy}>
          {t('certificates.delivery.send', { count: chosen.length })}
        </Button>
      </Group>
    </Stack>
  );
}

function Candidates({
  certificates,
  unchosen,
  onChange,
}: {
  certificates: readonly DeliveryCandidate[];
  unchosen: ReadonlySet<number>;
  onChange: (next: ReadonlySet<number>) => void;
}) {
  const { t } = useTranslation();
  const toggle = (id: number) => {
    const next = new Set(unchosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  return (
    <Stack gap="xs">
      <Text size="sm">
        {t('certificates.delivery.chosen', {
          count: certificates.length - unchosen.size,
          total: certificates.length,
        })}
      </Text>
      <Table.ScrollContainer minWidth={720} mah={420}>
        <Table stickyHeader aria-label={t('certificates.delivery.certificates')}>
          <Table.Thead>
            <Table.Tr>
              {['send', 'device', 'certificate', 'calibrated', 'end', 'status', 'document'].map((column) => (
                <Table.Th key={column}>{t(`certificates.delivery.columns.${column}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {certificates.map((certificate) => (
              <Table.Tr key={certificate.id}>
                <Table.Td>
                  <Checkbox
                    checked={!unchosen.has(certificate.id)}
                    onChange={() => toggle(certificate.id)}
                    aria-label={t('certificates.delivery.send_of', { number: certificate.number })}
                  />
                </Table.Td>
                <Table.Td ff="monospace">{certificate.serialNumber}</Table.Td>
                <Table.Td>{certificate.number}</Table.Td>
                <Table.Td>{certificate.calibrationDate}</Table.Td>
                <Table.Td>{certificate.endOfValidityDate}</Table.Td>
                <Table.Td>
                  <CalibrationBadge
                    status={certificate.status}
                    label={t(`series.detail.certificates.status.${certificate.status.toLowerCase()}`)}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={certificate.hasDocument ? undefined : 'dimmed'}>
                    {certificate.hasDocument
                      ? t('certificates.delivery.document_own')
                      : t('certificates.delivery.document_template')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Sent({ created, onAgain }: { created: Created; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert
        color={created.email === 'sent' ? 'green' : 'orange'}
        title={t(`certificates.delivery.outcome.${created.email}`, {
          count: created.certificateCount,
          company: created.companyName,
        })}
      >
        {created.emailError && <Text size="sm">{created.emailError}</Text>}
      </Alert>
      {created.email !== 'sent' && <DeliveryEmail email={created.emailText} />}
      <Group>
        <Button component={Link} to={paths.certificatesDelivery.path} variant="light">
          {t('certificates.delivery.to_list')}
        </Button>
        <Button variant="subtle" onClick={onAgain}>
          {t('certificates.delivery.again')}
        </Button>
      </Group>
    </Stack>
  );
}
