import type { TranslationEntry, TranslationState } from '@fleet/contract';
import { Badge, Button, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/table/data-table';
import classes from './translation-cells.module.css';

const STATE_COLOURS: Record<TranslationState, string> = {
  missing: 'orange',
  bundled: 'gray',
  overridden: 'blue',
};

/** Whether a text is missing (English shows), bundled, or overridden: in words, not by colour alone. */
function StateBadge({ state }: { state: TranslationState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATE_COLOURS[state]} miw="max-content">
      {t(`translations.states.${state}`)}
    </Badge>
  );
}

/**
 * The content of a row's first cell: a missing text's row stands out by a bar at its start (a tinted row
 * would dim its buttons' contrast), drawn on the cell that holds this (see the CSS).
 */
export function RowStart({ state, children }: { state: TranslationState; children: ReactNode }) {
  return <div className={state === 'missing' ? classes.missing : undefined}>{children}</div>;
}

/** A text, or a dash when there is none. */
function TextCell({ text }: { text: string | null }) {
  return (
    <Text size="sm" maw={280} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text ?? '—'}
    </Text>
  );
}

/** The target's own override, else the "all" one it inherits, said so. */
function OverrideCell({ entry }: { entry: Pick<TranslationEntry, 'override' | 'inherited'> }) {
  const { t } = useTranslation();
  if (entry.override !== null) return <TextCell text={entry.override} />;
  if (entry.inherited === null) return <TextCell text={null} />;
  return (
    <>
      <TextCell text={entry.inherited} />
      <Text size="xs" c="dimmed">
        {t('translations.list.inherited')}
      </Text>
    </>
  );
}

/** Edit, and remove when the target has an override of its own. */
function RowActions({
  name,
  entry,
  onEdit,
  onRemove,
}: {
  name: string;
  entry: Pick<TranslationEntry, 'override'>;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        onClick={onEdit}
        aria-label={t('translations.actions.edit_of', { name })}
      >
        {t('translations.actions.edit')}
      </Button>
      {entry.override !== null && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={onRemove}
          aria-label={t('translations.actions.remove_of', { name })}
        >
          {t('translations.actions.remove')}
        </Button>
      )}
    </Group>
  );
}

interface TextActions<T> {
  /** How the buttons name the text ("Edit company.page.title"). */
  name: (entry: T) => string;
  edit: (entry: T) => void;
  remove: (entry: T) => void;
}

/**
 * The columns every text table ends with: the source text (headed `sourceLang`), the language's bundled
 * one, override, state, actions.
 */
export function textColumns<T extends TranslationEntry>(
  t: TFunction,
  language: string,
  sourceLang: string,
  actions: TextActions<T>,
): DataColumn<T>[] {
  return [
    { prop: 'english', labelLang: sourceLang, cell: (entry) => <TextCell text={entry.english} /> },
    {
      prop: 'bundled',
      label: t('translations.columns.bundled', { language }),
      cell: (entry) => <TextCell text={entry.bundled} />,
    },
    {
      prop: 'override',
      labelLang: 'translations.columns.override',
      cell: (entry) => <OverrideCell entry={entry} />,
    },
    {
      prop: 'state',
      labelLang: 'translations.columns.state',
      type: 'status',
      cell: (entry) => <StateBadge state={entry.state} />,
    },
    {
      prop: 'actions',
      labelLang: 'translations.columns.actions',
      cell: (entry) => (
        <RowActions
          name={actions.name(entry)}
          entry={entry}
          onEdit={() => actions.edit(entry)}
          onRemove={() => actions.remove(entry)}
        />
      ),
    },
  ];
}
