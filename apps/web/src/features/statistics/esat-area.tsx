import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterTabs } from '../../components/router-tabs';
import { showSuccess } from '../../components/show-success';
import { paths } from '../../config/paths';
import { openEntryDialog } from './entry-dialog';
import { useEntersSurveys } from './rights';

/**
 * Customer satisfaction (docs/insights.md "Statistics"): the figures and charts for their readers, the
 * answers behind them, and the entry and import of results for those who collect them.
 */
export function EsatArea() {
  const { t } = useTranslation();
  const enters = useEntersSurveys();
  const enter = async () => {
    const survey = await openEntryDialog();
    if (!survey) return;
    showSuccess(t('statistics.entry.done', { number: survey.orderNumber }));
  };
  const tabs = [
    { label: t('statistics.esat.tabs.overview'), ...paths.statisticsEsatOverview },
    { label: t('statistics.esat.tabs.answers'), ...paths.statisticsEsatAnswers },
    { label: t('statistics.esat.tabs.import'), ...paths.statisticsEsatImport },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2} size="h3">
            {t('statistics.esat.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('statistics.esat.intro')}
          </Text>
        </div>
        {enters && <Button onClick={() => void enter()}>{t('statistics.entry.open')}</Button>}
      </Group>
      <RouterTabs tabs={tabs} label={t('statistics.esat.tabs_label')} />
    </Stack>
  );
}
