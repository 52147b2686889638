import {
  DEFAULT_VALIDITY_MONTHS,
  certificateRegisterSchema,
  type CertificateRegistration,
} from '@fleet/contract';
import {
  Button,
  FileInput,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ValidationText } from '../../components/dialogs/validation-text';
import { showSuccess } from '../../components/show-success';
import { useContractForm } from '../../hooks/use-contract-form';
import { registerCertificateMutation } from './api';

const today = () => new Date().toISOString().slice(0, 10);
/** The label of a field: its key in snake case. */
const label = (field: string) =>
  `certificates.register.fields.${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;

type Registration = z.input<typeof certificateRegisterSchema>;
type TextField = 'serialNumber' | 'number' | 'documentSerialNumber' | 'laboratory';

const initialFields = (): Registration => ({
  serialNumber: '',
  number: '',
  documentSerialNumber: '',
  calibrationDate: today(),
  validityMonths: DEFAULT_VALIDITY_MONTHS,
  checkPassed: 'true',
  laboratory: '',
});

/**
 * Register (CERTIFICATES.REGISTER, docs/company-tools.md): a calibration of a device with its document;
 * the device's calibration status follows at once.
 */
export function RegisterPage() {
  const [round, setRound] = useState(0);
  // A registration done starts a new form: a new round opens it on empty fields.
  return <RegisterForm key={round} onRegistered={() => setRound((current) => current + 1)} />;
}

function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const registration = useMutation(registerCertificateMutation);
  const form = useContractForm(certificateRegisterSchema, initialFields());
  const [validity, setValidity] = useState<'months' | 'end'>('months');
  const [document, setDocument] = useState<File | null>(null);
  const text = (key: TextField, extra = {}) => (
    <TextInput
      label={t(label(key))}
      value={form.values[key] ?? ''}
      onChange={(event) => form.set(key, event.currentTarget.value)}
      error={form.error(key)}
      {...extra}
    />
  );
  const chooseValidity = (value: 'months' | 'end') => {
    setValidity(value);
    form.set('validityMonths', value === 'months' ? DEFAULT_VALIDITY_MONTHS : undefined);
    form.set('endOfValidityDate', undefined);
  };

  const register = (body: CertificateRegistration) => {
    const fields = Object.fromEntries(
      Object.entries(body).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
    );
    return registration.mutateAsync({ fields, document }).then((created) => {
      showSuccess(
        t('certificates.register.done', { number: created.number, serialNumber: created.serialNumber }),
      );
      onRegistered();
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(register);
      }}
    >
      <Stack gap="sm" maw={760}>
        <Text>{t('certificates.register.intro')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('serialNumber', { 'data-autofocus': true })}
          {text('number', { required: true })}
          {text('documentSerialNumber', { description: t('certificates.register.document_serial_hint') })}
          {text('laboratory')}
          <TextInput
            type="date"
            label={t(label('calibrationDate'))}
            value={form.values.calibrationDate}
            onChange={(event) => form.set('calibrationDate', event.currentTarget.value)}
            required
            error={form.error('calibrationDate')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="certificate-validity">
              {t('certificates.register.validity')}
            </Text>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <SegmentedControl
                aria-labelledby="certificate-validity"
                value={validity}
                onChange={(value) => chooseValidity(value as 'months' | 'end')}
                data={[
                  { value: 'months', label: t('certificates.register.in_months') },
                  { value: 'end', label: t('certificates.register.until') },
                ]}
              />
              {validity === 'months' ? (
                <NumberInput
                  aria-label={t(label('validityMonths'))}
                  min={1}
                  max={60}
                  w={100}
                  value={form.values.validityMonths as number | string | undefined}
                  onChange={(value) => form.set('validityMonths', value === '' ? undefined : value)}
                  error={form.error('validityMonths')}
                />
              ) : (
                <TextInput
                  type="date"
                  aria-label={t(label('endOfValidityDate'))}
                  value={form.values.endOfValidityDate ?? ''}
                  onChange={(event) => form.set('endOfValidityDate', event.currentTarget.value || undefined)}
                  error={form.error('endOfValidityDate')}
                />
              )}
            </Group>
          </Stack>
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="certificate-check">
            {t(label('checkPassed'))}
          </Text>
          <SegmentedControl
            w="fit-content"
            aria-labelledby="certificate-check"
            value={form.values.checkPassed}
            onChange={(value) => form.set('checkPassed', value as Registration['checkPassed'])}
            data={(['true', 'false', 'unknown'] as const).map((value) => ({
              value,
              label: t(`certificates.register.check.${value}`),
            }))}
          />
        </Stack>
        <FileInput
          label={t(label('document'))}
          description={t('certificates.register.document_hint')}
          placeholder={t('certificates.register.choose')}
          accept="application/pdf,.pdf"
          value={document}
          onChange={setDocument}
          clearable
        />
        <ValidationText message={form.failure ? { kind: 'error', text: form.failure } : null} />
        <Group>
          <Button type="submit" loading={form.busy}>
            {t('certificates.register.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
