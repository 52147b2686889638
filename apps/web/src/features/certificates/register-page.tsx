import { DEFAULT_VALIDITY_MONTHS } from '@fleet/contract';
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
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogErrorText } from '../../components/dialogs';
import { ValidationText } from '../../components/dialogs/validation-text';
import { showSuccess } from '../../components/show-success';
import { CERTIFICATES_KEY, registerCertificate } from './api';

const today = () => new Date().toISOString().slice(0, 10);
/** The label of a field: its key in snake case. */
const label = (field: string) =>
  `certificates.register.fields.${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;

interface Fields {
  serialNumber: string;
  number: string;
  documentSerialNumber: string;
  calibrationDate: string;
  validity: 'months' | 'end';
  validityMonths: number | string;
  endOfValidityDate: string;
  checkPassed: 'true' | 'false' | 'unknown';
  laboratory: string;
}

const initialFields = (): Fields => ({
  serialNumber: '',
  number: '',
  documentSerialNumber: '',
  calibrationDate: today(),
  validity: 'months',
  validityMonths: DEFAULT_VALIDITY_MONTHS,
  endOfValidityDate: '',
  checkPassed: 'true',
  laboratory: '',
});

/**
 * Register (CERTIFICATES.REGISTER, docs/company-tools.md): a calibration of a device with its document;
 * the device's calibration status follows at once.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(initialFields);
  const [document, setDocument] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const required = (value: string) =>
    tried && value.trim() === '' ? t('certificates.register.required') : undefined;
  const text = (key: 'serialNumber' | 'number' | 'documentSerialNumber' | 'laboratory', extra = {}) => (
    <TextInput
      label={t(label(key))}
      value={fields[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
      {...extra}
    />
  );

  const submit = async () => {
    setTried(true);
    if (!fields.serialNumber.trim() || !fields.number.trim() || !fields.calibrationDate) return;
    setBusy(true);
    setFailure(null);
    try {
      const { validity, validityMonths, endOfValidityDate, ...rest } = fields;
      const created = await registerCertificate(
        {
          ...rest,
          ...(validity === 'months' ? { validityMonths: String(validityMonths) } : { endOfValidityDate }),
        },
        document,
      );
      showSuccess(
        t('certificates.register.done', { number: created.number, serialNumber: created.serialNumber }),
      );
      await queryClient.invalidateQueries({ queryKey: CERTIFICATES_KEY });
      // The device's cards and page show its calibration from its certificates.
      await queryClient.invalidateQueries();
      setFields(initialFields());
      setDocument(null);
      setTried(false);
    } catch (error) {
      setFailure(dialogErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm" maw={760}>
        <Text>{t('certificates.register.intro')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('serialNumber', {
            required: true,
            error: required(fields.serialNumber),
            'data-autofocus': true,
          })}
          {text('number', { required: true, error: required(fields.number) })}
          {text('documentSerialNumber', { description: t('certificates.register.document_serial_hint') })}
          {text('laboratory')}
          <TextInput
            type="date"
            label={t(label('calibrationDate'))}
            value={fields.calibrationDate}
            onChange={(event) => set('calibrationDate', event.currentTarget.value)}
            required
            error={required(fields.calibrationDate)}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="certificate-validity">
              {t('certificates.register.validity')}
            </Text>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <SegmentedControl
                aria-labelledby="certificate-validity"
                value={fields.validity}
                onChange={(value) => set('validity', value as Fields['validity'])}
                data={[
                  { value: 'months', label: t('certificates.register.in_months') },
                  { value: 'end', label: t('certificates.register.until') },
                ]}
              />
              {fields.validity === 'months' ? (
                <NumberInput
                  aria-label={t(label('validityMonths'))}
                  min={1}
                  max={60}
                  w={100}
                  value={fields.validityMonths}
                  onChange={(value) => set('validityMonths', value)}
                />
              ) : (
                <TextInput
                  type="date"
                  aria-label={t(label('endOfValidityDate'))}
                  value={fields.endOfValidityDate}
                  onChange={(event) => set('endOfValidityDate', event.currentTarget.value)}
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
            value={fields.checkPassed}
            onChange={(value) => set('checkPassed', value as Fields['checkPassed'])}
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
        <ValidationText message={failure ? { kind: 'error', text: failure } : null} />
        <Group>
          <Button type="submit" loading={busy}>
            {t('certificates.register.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
