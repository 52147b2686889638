import {
  CC_RECIPIENTS_MAX,
  EXPORT_DESCRIPTION_MAX_LENGTH,
  EXPORT_ROW_LIMITS,
  EXPORT_TYPES,
  PDF_FORMATS,
  PDF_MARGINS,
  TEMPERATURE_UNITS,
  TEMPERATURE_UNIT_SETTING,
  pdfOptionsOf,
  type ExportRequestInput,
  type ExportType,
  type JobListKind,
  type PrintSettings,
} from '@fleet/contract';
import { Select, SegmentedControl, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { dialogErrorText } from '../../../components/dialogs';
import { DialogButtons } from '../../../components/dialogs/dialog-buttons';
import { openDialog } from '../../../components/dialogs/open-dialog';
import { ValidationText } from '../../../components/dialogs/validation-text';
import { requestJobExport } from '../api/exports';

export interface ExportDialogOptions {
  kind: JobListKind;
  /** The list's query parameters (filters and sort), as the list sends them. */
  filters: Record<string, string | string[]>;
  printSettings: PrintSettings;
}

function ExportDialogBody({
  kind,
  filters,
  printSettings,
  finish,
}: ExportDialogOptions & { finish: (requestId: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const [description, setDescription] = useState('');
  const [type, setType] = useState<ExportType>('CSV');
  const [unit, setUnit] = useState('0');
  const [format, setFormat] = useState(printSettings.format);
  const [margins, setMargins] = useState(printSettings.margins);
  const [email, setEmail] = useState(false);
  const [cc, setCc] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const missingDescription = description.trim() === '';
  // The rule the server checks the recipients with.
  const badRecipients = cc.filter((address) => !z.email().safeParse(address).success);
  const limit = EXPORT_ROW_LIMITS[type];

  const submit = async () => {
    setTried(true);
    if (missingDescription || badRecipients.length > 0) return;
    const request: ExportRequestInput = {
      ExportDescription: description.trim(),
      JobFilters: filters,
      JobList: kind,
      ExportType: type,
      ExportSettings: {
        UnitSettings: [{ Type: TEMPERATURE_UNIT_SETTING, ToUnit: Number(unit) }],
        ...(type === 'PDF'
          ? { ExtendedExportSettings: { ExportPdfOptions: pdfOptionsOf({ format, margins }) } }
          : {}),
      },
      EmailResult: email,
      ccRecipients: email ? cc : [],
    };
    setBusy(true);
    setFailure(null);
    try {
      finish((await requestJobExport(request)).requestId);
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
      <Stack gap="sm">
        <TextInput
          label={t('jobs.export.description')}
          description={t('jobs.export.description_hint')}
          value={description}
          maxLength={EXPORT_DESCRIPTION_MAX_LENGTH}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={tried && missingDescription ? t('jobs.export.no_description') : undefined}
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
            onChange={(value) => setType(value as ExportType)}
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
          onChange={(value) => setUnit(value ?? '0')}
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
              onChange={(value) => value && setFormat(value as typeof format)}
              allowDeselect={false}
              data={PDF_FORMATS.map((value) => ({ value, label: t(`settings.print.format_${value}`) }))}
            />
            <Select
              label={t('settings.print.margins')}
              value={margins}
              onChange={(value) => value && setMargins(value as typeof margins)}
              allowDeselect={false}
              data={PDF_MARGINS.map((value) => ({ value, label: t(`settings.print.margins_${value}`) }))}
            />
          </>
        )}
        <Switch
          label={t('jobs.export.email_result')}
          checked={email}
          onChange={(event) => setEmail(event.currentTarget.checked)}
        />
        {email && (
          <TagsInput
            label={t('jobs.export.cc')}
            description={t('jobs.export.cc_hint', { max: CC_RECIPIENTS_MAX })}
            value={cc}
            onChange={setCc}
            maxTags={CC_RECIPIENTS_MAX}
            splitChars={[',', ' ', ';']}
            error={
              tried && badRecipients.length > 0
                ? t('jobs.export.bad_recipients', { addresses: badRecipients.join(', ') })
                : undefined
            }
          />
        )}
        <ValidationText message={failure ? { kind: 'error', text: failure } : null} />
      </Stack>
      <DialogButtons
        onCancel={() => finish(null)}
        onConfirm={() => void submit()}
        confirmLabel={t('jobs.export.submit')}
        busy={busy}
      />
    </form>
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
