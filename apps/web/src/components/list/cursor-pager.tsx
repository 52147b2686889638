import type { CursorPaging } from '@fleet/contract';
import { ActionIcon, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CursorMove } from '../../lib/cursor-position';
import { FirstPageIcon, LastPageIcon, NextPageIcon, PreviousPageIcon } from '../icons';

interface CursorPagerProps {
  /** The paging headers of the page shown; null while it loads or when it failed. */
  paging: CursorPaging | null;
  /** A null cursor is the first page; `move` says which control led there. */
  onCursor: (cursor: string | null, move: CursorMove) => void;
  /** The page could not be loaded (an outdated cursor, say): First page stays offered as a way out. */
  failed?: boolean;
}

/** First, previous, next and last, each enabled by the answer's paging headers. */
export function CursorPager({ paging, onCursor, failed = false }: CursorPagerProps) {
  const { t } = useTranslation();
  const control = (name: CursorMove, cursor: string | null, enabled: boolean, icon: ReactNode) => (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t(`list.pager.${name}`)}
      disabled={!enabled}
      onClick={() => onCursor(cursor, name)}
    >
      {icon}
    </ActionIcon>
  );
  return (
    <Group component="nav" aria-label={t('list.pager.label')} justify="center" gap="xs">
      {control('first', paging?.firstPage ?? null, paging ? paging.hasPrevious : failed, <FirstPageIcon />)}
      {control('previous', paging?.previousPage ?? null, !!paging?.previousPage, <PreviousPageIcon />)}
      {control('next', paging?.nextPage ?? null, !!paging?.nextPage, <NextPageIcon />)}
      {control('last', paging?.lastPage ?? null, !!paging?.hasNext && !!paging.lastPage, <LastPageIcon />)}
    </Group>
  );
}
