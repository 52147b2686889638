import type { TranslationEntry, TranslationState } from '@fleet/contract';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATE_COLOURS: Record<TranslationState, string> = {
  missing: 'orange',
  bundled: 'gray',
  overridden: 'blue',
};

/** Whether a text is missing (English shows), bundled, or overridden: in words, not by colour alone. */
export function StateBadge({ state }: { state: TranslationState }) {
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
export function TextCell({ text }: { text: string | null }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text ?? '—'}
    </Text>
  );
}

/** The target's own override, else the "all" one it inherits, said so. */
export function OverrideCell({ entry }: { entry: Pick<TranslationEntry, 'override' | 'inherited'> }) {
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
export function RowActions({
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
