import { Alert, Badge, Button, Code, FileInput, Group, Stack, Text } from '@mantine/core';
import { useMutation, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldIssuesOf, problemsText } from '../../lib/field-problems';
import { confirm, dialogErrorText } from '../dialogs';
import { showSuccess } from '../show-success';
import { editImportRow } from './import-row-dialog';
import { ImportPreviewTable } from './import-preview-table';
import type { CheckedImportRow, ImportDraftBody, ImportPreview, ImportRowValues } from './types';

/**
 * What stopped the file or its rows, under the alert's title: each problem in the user's words (not the
 * "Not saved" of a form), else the call's own failure.
 */
function failureText(error: unknown): string {
  const issues = fieldIssuesOf(error);
  return issues.length > 0 ? problemsText(issues) : dialogErrorText(error);
}

export interface TableImportCalls<C extends string> {
  preview: (file: File) => Promise<ImportPreview<C>>;
  check: (body: ImportDraftBody<C>) => Promise<{ rows: CheckedImportRow<C>[] }>;
  commit: (body: ImportDraftBody<C>) => Promise<{ created: number; updated: number }>;
}

interface TableImportPanelProps<C extends string> {
  /** The columns a file may have, in the order of an export: the empty file offered has them. */
  columns: readonly C[];
  /** The empty file's name. */
  templateName: string;
  calls: TableImportCalls<C>;
  /** Where the panel's texts are (`<prefix>.file`, `<prefix>.counts.create`…). */
  prefix: string;
  /** What the records are and the most a file holds, said above the file field. */
  intro: string;
  /** The question before importing, with the counts. */
  confirmMessage: (counts: { create: number; update: number }) => string;
  /** What a done import says. */
  doneMessage: (done: { created: number; updated: number }) => string;
  /** The user may import, not only check a file. */
  canWrite: boolean;
  /** The reads an import changes, by the first part of their key. */
  changes: readonly QueryKey[];
}

/** A file of the header row alone: what a user fills in. */
function downloadTemplate(columns: readonly string[], name: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([`\uFEFF${columns.join(',')}\r\n`], { type: 'text/csv' }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

/**
 * An import of records from a CSV or XLSX file (docs/company-tools.md): the file read and checked on the
 * server, its rows shown with their problems and fixed in place, then imported all or none.
 */
export function TableImportPanel<C extends string>(props: TableImportPanelProps<C>) {
  const { columns, calls, prefix, canWrite } = props;
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview<C> | null>(null);
  // The rows the user changed, by line: the server keeps the file, only these go back to it.
  const [changes, setChanges] = useState<ReadonlyMap<number, ImportRowValues<C>>>(new Map());
  // Reading the file and checking fixed rows write nothing; the import is the change.
  const reading = useMutation({ mutationFn: calls.preview });
  const checking = useMutation({ mutationFn: calls.check });
  const commit = useMutation({ mutationFn: calls.commit, meta: { changes: props.changes } });
  const steps = [reading, checking, commit];
  const busy = steps.some((step) => step.isPending);
  const failed = steps.find((step) => step.isError)?.error;
  /** A new step starts: what the last one refused is no longer said. */
  const start = () => steps.forEach((step) => step.reset());

  const read = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setChanges(new Map());
    start();
    if (chosen) reading.mutate(chosen, { onSuccess: setPreview });
  };

  const bodyOf = (draft: string, changed: ReadonlyMap<number, ImportRowValues<C>>) => ({
    draft,
    changes: [...changed.values()],
  });

  const showChecked = (checked: { rows: CheckedImportRow<C>[] }) =>
    setPreview((current) => current && { ...current, rows: checked.rows });

  const edit = async (row: CheckedImportRow<C>) => {
    if (!preview) return;
    const values = await editImportRow(row, preview.columns, prefix);
    if (!values) return;
    const changed = new Map(changes).set(row.line, { line: row.line, values });
    start();
    checking.mutate(bodyOf(preview.draft, changed), {
      onSuccess: (checked) => {
        showChecked(checked);
        setChanges(changed);
      },
    });
  };

  const counts = {
    create: preview?.rows.filter((row) => row.action === 'create').length ?? 0,
    update: preview?.rows.filter((row) => row.action === 'update').length ?? 0,
    error: preview?.rows.filter((row) => row.errors.length > 0).length ?? 0,
  };

  const submit = async () => {
    if (!preview) return;
    const confirmed = await confirm({
      title: t(`${prefix}.confirm_title`),
      message: props.confirmMessage(counts),
      confirmLabel: t(`${prefix}.import`),
    });
    if (!confirmed) return;
    start();
    try {
      showSuccess(props.doneMessage(await commit.mutateAsync(bodyOf(preview.draft, changes))));
      setPreview(null);
      setChanges(new Map());
      setFile(null);
    } catch {
      // Records changed since the check: the preview shows why (the import's refusal is what is said).
      await calls.check(bodyOf(preview.draft, changes)).then(showChecked, () => undefined);
    }
  };

  return (
    <Stack gap="md">
      <Text>{props.intro}</Text>
      <Text size="sm" c="dimmed">
        {t(`${prefix}.columns`)} <Code>{columns.join(', ')}</Code>
      </Text>
      <Group align="end" gap="sm">
        <FileInput
          label={t(`${prefix}.file`)}
          placeholder={t(`${prefix}.choose`)}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={read}
          clearable
          w={{ base: '100%', sm: 360 }}
          disabled={busy}
        />
        <Button variant="default" onClick={() => downloadTemplate(columns, props.templateName)}>
          {t(`${prefix}.template`)}
        </Button>
      </Group>
      {failed && (
        <Alert color="red" title={t(`${prefix}.failed`)} role="alert">
          {failureText(failed)}
        </Alert>
      )}
      {preview && (
        <>
          <Group gap="xs">
            <Badge color="green" variant="light">
              {t(`${prefix}.counts.create`, { count: counts.create })}
            </Badge>
            <Badge color="blue" variant="light">
              {t(`${prefix}.counts.update`, { count: counts.update })}
            </Badge>
            <Badge color="red" variant="light">
              {t(`${prefix}.counts.error`, { count: counts.error })}
            </Badge>
          </Group>
          <ImportPreviewTable preview={preview} prefix={prefix} onEdit={(row) => void edit(row)} />
          <Group gap="sm">
            <Button onClick={() => void submit()} disabled={counts.error > 0 || !canWrite} loading={busy}>
              {t(`${prefix}.import`)}
            </Button>
            <Text size="sm" c="dimmed">
              {!canWrite
                ? t(`${prefix}.preview_only`)
                : counts.error > 0
                  ? t(`${prefix}.fix_first`)
                  : t(`${prefix}.nothing_yet`)}
            </Text>
          </Group>
        </>
      )}
    </Stack>
  );
}
