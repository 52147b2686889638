import {
  VEHICLE_TEXT_MAX,
  VINDB_NOTES_MAX,
  VEHICLE_YEAR_MIN,
  latestVehicleYear,
  vehicleBodySchema,
  type VehicleBody,
  type VehicleBodyInput,
} from '@fleet/contract';
import { NumberInput, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../hooks/use-contract-form';
import { RecordForm } from './record-form';
import { snakeCase } from './vin-field';
import { BatterySelect } from './battery-select';
import { VinField } from './vin-field';

interface VehicleFormProps {
  initial: VehicleBodyInput;
  /** A new vehicle: its VIN is typed; a recorded one keeps it. */
  creating: boolean;
  save: (body: VehicleBody) => Promise<unknown>;
  saveLabel: string;
  /** Beside Save: Cancel or Delete. */
  actions?: ReactNode;
}

/** A vehicle's fields, checked by the contract's own rules before anything is sent. */
export function VehicleForm({ initial, creating, save, saveLabel, actions }: VehicleFormProps) {
  const { t } = useTranslation();
  const form = useContractForm(vehicleBodySchema, initial);
  const problem = (field: string) =>
    form.refused(field) ? t(`vindb.problems.${snakeCase(field)}`) : undefined;
  const text = (field: 'make' | 'model' | 'engine', required = false) => (
    <TextInput
      label={t(`vindb.fields.${field}`)}
      value={form.values[field] ?? ''}
      onChange={(event) => form.set(field, event.currentTarget.value)}
      required={required}
      maxLength={VEHICLE_TEXT_MAX}
      // The rule it breaks (required, or too long), not every rule of the field at once.
      error={form.error(field)}
    />
  );
  return (
    <RecordForm form={form} save={save} editing={!creating} saveLabel={saveLabel} actions={actions}>
      {creating && (
        <VinField
          value={form.values.vin}
          onChange={(vin) => form.set('vin', vin)}
          refused={form.refused('vin')}
          autoFocus
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {text('make', true)}
        {text('model', true)}
        <NumberInput
          label={t('vindb.fields.year')}
          value={Number.isNaN(form.values.year) ? '' : form.values.year}
          onChange={(value) => form.set('year', typeof value === 'number' ? value : Number.NaN)}
          min={VEHICLE_YEAR_MIN}
          max={latestVehicleYear()}
          allowDecimal={false}
          required
          error={problem('year')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {text('engine')}
        <BatterySelect
          value={form.values.batteryReference ?? null}
          onChange={(reference) => form.set('batteryReference', reference)}
          error={problem('batteryReference')}
        />
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
