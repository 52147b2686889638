import { dateOnly, parseDateTokenData } from '@fleet/contract';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface DateTokenEditorProps {
  /** Range mode (the range operator): two dates, put in order. */
  range: boolean;
  /** The token's data so far (`day` or `start/end`), empty for a new token. */
  initial: string;
  onDone: (data: string) => void;
}

/** The data of a date token: one day, or a period in range mode; at most today (jobs §5). */
export function DateTokenEditor({ range, initial, onDone }: DateTokenEditorProps) {
  const { t } = useTranslation();
  const parsed = initial ? parseDateTokenData(initial) : null;
  const [start, setStart] = useState(parsed?.start ?? '');
  const [end, setEnd] = useState(parsed?.end ?? parsed?.start ?? '');
  const today = dateOnly(new Date());
  const complete = start !== '' && (!range || end !== '');

  const done = () => {
    if (!complete) return;
    // Range mode reorders the two dates so that start is not after end (jobs §4).
    onDone(range ? [start, end].sort().join('/') : start);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    done();
  };

  return (
    <Stack gap="xs" p="xs">
      <Group gap="xs" align="flex-end">
        <TextInput
          type="date"
          size="xs"
          label={t(range ? 'list.token_bar.date.from' : 'list.token_bar.date.day')}
          max={today}
          value={start}
          onChange={(event) => setStart(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          data-autofocus
        />
        {range && (
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
        <Button size="xs" onClick={done} disabled={!complete}>
          {t(initial ? 'list.token_bar.date.apply' : 'list.token_bar.date.add')}
        </Button>
      </Group>
    </Stack>
  );
}
