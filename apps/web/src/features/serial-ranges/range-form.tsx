import { FROM_PART_MAX, serialRangeBodySchema } from '@fleet/contract';
import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ContractFormFrame } from '../../components/records/record-form';
import { useContractForm } from '../../hooks/use-contract-form';
import { i18n } from '../../lib/i18n';
import { createSerialRangeMutation } from './api';

interface RangeFields {
  partNumber: string;
  from: number | string;
  to: number | string;
  note: string;
}

const INITIAL: RangeFields = { partNumber: '', from: 0, to: 999, note: '' };

/** The range the fields ask for: numbers as typed, for the contract to say what it refuses. */
const rangeOf = (fields: RangeFields) => ({
  partNumber: fields.partNumber,
  from: fields.from === '' ? Number.NaN : Number(fields.from),
  to: fields.to === '' ? Number.NaN : Number(fields.to),
  ...(fields.note.trim() ? { note: fields.note } : {}),
});

function RangeForm({ finish }: { finish: (created: boolean) => void }) {
  const { t } = useTranslation();
  const form = useContractForm(serialRangeBodySchema, INITIAL, rangeOf);
  const { values, set } = form;
  const create = useMutation(createSerialRangeMutation);
  return (
    <ContractFormFrame
      form={form}
      save={(body) => create.mutateAsync(body)}
      onSaved={() => finish(true)}
      onCancel={() => finish(false)}
      confirmLabel={t('serial_ranges.form.create')}
    >
      <TextInput
        label={t('serial_ranges.form.part_number')}
        description={t('serial_ranges.form.part_number_hint')}
        value={values.partNumber}
        onChange={(event) => set('partNumber', event.currentTarget.value.toUpperCase())}
        maxLength={10}
        required
        data-autofocus
        error={form.error('partNumber')}
      />
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput
          label={t('serial_ranges.form.from')}
          min={0}
          max={FROM_PART_MAX}
          value={values.from}
          onChange={(value) => set('from', value)}
          error={form.error('from')}
        />
        <NumberInput
          label={t('serial_ranges.form.to')}
          min={0}
          max={FROM_PART_MAX}
          value={values.to}
          onChange={(value) => set('to', value)}
          error={form.error('to')}
        />
      </SimpleGrid>
      <TextInput
        label={t('serial_ranges.form.note')}
        value={values.note}
        onChange={(event) => set('note', event.currentTarget.value)}
        error={form.error('note')}
      />
    </ContractFormFrame>
  );
}

/** Adds a range of a part number; resolves true once it is created. */
export const openRangeForm = () =>
  openDialog<boolean>(i18n.t('serial_ranges.form.title'), (finish) => <RangeForm finish={finish} />, false);
