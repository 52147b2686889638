import type { CursorPaging } from '@fleet/contract';
import { ActionIcon, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FirstPageIcon, LastPageIcon, NextPageIcon, PreviousPageIcon } from '../icons';

interface CursorPagerProps {
  /** The paging headers of the page shown; null while it loads. */
  paging: CursorPaging | null;
  onCursor: (cursor: string) => void;
}

/** First, previous, next and last, each enabled by the answer's paging headers. */
export function CursorPager({ paging, onCursor }: CursorPagerProps) {
  const { t } = useTranslation();
  const control = (label: string, cursor: string | null | undefined, enabled: boolean, icon: ReactNode) => (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t(`list.pager.${label}`)}
      disabled={!enabled || !cursor}
      onClick={() => cursor && onCursor(cursor)}
    >
      {icon}
    </ActionIcon>
  );
  return (
    <Group component="nav" aria-label={t('list.pager.label')} justify="center" gap="xs">
      {control('first', paging?.firstPage, !!paging?.hasPrevious, <FirstPageIcon />)}
      {control('previous', paging?.previousPage, !!paging?.hasPrevious, <PreviousPageIcon />)}
      {control('next', paging?.nextPage, !!paging?.hasNext, <NextPageIcon />)}
      {control('last', paging?.lastPage, !!paging?.hasNext, <LastPageIcon />)}
    </Group>
  );
}
