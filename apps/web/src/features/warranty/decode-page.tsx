import { WARRANTY_QUERY_KEYS, type WarrantyDecodeAnswer } from '@fleet/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CallState } from '../../components/call-state';
import { SerialNumberLink } from '../../components/serial-number-link';
import { jobPath, paths } from '../../config/paths';
import { useDateFormat } from '../../hooks/use-date-format';
import { warrantyDecodeQueryOptions } from './api';

type Reference = 'ro' | 'bac' | 'vin';
const REFERENCES: readonly Reference[] = ['ro', 'bac', 'vin'];

function ReferenceRow({
  name,
  given,
  own,
  matches,
}: {
  name: Reference;
  given: string;
  own: string | null;
  matches: boolean | null;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Th scope="row">{t(`warranty.references.${name}`)}</Table.Th>
      <Table.Td>{given || '—'}</Table.Td>
      <Table.Td>{own ?? '—'}</Table.Td>
      <Table.Td>
        {matches === null ? (
          <Text size="sm" c="dimmed">
            {t('warranty.result.not_compared')}
          </Text>
        ) : (
          <Badge color={matches ? 'green' : 'red'} variant="light" miw="max-content">
            {t(matches ? 'warranty.result.matches' : 'warranty.result.differs')}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function DecodeResult({
  answer,
  references,
}: {
  answer: WarrantyDecodeAnswer;
  references: Record<Reference, string>;
}) {
  const { t } = useTranslation();
  const date = useDateFormat();
  if (!answer.valid)
    return (
      <Alert color="red" title={t('warranty.result.invalid_title', { code: answer.code })} role="status">
        {t(`warranty.problems.${answer.problem ?? 'characters'}`)}
      </Alert>
    );
  return (
    <Paper withBorder p="md" aria-label={t('warranty.result.title')} component="section">
      <Stack gap="sm">
        <Group gap="sm">
          <Badge color="green" variant="light" size="lg" miw="max-content">
            {t('warranty.result.valid')}
          </Badge>
          <Text ff="monospace" fw={600}>
            {answer.code}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">
            {t('warranty.result.day')}: <strong>{date.day(answer.day!)}</strong>
          </Text>
          <Text size="sm">
            {t('warranty.result.claim')}: <strong>{answer.claim}</strong>
          </Text>
        </SimpleGrid>
        {answer.job && answer.device ? (
          <>
            <Group gap="xs">
              <Text size="sm">{t('warranty.result.device')}:</Text>
              <SerialNumberLink serialNumber={answer.device.serialNumber} />
              <Text size="sm" c="dimmed">
                {answer.device.deviceType}
              </Text>
            </Group>
            <Text size="sm">
              {t('warranty.result.job')}:{' '}
              <Anchor component={Link} to={jobPath(paths.jobDetails, answer.job.id)} underline="always">
                {t('warranty.result.job_link', {
                  workflow: answer.job.workflow,
                  date: date.long(answer.job.beginDate),
                })}
              </Anchor>
              {answer.job.archived && ` (${t('warranty.result.archived')})`}
            </Text>
            {answer.deviceMatches === false && (
              <Alert color="orange" title={t('warranty.result.other_device_title')}>
                {t('warranty.result.other_device')}
              </Alert>
            )}
            <Table.ScrollContainer minWidth={480}>
              <Table aria-label={t('warranty.result.references')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('warranty.result.reference')}</Table.Th>
                    <Table.Th>{t('warranty.result.given')}</Table.Th>
                    <Table.Th>{t('warranty.result.on_job')}</Table.Th>
                    <Table.Th>{t('warranty.result.verdict')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {REFERENCES.map((name) => (
                    <ReferenceRow
                      key={name}
                      name={name}
                      given={references[name]}
                      own={answer.job![name]}
                      matches={answer.matches[name]}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        ) : (
          <Alert color="gray" title={t('warranty.result.no_job_title')}>
            {t('warranty.result.no_job')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The decoder (route WarrantyCodeHome, query warrantycode, ro, bac and vin): a code into its parts, the
 * job and device that carry it, and the job's references compared with those given. The query keeps
 * what is decoded, so the job detail's warranty check and a shared link open on the answer.
 */
export function DecodePage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = Object.fromEntries(
    WARRANTY_QUERY_KEYS.map((key) => [key, searchParams.get(key) ?? '']),
  ) as Record<(typeof WARRANTY_QUERY_KEYS)[number], string>;
  const [fields, setFields] = useState(asked);
  const references = new URLSearchParams();
  for (const name of REFERENCES) if (asked[name].trim()) references.set(name, asked[name].trim());
  const code = asked.warrantycode.trim();
  const answer = useQuery({ ...warrantyDecodeQueryOptions(code, references), enabled: code !== '' });

  const submit = () => {
    const next = new URLSearchParams();
    for (const key of WARRANTY_QUERY_KEYS) if (fields[key].trim()) next.set(key, fields[key].trim());
    setSearchParams(next);
  };
  const field = (key: (typeof WARRANTY_QUERY_KEYS)[number], label: string, extra = {}) => (
    <TextInput
      label={label}
      value={fields[key]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setFields((current) => ({ ...current, [key]: value }));
      }}
      {...extra}
    />
  );

  return (
    <Stack gap="md">
      <Text>{t('warranty.decode.intro')}</Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {field('warrantycode', t('warranty.decode.code'), {
            placeholder: 'W0A1B2C3D4E5',
            required: true,
            'data-autofocus': true,
            styles: { input: { fontFamily: 'var(--mantine-font-family-monospace)' } },
          })}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {field('ro', t('warranty.references.ro'))}
            {field('bac', t('warranty.references.bac'))}
            {field('vin', t('warranty.references.vin'))}
          </SimpleGrid>
          <Group>
            <Button type="submit" disabled={fields.warrantycode.trim() === ''}>
              {t('warranty.decode.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {code !== '' && (
        <CallState call={answer}>{(data) => <DecodeResult answer={data} references={asked} />}</CallState>
      )}
    </Stack>
  );
}
