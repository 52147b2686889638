import { COMPONENT_STATUSES, componentBodySchema, type Component } from '@fleet/contract';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationText } from '../../../../components/dialogs/validation-text';
import { CLOSED_UNMOUNTED } from '../../../../components/list/combobox-props';
import { showSuccess } from '../../../../components/show-success';
import { useContractForm } from '../../../../hooks/use-contract-form';
import { componentMutations, type NewComponent } from '../../api/components';

const TEXT_FIELDS = ['name', 'partNumber', 'serialNumber', 'version'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const LABELS: Record<TextField, string> = {
  name: 'name',
  partNumber: 'part_number',
  serialNumber: 'serial_number',
  version: 'version',
};
const EMPTY: Record<TextField, string> = { name: '', partNumber: '', serialNumber: '', version: '' };

type Values = Record<TextField, string> & { status: Component['status'] };

const optional = (value: string) => value.trim() || null;
const bodyOf = (values: Values) => ({
  name: values.name,
  partNumber: optional(values.partNumber),
  serialNumber: optional(values.serialNumber),
  version: optional(values.version),
  status: values.status,
});

/** Adds a component; the fields are checked with the contract's rules before the call. */
export function AddComponentForm({ serialNumber }: { serialNumber: string }) {
  const add = useMutation(componentMutations(serialNumber).add);
  // A new form once a component is added: its fields empty again.
  const [added, setAdded] = useState(0);
  return <ComponentFields key={added} add={add.mutateAsync} onAdded={() => setAdded((count) => count + 1)} />;
}

function ComponentFields({
  add,
  onAdded,
}: {
  add: (component: NewComponent) => Promise<Component>;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const form = useContractForm(componentBodySchema, { ...EMPTY, status: 'ok' } as Values, bodyOf);
  const submit = () =>
    void form.submit(async (body) => {
      const added = await add(body);
      showSuccess(t('series.detail.components.added', { name: added.name }));
      onAdded();
    });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
          {TEXT_FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`series.detail.components.${LABELS[field]}`)}
              withAsterisk={field === 'name'}
              value={form.values[field]}
              error={form.error(field)}
              onChange={(event) => form.set(field, event.currentTarget.value)}
            />
          ))}
          <Select
            label={t('series.detail.components.status_column')}
            data={COMPONENT_STATUSES.map((value) => ({
              value,
              label: t(`series.detail.components.status.${value}`),
            }))}
            value={form.values.status}
            onChange={(next) => next && form.set('status', next as Component['status'])}
            allowDeselect={false}
            comboboxProps={CLOSED_UNMOUNTED}
          />
        </SimpleGrid>
        <ValidationText message={form.failure ? { kind: 'error', text: form.failure } : null} />
        <Group>
          <Button type="submit" loading={form.busy}>
            {t('series.detail.components.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
