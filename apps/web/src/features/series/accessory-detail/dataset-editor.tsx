import { accessoryDataSchema } from '@fleet/contract';
import { Button, Group, JsonInput, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogErrorText } from '../../../components/dialogs';
import { showSuccess } from '../../../components/show-success';
import { accessoryDataQueryKey, replaceAccessoryData } from '../api/accessory-detail';

interface DatasetEditorProps {
  id: number;
  serialNumber: string;
  data: Record<string, unknown>;
  onClose: () => void;
}

/** The data set as JSON text: it must read as a JSON object before it is sent; the server checks its size. */
export function DatasetEditor({ id, serialNumber, data, onClose }: DatasetEditorProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => JSON.stringify(data, null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const read = (): Record<string, unknown> | null => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      setProblem(t('series.accessory_detail.dataset.invalid_json'));
      return null;
    }
    const checked = accessoryDataSchema.safeParse(value);
    if (!checked.success) setProblem(t('series.accessory_detail.dataset.not_object'));
    return checked.success ? checked.data : null;
  };
  const save = async () => {
    const value = read();
    if (!value) return;
    setBusy(true);
    try {
      queryClient.setQueryData(accessoryDataQueryKey(id), await replaceAccessoryData(id, value));
      showSuccess(t('series.accessory_detail.dataset.saved', { serialNumber }));
      onClose();
    } catch (error) {
      setProblem(dialogErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <JsonInput
        label={t('series.accessory_detail.dataset.json')}
        value={text}
        onChange={(next) => {
          setText(next);
          setProblem(null);
        }}
        error={problem}
        validationError={t('series.accessory_detail.dataset.invalid_json')}
        autosize
        minRows={8}
        maxRows={30}
        spellCheck={false}
      />
      <Group gap="sm">
        <Button onClick={() => void save()} loading={busy}>
          {t('series.accessory_detail.dataset.save')}
        </Button>
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('common.actions.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
