import { COMPONENT_STATUSES, componentBodySchema, type Component } from '@fleet/contract';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { dialogErrorText } from '../../../../components/dialogs';
import { CLOSED_UNMOUNTED } from '../../../../components/list/combobox-props';
import { showSuccess } from '../../../../components/show-success';
import { addComponent, componentsQueryKey } from '../../api/components';

const TEXT_FIELDS = ['name', 'partNumber', 'serialNumber', 'version'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const LABELS: Record<TextField, string> = {
  name: 'name',
  partNumber: 'part_number',
  serialNumber: 'serial_number',
  version: 'version',
};
const EMPTY: Record<TextField, string> = { name: '', partNumber: '', serialNumber: '', version: '' };

/** Adds a component; the fields are checked with the contract's rules before the call. */
export function AddComponentForm({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [status, setStatus] = useState<Component['status']>('ok');
  const [problems, setProblems] = useState<Partial<Record<TextField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const problemText = (issue: z.core.$ZodIssue) =>
    issue.code === 'too_big'
      ? t('series.detail.components.too_long', { max: Number(issue.maximum) })
      : t('series.detail.components.name_required');

  const submit = async () => {
    const optional = (value: string) => value.trim() || null;
    const checked = componentBodySchema.safeParse({
      name: values.name,
      partNumber: optional(values.partNumber),
      serialNumber: optional(values.serialNumber),
      version: optional(values.version),
      status,
    });
    if (!checked.success) {
      setProblems(
        Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), problemText(issue)])),
      );
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const added = await addComponent(serialNumber, checked.data);
      await queryClient.invalidateQueries({ queryKey: componentsQueryKey(serialNumber) });
      showSuccess(t('series.detail.components.added', { name: added.name }));
      setValues(EMPTY);
      setStatus('ok');
    } catch (error) {
      setRefusal(dialogErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
          {TEXT_FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`series.detail.components.${LABELS[field]}`)}
              withAsterisk={field === 'name'}
              value={values[field]}
              error={problems[field]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [field]: value }));
                setProblems((current) => ({ ...current, [field]: undefined }));
              }}
            />
          ))}
          <Select
            label={t('series.detail.components.status_column')}
            data={COMPONENT_STATUSES.map((value) => ({
              value,
              label: t(`series.detail.components.status.${value}`),
            }))}
            value={status}
            onChange={(next) => next && setStatus(next as Component['status'])}
            allowDeselect={false}
            comboboxProps={CLOSED_UNMOUNTED}
          />
        </SimpleGrid>
        {refusal && (
          <Text c="red" size="sm" role="alert">
            {refusal}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            {t('series.detail.components.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
