import {
  CC_RECIPIENTS_MAX,
  EXPORT_DESCRIPTION_MAX_LENGTH,
  EXPORT_ROW_LIMITS,
  EXPORT_TYPES,
  PDF_FORMATS,
  PDF_MARGINS,
  TEMPERATURE_UNITS,
  TEMPERATURE_UNIT_SETTING,
  exportRequestSchema,
  pdfOptionsOf,
  type ExportRequestInput,
  type ExportType,
  type JobListKind,
  type PdfFormat,
  type PdfMargin,
  type PrintSettings,
} from '@fleet/contract';
import { Select, SegmentedControl, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../components/dialogs/open-dialog';
import { ContractFormFrame } from '../../../components/records/record-form';
import { useContractForm } from '../../../hooks/use-contract-form';
import { requestJobExportMutation } from '../api/exports';

export interface ExportDialogOptions {
  kind: JobListKind;
  /** The list's query parameters (filters and sort), as the list sends them. */
  filters: Record<string, string | string[]>;
  printSettings: PrintSettings;
}

/** What the user chooses; the list's filters and kind come with the dialog. */
interface ExportFields {
  description: string;
  type: ExportType;
  /** The temperature unit's index in TEMPERATURE_UNITS. */
  unit: string;
  format: PdfFormat;
  margins: PdfMargin;
  email: boolean;
  cc: string[];
}

function ExportDialogBody({
  kind,
  filters,
  printSettings,
  finish,
}: ExportDialogOptions & { finish: (requestId: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const exportCall = useMutation(requestJobExportMutation);
  const form = useContractForm<typeof exportRequestSchema, ExportFields>(
    exportRequestSchema,
    {
      description: '',
      type: 'CSV',
      unit: '0',
      format: printSettings.format,
      margins: printSettings.margins,
      email: false,
      cc: [],
    },
    (fields): ExportRequestInput => ({
      ExportDescription: fields.description,
      JobFilters: filters,
      JobList: kind,
      ExportType: fields.type,
      ExportSettings: {
        UnitSettings: [{ Type: TEMPERATURE_UNIT_SETTING, ToUnit: Number(fields.unit) }],
        ...(fields.type === 'PDF'
          ? { ExtendedExportSettings: { ExportPdfOptions: pdfOptionsOf(fields) } }
          : {}),
      },
      EmailResult: fields.email,
      ccRecipients: fields.email ? fields.cc : [],
    }),
  );
  const { values, set } = form;
  const { description, type, unit, format, margins, email, cc } = values;

  // The rule the server checks the recipients with, to name those that break it.
  const badRecipients = cc.filter((address) => !z.email().safeParse(address).success);
  const limit = EXPORT_ROW_LIMITS[type];
  const descriptionError = form.refused('ExportDescription')
    ? description.trim() === ''
      ? t('jobs.export.no_description')
      : form.error('ExportDescription')
    : undefined;
  const ccError = form.refused('ccRecipients')
    ? badRecipients.length > 0
      ? t('jobs.export.bad_recipients', { addresses: badRecipients.join(', ') })
      : form.error('ccRecipients')
    : undefined;

  return (
    <ContractFormFrame
      form={form}
      save={(request) => exportCall.mutateAsync(request)}
      onSaved={(answer) => finish(answer.requestId)}
      onCancel={() => finish(null)}
      confirmLabel={t('jobs.export.submit')}
    >
      <TextInput
        label={t('jobs.export.description')}
        description={t('jobs.export.description_hint')}
        value={description}
        maxLength={EXPORT_DESCRIPTION_MAX_LENGTH}
        onChange={(event) => set('description', event.currentTarget.value)}
        error={descriptionError}
        required
        data-autofocus
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="export-type-label">
          {t('jobs.export.type')}
        </Text>
        <SegmentedControl
          aria-labelledby="export-type-label"
          value={type}
          onChange={(value) => set('type', value as ExportType)}
          data={EXPORT_TYPES.map((value) => ({ value, label: value }))}
        />
        {limit !== undefined && (
          <Text size="xs" c="dimmed">
            {t('jobs.export.row_limit', { type, limit: limit.toLocaleString(i18n.resolvedLanguage) })}
          </Text>
        )}
      </Stack>
      <Select
        label={t('jobs.export.temperature_unit')}
        value={unit}
        onChange={(value) => set('unit', value ?? '0')}
        allowDeselect={false}
        data={TEMPERATURE_UNITS.map((name, index) => ({
          value: String(index),
          label: t(`jobs.export.units.${name}`),
        }))}
      />
      {type === 'PDF' && (
        <>
          <Select
            label={t('settings.print.format')}
            value={format}
            onChange={(value) => value && set('format', value as PdfFormat)}
            allowDeselect={false}
            data={PDF_FORMATS.map((value) => ({ value, label: t(`settings.print.format_${value}`) }))}
          />
          <Select
            label={t('settings.print.margins')}
            value={margins}
            onChange={(value) => value && set('margins', value as PdfMargin)}
            allowDeselect={false}
            data={PDF_MARGINS.map((value) => ({ value, label: t(`settings.print.margins_${value}`) }))}
          />
        </>
      )}
      <Switch
        label={t('jobs.export.email_result')}
        checked={email}
        onChange={(event) => set('email', event.currentTarget.checked)}
      />
      {email && (
        <TagsInput
          label={t('jobs.export.cc')}
          description={t('jobs.export.cc_hint', { max: CC_RECIPIENTS_MAX })}
          value={cc}
          onChange={(value) => set('cc', value)}
          maxTags={CC_RECIPIENTS_MAX}
          splitChars={[',', ' ', ';']}
          error={ccError}
        />
      )}
    </ContractFormFrame>
  );
}

/** The export dialog (jobs §4): resolves with the queued task's id, or null when cancelled. */
export function openExportDialog(title: string, options: ExportDialogOptions): Promise<string | null> {
  return openDialog<string | null>(
    title,
    (finish) => <ExportDialogBody {...options} finish={finish} />,
    null,
    'wide',
  );
}
