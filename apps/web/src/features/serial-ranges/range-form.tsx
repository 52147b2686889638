import { FROM_PART_MAX, serialRangeBodySchema } from '@fleet/contract';
import { NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogErrorText } from '../../components/dialogs';
import { DialogButtons } from '../../components/dialogs/dialog-buttons';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ValidationText } from '../../components/dialogs/validation-text';
import { i18n } from '../../lib/i18n';
import { createSerialRange } from './api';

function RangeForm({ finish }: { finish: (created: boolean) => void }) {
  const { t } = useTranslation();
  const [partNumber, setPartNumber] = useState('');
  const [from, setFrom] = useState<number | string>(0);
  const [to, setTo] = useState<number | string>(999);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const body = { partNumber, from: Number(from), to: Number(to), ...(note.trim() ? { note } : {}) };
  const checked = serialRangeBodySchema.safeParse(body);
  const problem = checked.success ? null : checked.error.issues[0]!;
  const submit = async () => {
    if (!checked.success) return;
    setBusy(true);
    setFailure(null);
    try {
      await createSerialRange(checked.data);
      finish(true);
    } catch (error) {
      setFailure(dialogErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <TextInput
        label={t('serial_ranges.form.part_number')}
        description={t('serial_ranges.form.part_number_hint')}
        value={partNumber}
        onChange={(event) => setPartNumber(event.currentTarget.value.toUpperCase())}
        maxLength={10}
        required
        data-autofocus
      />
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput
          label={t('serial_ranges.form.from')}
          min={0}
          max={FROM_PART_MAX}
          value={from}
          onChange={setFrom}
        />
        <NumberInput
          label={t('serial_ranges.form.to')}
          min={0}
          max={FROM_PART_MAX}
          value={to}
          onChange={setTo}
        />
      </SimpleGrid>
      <TextInput
        label={t('serial_ranges.form.note')}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <ValidationText
        message={
          failure
            ? { kind: 'error', text: failure }
            : problem && partNumber
              ? { kind: 'error', text: `${String(problem.path[0])}: ${problem.message}` }
              : null
        }
      />
      <DialogButtons
        onCancel={() => finish(false)}
        onConfirm={() => void submit()}
        confirmLabel={t('serial_ranges.form.create')}
        confirmDisabled={!checked.success}
        busy={busy}
      />
    </Stack>
  );
}

/** Adds a range of a part number; resolves true once it is created. */
export const openRangeForm = () =>
  openDialog<boolean>(i18n.t('serial_ranges.form.title'), (finish) => <RangeForm finish={finish} />, false);
