import { Button, Checkbox, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkSelection } from '../../hooks/use-bulk-selection';

/** Select the page, the count against the cap, a clear button, and what can be done with the selection. */
export function SelectionBar({
  selection,
  pageIds,
  actions,
}: {
  selection: BulkSelection;
  pageIds: readonly string[];
  /** The bulk actions the user may do on the selected items. */
  actions?: ReactNode;
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
      {actions && (
        <Group gap="xs" role="group" aria-label={t('list.selection.actions')}>
          {actions}
        </Group>
      )}
    </Group>
  );
}
