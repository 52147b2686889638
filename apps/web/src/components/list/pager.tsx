import { pageCount } from '@fleet/contract';
import { Group, Pagination } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PagerProps {
  pageNumber: number;
  pageSize: number;
  /** null while the page loads: the last known count is kept, so the pager does not jump away. */
  totalCount: number | null;
  onPage: (pageNumber: number) => void;
  /** The list's call failed: no page count is known, none is offered. */
  failed?: boolean;
}

/** Page-number buttons with first, previous, next and last; hidden when everything fits on one page. */
export function Pager({ pageNumber, pageSize, totalCount, onPage, failed = false }: PagerProps) {
  const { t } = useTranslation();
  const [known, setKnown] = useState(totalCount ?? 0);
  if (totalCount !== null && totalCount !== known) setKnown(totalCount);
  const pages = pageCount(totalCount ?? known, pageSize);
  if (failed || pages <= 1) return null;
  return (
    <Group component="nav" aria-label={t('list.pager.label')} justify="center">
      <Pagination
        total={pages}
        value={Math.min(pageNumber, pages)}
        onChange={onPage}
        withEdges
        getControlProps={(control) => ({ 'aria-label': t(`list.pager.${control}`) })}
      />
    </Group>
  );
}
