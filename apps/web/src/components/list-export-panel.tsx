import {
  EXPORT_DESCRIPTION_MAX_LENGTH,
  LIST_EXPORT_TYPES,
  type ListExportRequestInput,
  type ListExportType,
} from '@fleet/contract';
import { Anchor, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useCanUse } from '../hooks/use-can-use';
import { TASKS_KEY } from '../lib/endpoints/tasks';
import { dialogErrorText } from './dialogs';
import { openDialog } from './dialogs/open-dialog';
import { ValidationText } from './dialogs/validation-text';
import { showSuccess } from './show-success';

interface ListExportPanelProps {
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
}

/**
 * The export of a list of records to CSV or XLSX as a task (docs/tasks.md): a description, a file type,
 * and the request; the file is collected from the task list.
 */
export function ListExportPanel({
  defaultDescription,
  filters,
  request,
  blocked,
  onRequested,
}: ListExportPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const followsTasks = useCanUse('TASKS');
  const [description, setDescription] = useState(defaultDescription);
  const [type, setType] = useState<ListExportType>('XLSX');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const missing = description.trim() === '';

  const submit = async () => {
    if (missing) return;
    setBusy(true);
    setFailure(null);
    try {
      await request({ ExportDescription: description.trim(), ExportType: type, Filters: filters });
      showSuccess(t('common.list_export.requested'));
      await queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      onRequested?.();
    } catch (error) {
      setFailure(dialogErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  if (!followsTasks) return <Text>{t('common.list_export.no_tasks')}</Text>;
  return (
    <Stack gap="sm" maw={520}>
      <TextInput
        label={t('common.list_export.description')}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        maxLength={EXPORT_DESCRIPTION_MAX_LENGTH}
        required
        error={missing ? t('common.list_export.description_required') : undefined}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="list-export-type">
          {t('common.list_export.type')}
        </Text>
        <SegmentedControl
          w="fit-content"
          aria-labelledby="list-export-type"
          value={type}
          onChange={(value) => setType(value as ListExportType)}
          data={LIST_EXPORT_TYPES.map((value) => ({ value, label: value }))}
        />
      </Stack>
      <ValidationText message={failure ? { kind: 'error', text: failure } : null} />
      <Group gap="sm">
        <Button onClick={() => void submit()} loading={busy} disabled={missing || blocked !== null}>
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
