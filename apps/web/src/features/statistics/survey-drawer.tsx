import type { Survey } from '@fleet/contract';
import { Badge, Blockquote, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SideDrawer } from '../../components/side-drawer';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { useDateFormat } from '../../hooks/use-date-format';
import { surveyQuery } from './api';
import { ScoreBadge } from './score-badge';
import { useEsatFormat } from './format';
import { useQuestionLabel } from './labels';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

type SurveyAnswer = Survey['answers'][number];

function useScoreColumns(): DataColumn<SurveyAnswer>[] {
  const label = useQuestionLabel();
  return [
    {
      prop: 'question',
      labelLang: 'statistics.columns.question',
      forceNormalWordBreak: true,
      cell: (answer) => label(answer.question),
    },
    {
      prop: 'score',
      labelLang: 'statistics.columns.score',
      type: 'status',
      cell: (answer) => <ScoreBadge score={answer.score} />,
    },
  ];
}

function SurveyView({ survey }: { survey: Survey }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const format = useEsatFormat();
  const columns = useScoreColumns();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={3} size="h4">
          {t('statistics.survey.heading', { number: survey.orderNumber })}
        </Title>
        <Badge variant="light" color={survey.answeredAt ? 'green' : 'gray'}>
          {t(survey.answeredAt ? 'statistics.survey.answered' : 'statistics.survey.unanswered')}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label={t('statistics.columns.company')} value={survey.company.name} />
        <Fact label={t('statistics.columns.center')} value={survey.serviceCenter.name} />
        <Fact label={t('statistics.columns.delivered')} value={date.long(survey.deliveredAt)} />
        {survey.answeredAt && (
          <Fact label={t('statistics.columns.answered')} value={date.long(survey.answeredAt)} />
        )}
        {survey.source && (
          <Fact
            label={t('statistics.survey.source')}
            value={t(`statistics.survey.sources.${survey.source}`, { name: survey.enteredByName ?? '' })}
          />
        )}
        <Fact label={t('statistics.figures.average_score')} value={format.score(survey.averageScore)} />
      </SimpleGrid>
      {survey.answers.length > 0 && (
        <DataTable
          label={t('statistics.survey.scores')}
          columns={columns}
          items={survey.answers}
          rowKey={(answer) => answer.question}
        />
      )}
      {survey.comment && <Blockquote p="sm">{survey.comment}</Blockquote>}
    </Stack>
  );
}

/** One survey with every score and the comment, beside the answers list. */
export function SurveyDrawer({ surveyId, onClose }: { surveyId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const survey = useQuery({ ...surveyQuery(surveyId ?? 0), enabled: surveyId !== null });
  return (
    <SideDrawer
      opened={surveyId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={t('statistics.survey.title')}
    >
      {surveyId !== null && <CallState call={survey}>{(data) => <SurveyView survey={data} />}</CallState>}
    </SideDrawer>
  );
}
