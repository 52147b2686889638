import {
  BATTERY_CHEMISTRIES,
  BATTERY_REFERENCE_MAX,
  VEHICLE_TEXT_MAX,
  VINDB_NOTES_MAX,
  batteryBodySchema,
  type BatteryBody,
  type BatteryBodyInput,
} from '@fleet/contract';
import { NumberInput, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../hooks/use-contract-form';
import { RecordForm } from './record-form';
import { chemistryKey, snakeCase } from './vin-field';

interface BatteryFormProps {
  initial: BatteryBodyInput;
  /** A new battery: its reference is typed; a recorded one keeps it. */
  creating: boolean;
  save: (body: BatteryBody) => Promise<unknown>;
  saveLabel: string;
  actions?: ReactNode;
}

type NumberField = 'capacityAh' | 'coldCrankingAmps' | 'voltage';

/** A battery's fields, checked by the contract's own rules before anything is sent. */
export function BatteryForm({ initial, creating, save, saveLabel, actions }: BatteryFormProps) {
  const { t } = useTranslation();
  const form = useContractForm(batteryBodySchema, initial);
  const problem = (field: string) =>
    form.refused(field) ? t(`vindb.problems.${snakeCase(field)}`) : undefined;
  const number = (field: NumberField, label: string, extra: { required?: boolean; decimals?: boolean }) => (
    <NumberInput
      label={label}
      value={form.values[field] ?? ''}
      onChange={(value) =>
        form.set(field, typeof value === 'number' ? value : extra.required ? Number.NaN : null)
      }
      min={0}
      decimalScale={extra.decimals ? 1 : 0}
      allowDecimal={extra.decimals}
      required={extra.required}
      error={problem(field)}
    />
  );
  return (
    <RecordForm form={form} save={save} editing={!creating} saveLabel={saveLabel} actions={actions}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {creating && (
          <TextInput
            label={t('vindb.fields.reference')}
            value={form.values.reference}
            onChange={(event) => form.set('reference', event.currentTarget.value.toUpperCase())}
            required
            maxLength={BATTERY_REFERENCE_MAX}
            description={t('vindb.battery.reference_hint')}
            error={problem('reference')}
            data-autofocus
          />
        )}
        <TextInput
          label={t('vindb.fields.maker')}
          value={form.values.maker}
          onChange={(event) => form.set('maker', event.currentTarget.value)}
          required
          maxLength={VEHICLE_TEXT_MAX}
          error={problem('maker')}
        />
        <TextInput
          label={t('vindb.fields.battery_model')}
          value={form.values.model ?? ''}
          onChange={(event) => form.set('model', event.currentTarget.value)}
          maxLength={VEHICLE_TEXT_MAX}
        />
        <Select
          label={t('vindb.fields.chemistry')}
          data={BATTERY_CHEMISTRIES.map((value) => ({ value, label: t(chemistryKey(value)) }))}
          value={form.values.chemistry ?? null}
          onChange={(value) => value && form.set('chemistry', value as BatteryBody['chemistry'])}
          allowDeselect={false}
          required
          error={problem('chemistry')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {number('voltage', t('vindb.fields.voltage'), { required: true, decimals: true })}
        {number('capacityAh', t('vindb.fields.capacity_ah'), { decimals: true })}
        {number('coldCrankingAmps', t('vindb.fields.cold_cranking_amps'), {})}
      </SimpleGrid>
      <Textarea
        label={t('vindb.fields.notes')}
        value={form.values.notes ?? ''}
        onChange={(event) => form.set('notes', event.currentTarget.value)}
        maxLength={VINDB_NOTES_MAX}
        autosize
        minRows={2}
      />
    </RecordForm>
  );
}
