import { and, asc, count, eq, gt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, orders, surveyAnswers, surveys } from '../../db/schema.ts';
import type { Cell } from '../../lib/export-writers/writer.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { exportFilterQuery, type ExportFilters, type ListExportSource } from '../tasks/list-export.ts';
import { surveyJoins } from './queries.ts';
import { ANSWER_FILTERS, answerListConditions, answerRowOf, answerRows, type AnswerRow } from './service.ts';

const BATCH = 1000;

function answersWhere(user: SignedInUser, filters: ExportFilters): SQL | undefined {
  const query = exportFilterQuery(filters, ANSWER_FILTERS);
  const where = answerListConditions(user, query);
  query.check();
  return where;
}

/** The answers list's export: a row per score, by survey then question, read by keyset. */
export const esatAnswersExportSource: ListExportSource = {
  kind: 'esat-answers-export',
  headers: [
    'order',
    'company',
    'serviceCenter',
    'deliveredAt',
    'answeredAt',
    'question',
    'score',
    'comment',
    'source',
  ],
  check: (user, filters) => void answersWhere(user, filters),
  async count(db: Db, user, filters) {
    const [row] = await db
      .select({ n: count() })
      .from(surveyAnswers)
      .innerJoin(surveys, eq(surveys.id, surveyAnswers.surveyId))
      .innerJoin(orders, surveyJoins.order)
      .innerJoin(companies, surveyJoins.company)
      .where(answersWhere(user, filters));
    return row?.n ?? 0;
  },
  async *batches(db: Db, user, filters) {
    const where = answersWhere(user, filters);
    let after: { surveyId: number; question: string } | null = null;
    for (;;) {
      const next: SQL | undefined = after
        ? or(
            gt(surveyAnswers.surveyId, after.surveyId),
            and(eq(surveyAnswers.surveyId, after.surveyId), gt(surveyAnswers.questionCode, after.question)),
          )
        : undefined;
      const rows: AnswerRow[] = await answerRows(db)
        .where(and(where, next))
        .orderBy(asc(surveyAnswers.surveyId), asc(surveyAnswers.questionCode))
        .limit(BATCH);
      if (rows.length === 0) return;
      yield rows
        .map(answerRowOf)
        .map((answer): Cell[] => [
          answer.orderNumber,
          answer.company.name,
          answer.serviceCenter.name,
          new Date(answer.deliveredAt),
          new Date(answer.answeredAt),
          answer.question,
          answer.score,
          answer.comment,
          answer.source,
        ]);
      if (rows.length < BATCH) return;
      const last: AnswerRow = rows[rows.length - 1]!;
      after = { surveyId: last.id, question: last.question };
    }
  },
};
