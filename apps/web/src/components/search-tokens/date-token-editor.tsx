import {
  dateOnly,
  defaultOperator,
  formatDateTokenData,
  parseDateTokenData,
  type SearchTokenDefinition,
  type TokenOperator,
} from '@fleet/contract';
import { Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface DateTokenEditorProps {
  definition: SearchTokenDefinition;
  onAdd: (data: string, operator: TokenOperator) => void;
}

/** One day or a period, at most today; a period given backwards is put in order. */
export function DateTokenEditor({ definition, onAdd }: DateTokenEditorProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'single' | 'range'>('single');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const today = dateOnly(new Date());
  const complete = start !== '' && (mode === 'single' || end !== '');

  const add = () => {
    if (!complete) return;
    const value = parseDateTokenData(mode === 'range' ? `${start}/${end}` : start);
    const ranged = value.end !== null && (definition.operators ?? []).includes('range');
    onAdd(formatDateTokenData(value), ranged ? 'range' : defaultOperator(definition));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <Stack gap="xs" p="xs">
      <SegmentedControl
        size="xs"
        value={mode}
        onChange={(next) => setMode(next as 'single' | 'range')}
        data={[
          { value: 'single', label: t('list.token_bar.date.single') },
          { value: 'range', label: t('list.token_bar.date.range') },
        ]}
      />
      <Group gap="xs" align="flex-end">
        <TextInput
          type="date"
          size="xs"
          label={t(mode === 'range' ? 'list.token_bar.date.from' : 'list.token_bar.date.day')}
          max={today}
          value={start}
          onChange={(event) => setStart(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          data-autofocus
        />
        {mode === 'range' && (
          <TextInput
            type="date"
            size="xs"
            label={t('list.token_bar.date.to')}
            max={today}
            value={end}
            onChange={(event) => setEnd(event.currentTarget.value)}
            onKeyDown={onKeyDown}
          />
        )}
        <Button size="xs" onClick={add} disabled={!complete}>
          {t('list.token_bar.date.add')}
        </Button>
      </Group>
    </Stack>
  );
}
