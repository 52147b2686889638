import { asc, eq, inArray, sql } from 'drizzle-orm';
import { dateOnly, type EsatEntryBody, type EsatSource, type Survey } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { orders, surveyAnswers, surveyQuestions, surveys } from '../../db/schema.ts';
import { conflict, invalid, type FieldProblem } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { recordAudits } from '../audit/service.ts';
import { getSurvey } from './service.ts';

const DAY_MS = 86_400_000;

/** The codes of the questions asked now, in their order. */
export async function activeQuestionCodes(db: Db): Promise<string[]> {
  const rows = await db
    .select({ code: surveyQuestions.code })
    .from(surveyQuestions)
    .where(eq(surveyQuestions.active, true))
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.code));
  return rows.map((row) => row.code);
}

/** Each order of these numbers with its survey (none until delivered). */
export async function ordersByNumber(db: Db, numbers: readonly string[]) {
  if (numbers.length === 0) return new Map<string, OrderWithSurvey>();
  const rows = await db
    .select({
      number: orders.number,
      status: orders.status,
      surveyId: surveys.id,
      deliveredAt: surveys.deliveredAt,
      answeredAt: surveys.answeredAt,
    })
    .from(orders)
    .leftJoin(surveys, eq(surveys.orderId, orders.id))
    .where(inArray(orders.number, [...numbers]));
  return new Map(rows.map((row) => [row.number, row]));
}
export type OrderWithSurvey = {
  number: string;
  status: string;
  surveyId: number | null;
  deliveredAt: Date | null;
  answeredAt: Date | null;
};

/** What stops an order's survey from being answered: no such order, not delivered, answered already. */
export function orderProblem(order: OrderWithSurvey | undefined): string | null {
  if (!order) return 'is not an order';
  if (order.status !== 'delivered' || order.surveyId === null)
    return `is not a delivered order (it is ${order.status})`;
  return null;
}

/**
 * The day the customer answered, checked against the delivery and today (a day's slack each side: the
 * user's own day may be another one in UTC); the instant kept is within the delivery and now.
 */
export function answeredAtOf(
  answeredOn: string | undefined,
  deliveredAt: Date,
  now: Date,
): { at: Date; problem: Omit<FieldProblem, 'field'> | null } {
  if (answeredOn === undefined) return { at: now, problem: null };
  if (answeredOn > dateOnly(new Date(now.getTime() + DAY_MS)))
    return { at: now, problem: { message: 'must not be after today', rule: { kind: 'future' } } };
  const first = dateOnly(new Date(deliveredAt.getTime() - DAY_MS));
  if (answeredOn < first)
    return {
      at: now,
      problem: {
        message: `must not be before the delivery (${dateOnly(deliveredAt)})`,
        rule: { kind: 'too_early', date: first },
      },
    };
  const noon = new Date(`${answeredOn}T12:00:00.000Z`);
  const at = new Date(Math.min(now.getTime(), Math.max(deliveredAt.getTime(), noon.getTime())));
  return { at, problem: null };
}

/** Problems of the scores: a question not asked, one answered twice; `field` is their list's name. */
export function scoreProblems(
  answers: readonly { question: string }[],
  questionCodes: readonly string[],
  field: string,
): FieldProblem[] {
  return answers.flatMap((answer, index): FieldProblem[] => {
    if (!questionCodes.includes(answer.question))
      return [
        {
          field: `${field}.${index}.question`,
          message: 'is not a question of the survey',
          rule: { kind: 'unknown' },
        },
      ];
    if (answers.findIndex((other) => other.question === answer.question) !== index)
      return [{ field: `${field}.${index}.question`, message: 'is answered twice', rule: { kind: 'taken' } }];
    return [];
  });
}

export interface SurveyAnswers {
  answeredAt: Date;
  comment: string | null;
  answers: readonly { question: string; score: number }[];
}

/**
 * Answers surveys (one entry, or the rows of an import), inside the caller's transaction: each survey is
 * locked and must still be open, then answered with its scores and its audit entry, in a few statements
 * for all of them.
 */
export async function writeAnswers(
  tx: Db,
  user: SignedInUser,
  entries: readonly { surveyId: number; written: SurveyAnswers & { orderNumber: string } }[],
  source: EsatSource,
): Promise<void> {
  for (const batch of chunksOf(entries)) {
    const ids = batch.map((entry) => entry.surveyId);
    const locked = await tx
      .select({ id: surveys.id, answeredAt: surveys.answeredAt })
      .from(surveys)
      .where(inArray(surveys.id, ids))
      .for('update');
    const answered = new Set(locked.filter((row) => row.answeredAt).map((row) => row.id));
    const taken = batch.find((entry) => answered.has(entry.surveyId));
    if (taken) throw conflict(`The survey of order ${taken.written.orderNumber} is answered already`);
    const rows = sql.join(
      batch.map(
        ({ surveyId, written }) =>
          sql`(${surveyId}::int, ${written.answeredAt.toISOString()}::timestamptz, ${written.comment}::text)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${surveys} set answered_at = v.answered_at, comment = v.comment, entered_by = ${user.id},
        entered_by_name = ${user.name}, source = ${source}
      from (values ${rows}) as v(id, answered_at, comment) where ${surveys.id} = v.id`);
    const scores = batch.flatMap(({ surveyId, written }) =>
      written.answers.map((answer) => ({ surveyId, questionCode: answer.question, score: answer.score })),
    );
    for (const part of chunksOf(scores)) await tx.insert(surveyAnswers).values(part);
    await recordAudits(
      tx,
      user,
      batch.map(({ surveyId, written }) => ({
        action: source === 'imported' ? 'survey.imported' : 'survey.answered',
        subjectType: 'survey',
        subjectId: String(surveyId),
        details: {
          orderNumber: written.orderNumber,
          answeredAt: written.answeredAt.toISOString(),
          scores: Object.fromEntries(written.answers.map((answer) => [answer.question, answer.score])),
        },
      })),
    );
  }
}

/**
 * Enters a delivered order's survey answers (docs/insights.md "Statistics"): every problem of the body a
 * 400 naming its field, a survey answered already a 409, otherwise one transaction with its audit entry.
 */
export async function answerSurvey(db: Db, user: SignedInUser, body: EsatEntryBody): Promise<Survey> {
  const now = new Date();
  const [questionCodes, found] = await Promise.all([
    activeQuestionCodes(db),
    ordersByNumber(db, [body.orderNumber]),
  ]);
  const order = found.get(body.orderNumber);
  const problems = scoreProblems(body.answers, questionCodes, 'body.answers');
  const wrongOrder = orderProblem(order);
  if (wrongOrder)
    problems.unshift({
      field: 'body.orderNumber',
      message: wrongOrder,
      rule: { kind: order ? 'unavailable' : 'unknown' },
    });
  const answered = order?.deliveredAt ? answeredAtOf(body.answeredOn, order.deliveredAt, now) : null;
  if (answered?.problem) problems.push({ field: 'body.answeredOn', ...answered.problem });
  if (problems.length > 0) throw invalid(problems);
  const surveyId = order!.surveyId!;
  const written = {
    orderNumber: body.orderNumber,
    answeredAt: answered!.at,
    comment: body.comment || null,
    answers: body.answers,
  };
  await db.transaction((tx) => writeAnswers(tx, user, [{ surveyId, written }], 'entered'));
  return getSurvey(db, user, surveyId);
}
