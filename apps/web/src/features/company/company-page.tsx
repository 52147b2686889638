import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COMPANY_TOOLS } from '../../config/company-tools';
import { useFeatureCheck } from '../../hooks/use-can-use';

/** Route /company: the company menu (internal staff), one card per tool the user may use. */
export function CompanyPage() {
  const { t } = useTranslation();
  const canUse = useFeatureCheck();
  const tools = COMPANY_TOOLS.filter((tool) => canUse(tool.route.feature));
  return (
    <Stack gap="lg">
      <Title order={1}>{t('company.page.title')}</Title>
      {tools.length === 0 && <Text c="dimmed">{t('company.page.none')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {tools.map((tool) => (
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
                  {t(`company.tools.${tool.key}.title`)}
                </Title>
                <Text c="dimmed" size="sm" mt={4}>
                  {t(`company.tools.${tool.key}.text`)}
                </Text>
              </div>
              <Button component={Link} to={tool.route.path} variant="light">
                {t('company.page.open')}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
