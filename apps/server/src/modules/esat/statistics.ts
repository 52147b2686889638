import { and, asc, count, eq, sql, sum, type SQL } from 'drizzle-orm';
import {
  ESAT_GROUPINGS,
  ESAT_SCORES,
  esatPeriods,
  esatRates,
  isKnownTimeZone,
  type EsatGrouping,
  type EsatStatistics,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { serviceCenters, surveyAnswers, surveyQuestions, surveys } from '../../db/schema.ts';
import { ListQuery, type QueryParameter, type RawQuery } from '../../lib/list-request.ts';
import { CENTER_FILTER, PERIOD_FILTERS, deliveryConditions } from './queries.ts';

export const STATISTICS_QUERY: readonly QueryParameter[] = [
  {
    name: 'Grouping',
    description: 'month (default) or year: how deliveries are grouped over time.',
    values: ESAT_GROUPINGS,
  },
  {
    name: 'TimeZone',
    description: 'The IANA time zone whose months and years group the deliveries (default UTC).',
  },
  CENTER_FILTER,
  ...PERIOD_FILTERS,
];

interface Sums {
  delivered: number;
  answered: number;
  answers: number;
  scoreSum: number;
}
const NONE: Sums = { delivered: 0, answered: 0, answers: 0, scoreSum: 0 };

/** Adds counts of surveys and of scores by key. */
function merge<K>(
  surveyCounts: readonly { key: K; delivered: number; answered: number }[],
  scoreCounts: readonly { key: K; answers: number; scoreSum: string | null }[],
): Map<K, Sums> {
  const byKey = new Map<K, Sums>();
  for (const row of surveyCounts)
    byKey.set(row.key, { ...NONE, delivered: row.delivered, answered: row.answered });
  for (const row of scoreCounts) {
    const sums = byKey.get(row.key) ?? { ...NONE };
    byKey.set(row.key, { ...sums, answers: row.answers, scoreSum: Number(row.scoreSum ?? 0) });
  }
  return byKey;
}

/**
 * The statistics of the surveys of the orders delivered in the period at these centers, computed by the
 * database (docs/insights.md "Statistics"): the response rate and mean score overall, per month or year of
 * delivery (in the user's zone), per service center and per question.
 */
export async function esatStatistics(db: Db, raw: RawQuery): Promise<EsatStatistics> {
  const query = new ListQuery(raw, STATISTICS_QUERY);
  const grouping: EsatGrouping = query.choices('Grouping', ESAT_GROUPINGS)[0] ?? 'month';
  const zone = query.one('TimeZone') ?? 'UTC';
  if (zone.length > 64 || !isKnownTimeZone(zone)) query.problem('TimeZone', 'must be an IANA time zone');
  const where = and(...deliveryConditions(query));
  query.check();

  const format = grouping === 'month' ? 'YYYY-MM' : 'YYYY';
  const period = sql<string>`to_char(${surveys.deliveredAt} at time zone ${zone}, ${format})`;
  const surveyCounts = {
    delivered: count(),
    answered: count(surveys.answeredAt),
  };
  const scoreCounts = { answers: count(), scoreSum: sum(surveyAnswers.score) };
  const scored = <K>(key: SQL<K> | typeof surveys.serviceCenterId) =>
    db
      .select({ key: key as SQL<K>, ...scoreCounts })
      .from(surveyAnswers)
      .innerJoin(surveys, eq(surveys.id, surveyAnswers.surveyId))
      .where(where)
      // By position: a key with parameters (the zone) is another expression each time it is written.
      .groupBy(sql`1`);

  const [timeSurveys, timeScores, centerSurveys, centerScores, centers, questions] = await Promise.all([
    db
      .select({ key: period, ...surveyCounts })
      .from(surveys)
      .where(where)
      .groupBy(sql`1`),
    scored(period),
    db
      .select({ key: surveys.serviceCenterId, ...surveyCounts })
      .from(surveys)
      .where(where)
      .groupBy(surveys.serviceCenterId),
    scored<number>(surveys.serviceCenterId),
    db
      .select({ id: serviceCenters.id, code: serviceCenters.code, name: serviceCenters.name })
      .from(serviceCenters)
      .orderBy(asc(serviceCenters.name)),
    byQuestion(db, where),
  ]);

  const byPeriod = merge(timeSurveys, timeScores);
  const keys = [...byPeriod.keys()].sort();
  const overTime = keys.length
    ? esatPeriods(keys[0]!, keys[keys.length - 1]!, grouping).map((key) => ({
        period: key,
        ...esatRates(byPeriod.get(key) ?? NONE),
      }))
    : [];
  const byCenter = merge(centerSurveys, centerScores);
  const totals = [...byPeriod.values()].reduce(
    (all, sums) => ({
      delivered: all.delivered + sums.delivered,
      answered: all.answered + sums.answered,
      answers: all.answers + sums.answers,
      scoreSum: all.scoreSum + sums.scoreSum,
    }),
    NONE,
  );
  return {
    grouping,
    totals: esatRates(totals),
    overTime,
    byServiceCenter: centers
      .filter((center) => byCenter.has(center.id))
      .map((center) => ({ serviceCenter: center, ...esatRates(byCenter.get(center.id)!) })),
    byQuestion: questions,
  };
}

/** Per question asked (and any retired one still answered): its scores counted 1 to 5 and their mean. */
async function byQuestion(db: Db, where: SQL | undefined): Promise<EsatStatistics['byQuestion']> {
  const given = db
    .select({ question: surveyAnswers.questionCode, score: surveyAnswers.score })
    .from(surveyAnswers)
    .innerJoin(surveys, eq(surveys.id, surveyAnswers.surveyId))
    .where(where)
    .as('given');
  const scoreCount = (score: number) =>
    sql<number>`count(*) filter (where ${given.score} = ${score})`.mapWith(Number);
  const rows = await db
    .select({
      question: surveyQuestions.code,
      active: surveyQuestions.active,
      answers: count(given.score),
      scoreSum: sum(given.score),
      scores: sql<number[]>`array[${sql.join(
        ESAT_SCORES.map((score) => scoreCount(score)),
        sql`, `,
      )}]::int[]`,
    })
    .from(surveyQuestions)
    .leftJoin(given, eq(given.question, surveyQuestions.code))
    .groupBy(surveyQuestions.code, surveyQuestions.active, surveyQuestions.position)
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.code));
  return rows
    .filter((row) => row.active || row.answers > 0)
    .map((row) => ({
      question: row.question,
      answers: row.answers,
      averageScore: esatRates({ ...NONE, answers: row.answers, scoreSum: Number(row.scoreSum ?? 0) })
        .averageScore,
      scores: row.scores.map(Number),
    }));
}
