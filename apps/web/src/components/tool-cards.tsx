import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RouteSpec } from '../config/paths';
import { useFeatureCheck } from '../hooks/use-can-use';

export interface Tool {
  /** Its texts under `<prefix>.<key>.title` and `.text`. */
  key: string;
  route: RouteSpec;
}

/**
 * A page of tools as cards, one per tool the user may use (the company menu, the services page), with
 * what to say when there is none.
 */
export function ToolCards({
  title,
  tools,
  prefix,
  none,
}: {
  title: string;
  tools: readonly Tool[];
  prefix: string;
  none: string;
}) {
  const { t } = useTranslation();
  const canUse = useFeatureCheck();
  const usable = tools.filter((tool) => canUse(tool.route.feature));
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {usable.length === 0 && <Text c="dimmed">{none}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {usable.map((tool) => (
          <Card
            key={tool.key}
            withBorder
            padding="lg"
            radius="md"
            component="section"
            aria-labelledby={`tool-${tool.key}`}
          >
            <Stack gap="sm" h="100%" justify="space-between">
              <div>
                <Title order={2} size="h4" id={`tool-${tool.key}`}>
                  {t(`${prefix}.${tool.key}.title`)}
                </Title>
                <Text c="dimmed" size="sm" mt={4}>
                  {t(`${prefix}.${tool.key}.text`)}
                </Text>
              </div>
              <Button component={Link} to={tool.route.path} variant="light">
                {t('common.actions.open')}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
