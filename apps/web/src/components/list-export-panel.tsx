import {
  EXPORT_DESCRIPTION_MAX_LENGTH,
  LIST_EXPORT_TYPES,
  listExportRequestSchema,
  type ListExportRequestInput,
  type ListExportType,
  type TaskKind,
} from '@fleet/contract';
import { Anchor, Button, Checkbox, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useMayStartTask } from '../hooks/use-can-use';
import { useContractForm } from '../hooks/use-contract-form';
import { TASKS_KEY } from '../lib/endpoints/tasks';
import { openDialog } from './dialogs/open-dialog';
import { ValidationText } from './dialogs/validation-text';
import { showTaskQueued } from './tasks/task-queued-toast';

/** What the user fills in; the filters are the list's own. */
const exportFieldsSchema = listExportRequestSchema.pick({ ExportDescription: true, ExportType: true });

interface ListExportPanelProps {
  /** The task the export runs as: who may ask for it. */
  task: TaskKind;
  /** The description offered, which the user may change. */
  defaultDescription: string;
  /** The list's filters as its query gives them. */
  filters: Record<string, string | string[]>;
  /** Queues the export; answers the task's id. */
  request: (body: ListExportRequestInput) => Promise<{ requestId: string }>;
  /** Why nothing can be exported now (no row matches, say); null when it can. */
  blocked: string | null;
  /** Called once the export is queued (a dialog closes). */
  onRequested?: () => void;
  /** What the file may add to each row, offered as boxes to tick; those ticked ride in the filters under `key`. */
  extras?: ExportExtras;
}

export interface ExportExtras {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/**
 * The export of a list of records to CSV or XLSX as a task (docs/tasks.md): a description, a file type,
 * and the request; the file is collected from the task list.
 */
export function ListExportPanel({
  task,
  defaultDescription,
  filters,
  request,
  blocked,
  onRequested,
  extras,
}: ListExportPanelProps) {
  const { t } = useTranslation();
  const allowed = useMayStartTask(task);
  // An export is a task: once queued, the task lists show it.
  const exporting = useMutation({ mutationFn: request, meta: { changes: [TASKS_KEY] } });
  const form = useContractForm(exportFieldsSchema, {
    ExportDescription: defaultDescription,
    ExportType: 'XLSX' as ListExportType,
  });
  const missing = form.values.ExportDescription.trim() === '';
  const [added, setAdded] = useState<string[]>([]);

  const submit = () =>
    void form.submit(async (body) => {
      const Filters = extras && added.length > 0 ? { ...filters, [extras.key]: added } : filters;
      await exporting.mutateAsync({ ...body, Filters });
      showTaskQueued(t('common.list_export.requested'));
      onRequested?.();
    });

  if (!allowed) return <Text>{t('common.list_export.no_tasks')}</Text>;
  return (
    <Stack gap="sm" maw={520}>
      <TextInput
        label={t('common.list_export.description')}
        value={form.values.ExportDescription}
        onChange={(event) => form.set('ExportDescription', event.currentTarget.value)}
        maxLength={EXPORT_DESCRIPTION_MAX_LENGTH}
        required
        error={missing ? t('common.list_export.description_required') : form.error('ExportDescription')}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="list-export-type">
          {t('common.list_export.type')}
        </Text>
        <SegmentedControl
          w="fit-content"
          aria-labelledby="list-export-type"
          value={form.values.ExportType}
          onChange={(value) => form.set('ExportType', value as ListExportType)}
          data={LIST_EXPORT_TYPES.map((value) => ({ value, label: value }))}
        />
      </Stack>
      {extras && extras.options.length > 0 && (
        <Checkbox.Group label={extras.label} value={added} onChange={setAdded}>
          <Group gap="md" mt={4}>
            {extras.options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      <ValidationText message={form.failure ? { kind: 'error', text: form.failure } : null} />
      <Group gap="sm">
        <Button onClick={submit} loading={form.busy} disabled={missing || blocked !== null}>
          {t('common.list_export.export')}
        </Button>
        <Text size="sm" c="dimmed">
          {blocked ?? (
            <>
              {t('common.list_export.collect')}{' '}
              <Anchor component={Link} to={paths.tasksList.path} size="sm" underline="always">
                {t('common.list_export.tasks')}
              </Anchor>
            </>
          )}
        </Text>
      </Group>
    </Stack>
  );
}

/** The export panel in a dialog, for a list that has no export tab of its own (the audit log). */
export function openListExport(
  title: string,
  props: Omit<ListExportPanelProps, 'onRequested'>,
): Promise<void> {
  return openDialog<void>(
    title,
    (finish) => <ListExportPanel {...props} onRequested={() => finish()} />,
    undefined,
  );
}
