import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface SaveBarProps {
  dirty: boolean;
  mayCommit: boolean;
  saving: boolean;
  savedAt: number | null;
  failed: boolean;
  onSave: () => void;
}

/**
 * In view at the bottom of the screen while the page scrolls (the time-zone map makes it long): it says
 * whether something is left to save, next to the button that saves it.
 */
export function SaveBar({ dirty, mayCommit, saving, savedAt, failed, onSave }: SaveBarProps) {
  const { t } = useTranslation();
  const [text, colour] = dirty
    ? [t('settings.page.unsaved'), 'orange.8']
    : savedAt !== null
      ? [t('settings.page.saved'), 'teal']
      : [t('settings.page.nothing_unsaved'), 'dimmed'];
  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      radius="md"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 2 }}
      role="region"
      aria-label={t('settings.page.save_bar')}
    >
      <Group justify="space-between" gap="md">
        <Text c={colour} fw={dirty ? 600 : undefined} role="status">
          {text}
        </Text>
        <Button onClick={onSave} disabled={!mayCommit} loading={saving}>
          {t('settings.page.save')}
        </Button>
      </Group>
      {failed && (
        <Alert color="red" role="alert" mt="sm">
          {t('settings.page.save_failed')}
        </Alert>
      )}
    </Paper>
  );
}
