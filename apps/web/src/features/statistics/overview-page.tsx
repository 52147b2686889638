import {
  ESAT_STATISTICS_FILTERS,
  ESAT_STATISTICS_TOKENS,
  guessTimeZone,
  type EsatStatistics,
} from '@fleet/contract';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CallState } from '../../components/call-state';
import { SearchTokenBar } from '../../components/search-tokens/search-token-bar';
import { useAvailableTokens } from '../../components/search-tokens/use-available-tokens';
import { useTokenFilters } from '../../components/search-tokens/use-token-filters';
import { useListState } from '../../hooks/use-list-state';
import { usePeriodFilters } from '../../hooks/use-period-filters';
import { useUserConfiguration } from '../../hooks/use-user-configuration';
import { esatStatisticsQuery } from './api';
import { useEsatFormat } from './format';
import { ByCenterChart, ByQuestionChart, OverTimeChart } from './overview-charts';
import { useEsatTokenOptions } from './token-options';

const GROUPING = 'grouping';

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Card>
  );
}

function Figures({ totals }: { totals: EsatStatistics['totals'] }) {
  const { t } = useTranslation();
  const format = useEsatFormat();
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} data-testid="esat-figures">
      <Figure
        label={t('statistics.figures.response_rate')}
        value={format.percent(totals.responseRate)}
        detail={t('statistics.figures.answered_of', {
          answered: totals.answered,
          delivered: totals.delivered,
        })}
      />
      <Figure
        label={t('statistics.figures.average_score')}
        value={format.score(totals.averageScore)}
        detail={t('statistics.figures.out_of_five', { count: totals.answers })}
      />
      <Figure
        label={t('statistics.figures.delivered')}
        value={String(totals.delivered)}
        detail={t('statistics.figures.delivered_detail')}
      />
    </SimpleGrid>
  );
}

/**
 * The ESAT statistics (docs/insights.md "Statistics"), aggregated by the server for the delivery period and
 * centers of the filter bar: the response rate and mean score, over time by month or year, by service center
 * and by question; a bar leads to the answers behind it.
 */
export function EsatOverviewPage() {
  const [list, dispatch] = useListState(ESAT_STATISTICS_FILTERS, 'esat-statistics', [GROUPING]);
  const definitions = useAvailableTokens(ESAT_STATISTICS_TOKENS);
  const tokens = useTokenFilters(list, dispatch, definitions);
  const options = useEsatTokenOptions();
  const periodFilters = usePeriodFilters();
  const zone = useUserConfiguration().data?.timezone ?? guessTimeZone();
  const [searchParams, setSearchParams] = useSearchParams();
  const grouping = searchParams.get(GROUPING) === 'year' ? 'year' : 'month';
  const query = new URLSearchParams({ Grouping: grouping, TimeZone: zone });
  for (const [key, values] of Object.entries(periodFilters(tokens.filters)))
    for (const value of values) query.append(key, value);
  const call = useQuery({ ...esatStatisticsQuery(query), enabled: !tokens.limitProblem });
  const setGrouping = (next: 'month' | 'year') =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next === 'month') params.delete(GROUPING);
      else params.set(GROUPING, next);
      return params;
    });
  return (
    <Stack gap="md">
      <SearchTokenBar
        definitions={definitions}
        tokens={tokens.tokens}
        onChange={tokens.setTokens}
        options={options}
      />
      {tokens.blocked ? (
        <Text c="dimmed">{tokens.blocked.text}</Text>
      ) : (
        <CallState call={call}>
          {(data) => (
            <Stack gap="md">
              <Figures totals={data.totals} />
              <OverTimeChart
                data={data}
                filters={tokens.filters}
                grouping={grouping}
                onGrouping={setGrouping}
              />
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <ByCenterChart data={data} filters={tokens.filters} />
                <ByQuestionChart data={data} filters={tokens.filters} />
              </SimpleGrid>
            </Stack>
          )}
        </CallState>
      )}
    </Stack>
  );
}
