import type { Survey } from '@fleet/contract';
import { Badge, Blockquote, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { SideDrawer } from '../../components/side-drawer';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
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

function SurveyView({ survey }: { survey: Survey }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const format = useEsatFormat();
  const label = useQuestionLabel();
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
        <Table verticalSpacing={6} aria-label={t('statistics.survey.scores')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('statistics.columns.question')}</Table.Th>
              <Table.Th>{t('statistics.columns.score')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {survey.answers.map((answer) => (
              <Table.Tr key={answer.question}>
                <Table.Td>{label(answer.question)}</Table.Td>
                <Table.Td>
                  <ScoreBadge score={answer.score} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
