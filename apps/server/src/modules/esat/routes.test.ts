import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { ESAT_SCORES, type EsatStatistics, type Survey } from '@fleet/contract';
import { auditLog, orders, surveyAnswers, surveys } from '../../db/schema.ts';
import { seedDemoOrders } from '../../demo/seed-orders.ts';
import { seedDemoSurveys } from '../../demo/seed-esat.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { TEST_SEED } from '../../../test/constants.ts';
import { taskFile } from '../../../test/tasks.ts';
import { multipartBody } from '../../../test/uploads.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemoOrders(server.database.db, server.app.media);
  await seedDemoSurveys(server.database.db, TEST_SEED);
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);
const db = () => server.database.db;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

async function statistics(query = '', user = 'esat-stat-viewer'): Promise<EsatStatistics> {
  const answer = await call(user, 'GET', `/api/Esat/Statistics${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const mean = (sum: number, n: number) => (n > 0 ? Math.round((sum / n) * 100) / 100 : null);

/** Counts straight from the tables: surveys and answered ones, scores and their sum, by a key. */
async function directCounts(key: string, where = sql`true`) {
  const keyed = sql.raw(key);
  const surveyRows = await rows<{ key: string; delivered: number; answered: number }>(
    sql`select ${keyed} as key, count(*)::int as delivered, count(answered_at)::int as answered
        from surveys s where ${where} group by 1`,
  );
  const scoreRows = await rows<{ key: string; answers: number; total: number }>(
    sql`select ${keyed} as key, count(*)::int as answers, sum(a.score)::int as total
        from survey_answers a join surveys s on s.id = a.survey_id where ${where} group by 1`,
  );
  const byKey = new Map<
    string,
    { delivered: number; answered: number; answers: number; averageScore: number | null }
  >();
  for (const row of surveyRows)
    byKey.set(String(row.key), {
      delivered: row.delivered,
      answered: row.answered,
      answers: 0,
      averageScore: null,
    });
  for (const row of scoreRows)
    byKey.set(String(row.key), {
      ...byKey.get(String(row.key))!,
      answers: row.answers,
      averageScore: mean(row.total, row.answers),
    });
  return byKey;
}

describe('ESAT statistics', () => {
  it('has a survey for every delivered order, and spreads them over two years', async () => {
    const [delivered] = await db().select({ n: count() }).from(orders).where(eq(orders.status, 'delivered'));
    const [opened] = await db().select({ n: count() }).from(surveys);
    expect(delivered!.n).toBeGreaterThan(100);
    expect(opened!.n).toBe(delivered!.n);
    const stats = await statistics();
    expect(stats.totals.delivered).toBe(delivered!.n);
    expect(stats.overTime.length).toBeGreaterThanOrEqual(23);
    expect(stats.totals.answered).toBeGreaterThan(stats.totals.delivered / 2);
    expect(stats.totals.answered).toBeLessThan(stats.totals.delivered);
  });

  it('counts each aggregate as a direct count of the tables does', async () => {
    const stats = await statistics('?Grouping=month');
    const months = await directCounts(`to_char(s.delivered_at at time zone 'UTC', 'YYYY-MM')`);
    for (const row of stats.overTime) {
      const direct = months.get(row.period) ?? { delivered: 0, answered: 0, answers: 0, averageScore: null };
      expect(row, row.period).toMatchObject(direct);
      expect(row.responseRate).toBe(direct.delivered ? direct.answered / direct.delivered : null);
    }
    expect(stats.overTime.filter((row) => row.delivered > 0).length).toBe(months.size);

    const centers = await directCounts('s.service_center_id');
    expect(stats.byServiceCenter.length).toBe(centers.size);
    for (const row of stats.byServiceCenter)
      expect(row, row.serviceCenter.code).toMatchObject(centers.get(String(row.serviceCenter.id))!);

    const all = (await directCounts(`'all'`)).get('all')!;
    expect(stats.totals).toMatchObject(all);

    const questions = await rows<{
      question: string;
      answers: number;
      total: number;
      s1: number;
      s5: number;
    }>(
      sql`select question_code as question, count(*)::int as answers, sum(score)::int as total,
          count(*) filter (where score = 1)::int as s1, count(*) filter (where score = 5)::int as s5
          from survey_answers group by 1`,
    );
    for (const row of stats.byQuestion) {
      const direct = questions.find((question) => question.question === row.question)!;
      expect(row.answers, row.question).toBe(direct.answers);
      expect(row.averageScore).toBe(mean(direct.total, direct.answers));
      expect([row.scores[0], row.scores[4]]).toEqual([direct.s1, direct.s5]);
      expect(row.scores.reduce((a, b) => a + b, 0)).toBe(row.answers);
    }
  });

  it('groups by year in the asked time zone and filters by period and service center', async () => {
    const years = await statistics('?Grouping=year&TimeZone=Asia/Tokyo');
    const direct = await directCounts(`to_char(s.delivered_at at time zone 'Asia/Tokyo', 'YYYY')`);
    for (const row of years.overTime) expect(row, row.period).toMatchObject(direct.get(row.period)!);

    const center = years.byServiceCenter[0]!.serviceCenter;
    const from = new Date(Date.now() - 365 * 86_400_000).toISOString();
    const to = new Date(Date.now() - 90 * 86_400_000).toISOString();
    const filtered = await statistics(`?ServiceCenter=${center.id}&From=${from}&To=${to}`);
    const where = sql`s.service_center_id = ${center.id} and s.delivered_at >= ${from} and s.delivered_at < ${to}`;
    expect(filtered.totals).toMatchObject((await directCounts(`'all'`, where)).get('all')!);
    expect(filtered.byServiceCenter.map((row) => row.serviceCenter.id)).toEqual([center.id]);

    for (const [query, field] of [
      ['?Grouping=week', 'query.Grouping'],
      ['?TimeZone=Mars/Olympus', 'query.TimeZone'],
      [`?From=${to}&To=${from}`, 'query.From'],
      ['?ServiceCenter=x', 'query.ServiceCenter'],
    ]) {
      const refused = await call('esat-stat-viewer', 'GET', `/api/Esat/Statistics${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().details[0].field).toBe(field);
    }
  });

  it('leaves the statistics to their readers, and external ESAT users their own answers', async () => {
    await statistics('', 'administrator');
    for (const user of ['external-esat', 'customer-engineering-manager', 'support-manager'])
      expect((await call(user, 'GET', '/api/Esat/Statistics')).statusCode, user).toBe(403);

    const all = (await call('esat-stat-viewer', 'GET', '/api/Esat/Answers')).json();
    const [given] = await db().select({ n: count() }).from(surveyAnswers);
    expect(all.totalCount).toBe(given!.n);
    const own = (await call('external-esat', 'GET', '/api/Esat/Answers?PageSize=100')).json();
    const [entered] = await db()
      .select({ n: count() })
      .from(surveyAnswers)
      .innerJoin(surveys, eq(surveys.id, surveyAnswers.surveyId))
      .innerJoin(sql`users u`, sql`u.id = ${surveys.enteredBy} and u.username = 'external-esat'`);
    expect(own.totalCount).toBe(entered!.n);

    // An answered survey another user entered is not theirs to read.
    const [foreign] = await db()
      .update(surveys)
      .set({ enteredBy: null, enteredByName: 'Someone else' })
      .where(sql`${surveys.id} = (select min(id) from surveys where answered_at is not null)`)
      .returning({ id: surveys.id });
    expect((await call('external-esat', 'GET', `/api/Esat/Surveys/${foreign!.id}`)).statusCode).toBe(404);
    expect((await call('esat-stat-viewer', 'GET', `/api/Esat/Surveys/${foreign!.id}`)).statusCode).toBe(200);
    const open = (
      await call('external-esat', 'GET', '/api/Esat/Surveys?Status=unanswered&PageSize=10')
    ).json();
    expect(open.surveys.length).toBeGreaterThan(0);
    expect(open.surveys.every((survey: Survey) => survey.answeredAt === null)).toBe(true);
  });

  it('filters the answers list by center, question, score and period', async () => {
    const stats = await statistics();
    const question = stats.byQuestion[0]!;
    const low = await call(
      'esat-stat-viewer',
      'GET',
      `/api/Esat/Answers?Question=${question.question}&Score=1&Score=2`,
    );
    expect(low.json().totalCount).toBe(question.scores[0]! + question.scores[1]!);
    const center = stats.byServiceCenter[0]!;
    const atCenter = await call(
      'esat-stat-viewer',
      'GET',
      `/api/Esat/Answers?ServiceCenter=${center.serviceCenter.id}`,
    );
    expect(atCenter.json().totalCount).toBe(center.answers);
    const byScore = await call(
      'esat-stat-viewer',
      'GET',
      '/api/Esat/Answers?SortColumnName=Score&SortOrder=ASC',
    );
    const lowest = ESAT_SCORES.find((score) => stats.byQuestion.some((row) => row.scores[score - 1]! > 0));
    expect(byScore.json().answers[0].score).toBe(lowest);
    const refused = await call('esat-stat-viewer', 'GET', '/api/Esat/Answers?Score=6');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].field).toBe('query.Score');
  });
});

describe('ESAT entry', () => {
  async function unansweredOrder(): Promise<Survey> {
    const open = await call('external-esat', 'GET', '/api/Esat/Surveys?Status=unanswered&PageSize=100');
    return (open.json().surveys as Survey[]).at(-1)!;
  }

  it('refuses a bad entry naming the field, writing nothing', async () => {
    const survey = await unansweredOrder();
    const [notDelivered] = await db()
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.status, 'in-service'));
    const good = { orderNumber: survey.orderNumber, answers: [{ question: 'overall', score: 4 }] };
    const cases: [unknown, string][] = [
      [{ ...good, answers: [{ question: 'overall', score: 6 }] }, 'body.answers.0.score'],
      [{ ...good, answers: [{ question: 'overall', score: 0 }] }, 'body.answers.0.score'],
      [{ ...good, answers: [{ question: 'overall', score: 3.5 }] }, 'body.answers.0.score'],
      [{ ...good, answers: [{ question: 'price', score: 3 }] }, 'body.answers.0.question'],
      [
        {
          ...good,
          answers: [
            { question: 'overall', score: 3 },
            { question: 'overall', score: 4 },
          ],
        },
        'body.answers.1.question',
      ],
      [{ ...good, orderNumber: notDelivered!.number }, 'body.orderNumber'],
      [{ ...good, orderNumber: 'FC-1999-000001' }, 'body.orderNumber'],
      [{ ...good, answeredOn: '2000-01-01' }, 'body.answeredOn'],
      [{ ...good, answeredOn: '2999-01-01' }, 'body.answeredOn'],
      [{ ...good, answers: [] }, 'body.answers'],
    ];
    for (const [body, field] of cases) {
      const refused = await call('external-esat', 'POST', '/api/Esat/Answers', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
    const ruleOf = async (answeredOn: string) =>
      (await call('external-esat', 'POST', '/api/Esat/Answers', { ...good, answeredOn }))
        .json()
        .details.find((detail: { field: string }) => detail.field === 'body.answeredOn')?.rule;
    expect(await ruleOf('2999-01-01')).toEqual({ kind: 'future' });
    expect(await ruleOf('2000-01-01')).toEqual({
      kind: 'too_early',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const [row] = await db().select().from(surveys).where(eq(surveys.id, survey.id));
    expect(row!.answeredAt).toBeNull();
    expect((await call('esat-stat-viewer', 'POST', '/api/Esat/Answers', good)).statusCode).toBe(403);
  });

  it('enters a survey once, audited, and answers 409 the second time', async () => {
    const survey = await unansweredOrder();
    const body = {
      orderNumber: survey.orderNumber,
      answers: [
        { question: 'overall', score: 5 },
        { question: 'turnaround', score: 2 },
      ],
      comment: 'Good, but slow.',
    };
    const entered = await call('external-esat', 'POST', '/api/Esat/Answers', body);
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json()).toMatchObject({
      id: survey.id,
      source: 'entered',
      averageScore: 3.5,
      comment: 'Good, but slow.',
      answers: [
        { question: 'overall', score: 5 },
        { question: 'turnaround', score: 2 },
      ],
    });
    expect(new Date(entered.json().answeredAt).getTime()).toBeGreaterThanOrEqual(
      new Date(survey.deliveredAt).getTime(),
    );
    const again = await call('administrator', 'POST', '/api/Esat/Answers', body);
    expect(again.statusCode).toBe(409);
    const audit = await db()
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'survey'), eq(auditLog.subjectId, String(survey.id))));
    expect(audit).toEqual([
      {
        action: 'survey.answered',
        details: expect.objectContaining({
          orderNumber: survey.orderNumber,
          scores: { overall: 5, turnaround: 2 },
        }),
      },
    ]);
    // The user who entered it reads it.
    expect((await call('external-esat', 'GET', `/api/Esat/Surveys/${survey.id}`)).statusCode).toBe(200);
  });
});

describe('ESAT import and export', () => {
  const upload = async (user: string, bytes: Buffer) => {
    const { payload, headers } = multipartBody({}, [{ name: 'results.csv', bytes }]);
    return server.app.inject({
      method: 'POST',
      url: '/api/Esat/Import/Preview',
      headers: { ...headers, authorization: `Bearer ${await server.tokenFor(user)}` },
      payload,
    });
  };
  const answeredCount = async () =>
    (await db().select({ n: count() }).from(surveys).where(isNotNull(surveys.answeredAt)))[0]!.n;

  it('previews a file row by row, and imports all rows or none', async () => {
    const open = (
      await call('administrator', 'GET', '/api/Esat/Surveys?Status=unanswered&PageSize=10')
    ).json();
    const [first, second, third] = open.surveys as Survey[];
    const [answered] = (
      await call('administrator', 'GET', '/api/Esat/Surveys?Status=answered&PageSize=10')
    ).json().surveys as Survey[];
    const file = Buffer.from(
      [
        'Order Number;Answered On;Overall;Quality;Comment',
        `${first!.orderNumber};;5;4;Fine`,
        `${second!.orderNumber};;7;;`,
        `${answered!.orderNumber};;3;3;`,
      ].join('\r\n'),
    );
    const before = await answeredCount();
    const preview = await upload('external-esat', file);
    expect(preview.statusCode, preview.body).toBe(200);
    const { columns, rows } = preview.json();
    expect(columns).toEqual(['orderNumber', 'answeredOn', 'overall', 'quality', 'comment']);
    expect(rows[0]).toMatchObject({ line: 2, surveyId: first!.id, errors: [] });
    expect(rows[1].errors).toEqual([
      { column: 'overall', message: 'must be a whole number from 1 to 5', rule: { kind: 'choice' } },
    ]);
    expect(rows[2].errors).toEqual([
      { column: 'orderNumber', message: 'has its survey answered already', rule: { kind: 'taken' } },
    ]);

    const { draft } = preview.json();
    const refused = await call('external-esat', 'POST', '/api/Esat/Import', { draft });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'rows.3.overall', message: 'must be a whole number from 1 to 5', rule: { kind: 'choice' } },
      { field: 'rows.4.orderNumber', message: 'has its survey answered already', rule: { kind: 'taken' } },
    ]);
    expect(await answeredCount()).toBe(before);

    // The answered survey's row is changed to a third open one.
    const changes = [
      { line: 3, values: { ...rows[1].values, overall: '2' } },
      { line: 4, values: { ...rows[2].values, orderNumber: third!.orderNumber } },
    ];
    const imported = await call('external-esat', 'POST', '/api/Esat/Import', { draft, changes });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 3 });
    expect(await answeredCount()).toBe(before + 3);
    const survey = (await call('external-esat', 'GET', `/api/Esat/Surveys/${first!.id}`)).json();
    expect(survey).toMatchObject({
      source: 'imported',
      comment: 'Fine',
      answers: [
        { question: 'overall', score: 5 },
        { question: 'quality', score: 4 },
      ],
    });
    const [audit] = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'survey'), eq(auditLog.subjectId, String(first!.id))));
    expect(audit!.action).toBe('survey.imported');

    const unknownColumn = await upload('external-esat', Buffer.from('orderNumber,price\r\nFC-1,3\r\n'));
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json().details[0].field).toBe('body.file');
    expect((await upload('esat-stat-viewer', file)).statusCode).toBe(403);
  });

  it('exports the answers list as a task, a row per score', async () => {
    const stats = await statistics();
    const center = stats.byServiceCenter[0]!;
    const asked = await call('administrator', 'POST', '/api/Esat/Answers/Export', {
      ExportDescription: 'ESAT answers',
      ExportType: 'CSV',
      Filters: { ServiceCenter: String(center.serviceCenter.id), Score: ['4', '5'] },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { file } = await taskFile(server, 'administrator', asked.json().requestId);
    const records = parse(file.toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
    const list = (
      await call(
        'administrator',
        'GET',
        `/api/Esat/Answers?ServiceCenter=${center.serviceCenter.id}&Score=4&Score=5`,
      )
    ).json();
    expect(records.length).toBe(list.totalCount);
    expect(records.every((record) => ['4', '5'].includes(record.score!))).toBe(true);
    expect(new Set(records.map((record) => record.serviceCenter))).toEqual(
      new Set([center.serviceCenter.name]),
    );

    const badFilter = await call('administrator', 'POST', '/api/Esat/Answers/Export', {
      ExportDescription: 'ESAT answers',
      ExportType: 'CSV',
      Filters: { Colour: 'red' },
    });
    expect(badFilter.statusCode).toBe(400);
    // ESAT stat viewers are partners without a task list to collect the file from.
    const viewer = await call('esat-stat-viewer', 'POST', '/api/Esat/Answers/Export', {
      ExportDescription: 'ESAT answers',
      ExportType: 'CSV',
    });
    expect(viewer.statusCode).toBe(403);
  });
});
