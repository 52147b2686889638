import { Button, Checkbox, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BulkSelection } from '../../hooks/use-bulk-selection';

/** Select the page, the count against the cap, and a clear button. */
export function SelectionBar({
  selection,
  pageIds,
}: {
  selection: BulkSelection;
  pageIds: readonly string[];
}) {
  const { t } = useTranslation();
  const onPage = pageIds.filter(selection.isSelected).length;
  const allOnPage = pageIds.length > 0 && onPage === pageIds.length;
  return (
    <Group gap="md" mih={30}>
      <Checkbox
        label={t('list.selection.select_page')}
        checked={allOnPage}
        indeterminate={onPage > 0 && !allOnPage}
        disabled={pageIds.length === 0 || (selection.full && !allOnPage && onPage === 0)}
        onChange={() => (allOnPage ? selection.unselect(pageIds) : selection.select(pageIds))}
      />
      <Text size="sm" c={selection.full ? 'orange' : 'dimmed'} aria-live="polite">
        {t('list.selection.count', { selected: selection.selected.length, limit: selection.limit })}
      </Text>
      <Button
        size="compact-sm"
        variant="subtle"
        disabled={selection.selected.length === 0}
        onClick={selection.clear}
      >
        {t('list.selection.clear')}
      </Button>
    </Group>
  );
}
