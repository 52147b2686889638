import { Card, Group, Loader, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { SimpleGridProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type ListSkeletonShape =
  | { kind: 'cards'; count: number; cols: SimpleGridProps['cols']; height?: number }
  | { kind: 'rows'; count: number };

/**
 * Grey placeholders in the shape of what is loading, so the page keeps its layout (and the pager its
 * place), under a loading indicator with its translated text (jobs §2: a null list is loading).
 */
export function ListSkeleton({ shape = { kind: 'rows', count: 5 } }: { shape?: ListSkeletonShape }) {
  const { t } = useTranslation();
  const label = (
    <Group gap="xs" c="dimmed">
      <Loader size="xs" type="dots" aria-hidden />
      <Text size="sm">{t('list.states.loading')}</Text>
    </Group>
  );
  if (shape.kind === 'rows') {
    return (
      <Stack gap="xs" role="status" aria-busy="true" data-testid="list-skeleton">
        {label}
        {Array.from({ length: shape.count }, (_, index) => (
          <Skeleton key={index} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  return (
    <div role="status" aria-busy="true" data-testid="list-skeleton">
      {label}
      <SimpleGrid cols={shape.cols} spacing="sm">
        {Array.from({ length: shape.count }, (_, index) => (
          <Card key={index} withBorder radius="md" padding="sm" h={shape.height} aria-hidden="true">
            <Stack gap={10}>
              <Skeleton height={18} width="60%" radius="sm" />
              <Skeleton height={12} width="85%" radius="sm" />
              <Skeleton height={10} width="45%" radius="sm" />
              <Skeleton height={24} width="35%" radius="sm" ml="auto" mt={4} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}
