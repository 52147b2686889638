import type { TranslationEntry, TranslationState } from '@fleet/contract';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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

/** A missing text's row stands out by a bar at its start (a tinted row would dim its buttons' contrast). */
export const missingCellStyle = (state: TranslationState) =>
  state === 'missing' ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-orange-filled)' } : undefined;

/** A text, or a dash when there is none. */
function TextCell({ text }: { text: string | null }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
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

/** The heads every text table ends with: the source text, the language's bundled one, override, state, actions. */
export function TextColumnHeads({ language, source }: { language: string; source: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Th>{source}</Table.Th>
      <Table.Th>{t('translations.columns.bundled', { language })}</Table.Th>
      <Table.Th>{t('translations.columns.override')}</Table.Th>
      <Table.Th>{t('translations.columns.state')}</Table.Th>
      <Table.Th>{t('translations.columns.actions')}</Table.Th>
    </>
  );
}

/** The cells of a text's row after those naming it, matching `TextColumnHeads`. */
export function TextColumns({
  name,
  entry,
  onEdit,
  onRemove,
}: {
  name: string;
  entry: TranslationEntry;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <>
      <Table.Td maw={280}>
        <TextCell text={entry.english} />
      </Table.Td>
      <Table.Td maw={280}>
        <TextCell text={entry.bundled} />
      </Table.Td>
      <Table.Td maw={280}>
        <OverrideCell entry={entry} />
      </Table.Td>
      <Table.Td>
        <StateBadge state={entry.state} />
      </Table.Td>
      <Table.Td>
        <RowActions name={name} entry={entry} onEdit={onEdit} onRemove={onRemove} />
      </Table.Td>
    </>
  );
}
