import {
  VERSION_KINDS,
  VERSION_NOTES_MAX_LENGTH,
  versionUploadFieldsSchema,
  versionNumberSchema,
  type Version,
  type VersionKind,
} from '@fleet/contract';
import {
  Button,
  Code,
  FileInput,
  Group,
  Progress,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { openDialog } from '../../components/dialogs/open-dialog';
import { FormFrame } from '../../components/records/record-form';
import { useContractForm } from '../../hooks/use-contract-form';
import { formatBytes } from '../../lib/format-bytes';
import { htmlLang, i18n } from '../../lib/i18n';
import { uploadVersionMutation } from './api';

interface Sent {
  sent: number;
  total: number;
}

function UploadProgress({ progress, locale }: { progress: Sent; locale: string }) {
  const { t } = useTranslation();
  const percent = progress.total > 0 ? Math.round((progress.sent * 100) / progress.total) : 0;
  const sent = progress.sent >= progress.total && progress.total > 0;
  return (
    <Stack gap={4}>
      <Progress value={percent} animated={!sent} aria-label={t('versions.upload.progress_label')} />
      <Text size="sm" role="status">
        {sent
          ? t('versions.upload.checking')
          : t('versions.upload.progress', {
              percent,
              sent: formatBytes(progress.sent, locale),
              total: formatBytes(progress.total, locale),
            })}
      </Text>
    </Stack>
  );
}

/** An upload: its text fields, then a file that is not empty. */
const uploadSchema = versionUploadFieldsSchema.extend({ file: z.file().min(1) });

interface UploadFields {
  number: string;
  kind: VersionKind;
  early: boolean;
  notes: string;
  file: File | null;
}

const uploadOf = (fields: UploadFields) => ({
  number: fields.number,
  kind: fields.kind,
  notes: fields.notes,
  availability: fields.early ? 'early' : 'general',
  file: fields.file ?? undefined,
});

function UploadBody({ type, finish }: { type: string; finish: (version: Version | null) => void }) {
  const { t, i18n: current } = useTranslation();
  const locale = htmlLang(current.resolvedLanguage ?? 'en');
  const form = useContractForm(
    uploadSchema,
    { number: '', kind: 'software', early: false, notes: '', file: null } satisfies UploadFields,
    uploadOf,
  );
  const { values, set } = form;
  const [progress, setProgress] = useState<Sent | null>(null);
  const upload = useMutation(uploadVersionMutation);
  const uploaded = upload.data;
  const abort = useRef<AbortController | null>(null);
  // Closed while sending (Escape, the close button): the upload stops with the dialog.
  useEffect(() => () => abort.current?.abort(), []);

  // A number not written as one is said with how to write it; a refusal of the server in its rule.
  const numberError =
    form.error('number') &&
    (versionNumberSchema.safeParse(values.number).success
      ? form.error('number')
      : t('versions.upload.number_invalid'));

  const submit = () =>
    void form.submit(async ({ file, ...fields }) => {
      setProgress({ sent: 0, total: file.size });
      abort.current = new AbortController();
      try {
        await upload.mutateAsync({
          type,
          fields,
          file,
          signal: abort.current.signal,
          onProgress: (sent, total) => setProgress({ sent, total }),
        });
      } finally {
        setProgress(null);
        abort.current = null;
      }
    });

  if (uploaded)
    return (
      <Stack gap="sm">
        <Text role="status">
          {t('versions.upload.done', { version: uploaded.number, type })} (
          {formatBytes(uploaded.size, locale)})
        </Text>
        <Text size="sm">{t('versions.upload.checksum')}</Text>
        <Code block style={{ wordBreak: 'break-all' }}>
          {uploaded.sha256}
        </Code>
        <Group justify="flex-end">
          <Button onClick={() => finish(uploaded)} data-autofocus>
            {t('common.actions.close')}
          </Button>
        </Group>
      </Stack>
    );

  const uploading = progress !== null;
  return (
    <FormFrame
      busy={uploading}
      failure={form.failure}
      onSave={submit}
      onCancel={() => {
        abort.current?.abort();
        finish(null);
      }}
      confirmLabel={t('versions.upload.submit')}
    >
      <TextInput
        label={t('versions.upload.number')}
        description={t('versions.upload.number_hint')}
        value={values.number}
        onChange={(event) => set('number', event.currentTarget.value)}
        error={numberError}
        disabled={uploading}
        required
        data-autofocus
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="version-kind-label">
          {t('versions.upload.kind')}
        </Text>
        <SegmentedControl
          aria-labelledby="version-kind-label"
          value={values.kind}
          onChange={(value) => set('kind', value as VersionKind)}
          disabled={uploading}
          data={VERSION_KINDS.map((value) => ({ value, label: t(`versions.kind.${value}`) }))}
        />
      </Stack>
      <Switch
        label={t('versions.upload.early')}
        description={t('versions.upload.early_hint')}
        checked={values.early}
        onChange={(event) => set('early', event.currentTarget.checked)}
        disabled={uploading}
      />
      <Textarea
        label={t('versions.upload.notes')}
        value={values.notes}
        onChange={(event) => set('notes', event.currentTarget.value)}
        error={form.error('notes')}
        maxLength={VERSION_NOTES_MAX_LENGTH}
        autosize
        minRows={3}
        maxRows={8}
        disabled={uploading}
      />
      <FileInput
        label={t('versions.upload.file')}
        description={t('versions.upload.file_hint')}
        placeholder={t('versions.upload.file_placeholder')}
        value={values.file}
        onChange={(file) => set('file', file)}
        error={form.error('file') && t('versions.upload.file_missing')}
        disabled={uploading}
        clearable
        required
      />
      {values.file && (
        <Text size="xs" c="dimmed">
          {formatBytes(values.file.size, locale)}
        </Text>
      )}
      {progress && <UploadProgress progress={progress} locale={locale} />}
    </FormFrame>
  );
}

/** Uploads a version of the type with its progress (VERSIONS.UPLOAD): resolves with it, or null. */
export function openUploadDialog(type: string): Promise<Version | null> {
  return openDialog<Version | null>(
    i18n.t('versions.upload.title', { type }),
    (finish) => <UploadBody type={type} finish={finish} />,
    null,
    'wide',
  );
}
