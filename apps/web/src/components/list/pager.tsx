import { pageCount } from '@fleet/contract';
import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PagerProps {
  pageNumber: number;
  pageSize: number;
  totalCount: number;
  onPage: (pageNumber: number) => void;
}

/** Page-number buttons with first, previous, next and last; hidden when everything fits on one page. */
export function Pager({ pageNumber, pageSize, totalCount, onPage }: PagerProps) {
  const { t } = useTranslation();
  const pages = pageCount(totalCount, pageSize);
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={t('list.pager.label')} justify="center">
      <Pagination
        total={pages}
        value={pageNumber}
        onChange={onPage}
        withEdges
        getControlProps={(control) => ({ 'aria-label': t(`list.pager.${control}`) })}
      />
    </Group>
  );
}
