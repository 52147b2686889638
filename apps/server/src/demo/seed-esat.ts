import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { CURRENT_TERMS_VERSION, type OrderAddress, type OrderStatus } from '@fleet/contract';
import { nextDocumentNumber } from '../modules/commerce/orders/numbering.ts';
import type { Db } from '../db/client.ts';
import { groupedBy } from '../lib/grouped.ts';
import { derivedSeed } from '@fleet/device-kit/demo-fleet';
import { SeededRandom } from '@fleet/device-kit/random';
import * as t from '../db/schema.ts';

/**
 * The demo's customer-satisfaction history (docs/insights.md "Statistics"): two years of delivered
 * calibration orders (their lines and timeline, without invoices: history from before the console) and
 * the surveys of every delivered order, about two in three answered, so that the statistics have months
 * to show. Written once; the same seed gives the same history, counted back from the day it is written.
 */

const MONTHS = 24;
const DAY_MS = 86_400_000;
const SEED_KEY = 'esat-demo';

interface HistoryCompany {
  code: string;
  currency: 'EUR' | 'USD';
  centers: readonly string[];
  city: string;
  weight: number;
}
const COMPANIES: readonly HistoryCompany[] = [
  { code: 'DEMO-CUSTOMER', currency: 'EUR', centers: ['LYON', 'BIRMINGHAM'], city: 'Lyon', weight: 5 },
  { code: 'AUTOHAUS-KELLER', currency: 'EUR', centers: ['LYON', 'BIRMINGHAM'], city: 'Stuttgart', weight: 4 },
  { code: 'TALLERES-GARCIA', currency: 'EUR', centers: ['LYON'], city: 'Valencia', weight: 2 },
  { code: 'OFICINA-SILVA', currency: 'EUR', centers: ['LYON'], city: 'Porto', weight: 2 },
  { code: 'RAPIDTIRE', currency: 'USD', centers: ['COLUMBUS'], city: 'Dayton', weight: 5 },
  { code: 'MAPLE-FLEET', currency: 'USD', centers: ['COLUMBUS'], city: 'Toronto', weight: 3 },
];
const SHIPPING_MINOR = { EUR: 1800, USD: 1500 };

/** How each center is rated: a base score, and what moves it over the months (0 = oldest). */
const CENTER_SCORE: Record<string, (month: number) => number> = {
  LYON: () => 4.3,
  // A slow season at Birmingham, eight to twelve months back, then better.
  BIRMINGHAM: (month) => (month >= 12 && month <= 16 ? 3.1 : 3.8),
  // Columbus improves steadily.
  COLUMBUS: (month) => 3.3 + (1.1 * month) / MONTHS,
};
const QUESTION_OFFSET: Record<string, number> = {
  overall: 0,
  communication: -0.1,
  turnaround: -0.4,
  quality: 0.25,
  recommend: 0.05,
};
const COMMENTS = {
  high: [
    'Quick turnaround and a clear certificate.',
    'The devices came back well packed and on time.',
    'Friendly staff, everything as promised.',
    'Very good service, we will send the other testers too.',
  ],
  mid: [
    'Good work, but the pick-up date moved twice.',
    'Fine overall; the invoice came before the devices.',
    'Calibration fine, the tracking was hard to follow.',
  ],
  low: [
    'It took three weeks longer than announced.',
    'Nobody answered our emails while the devices were away.',
    'One tester came back with a scratched screen.',
  ],
};

/** Order timeline steps after the order is placed: action, status, days after placing. */
const TIMELINE: readonly [string, OrderStatus, number][] = [
  ['recordPayment', 'paid', 2],
  ['schedulePickup', 'pickup-scheduled', 3],
  ['receive', 'received', 5],
  ['startService', 'in-service', 6],
  ['ship', 'shipped', 9],
];

async function userName(db: Db, username: string, fallback: string) {
  const [user] = await db
    .select({ id: t.users.id, name: t.users.name })
    .from(t.users)
    .where(eq(t.users.username, username));
  return user ?? { id: null, name: fallback };
}

/** Activated devices of the history's companies, by company code, with their calibration prices. */
async function devicesByCompany(db: Db) {
  const rows = await db
    .select({ code: t.companies.code, serialNumber: t.series.serialNumber, deviceType: t.series.deviceType })
    .from(t.series)
    .innerJoin(t.companies, eq(t.companies.id, t.series.companyId))
    .where(
      and(
        inArray(
          t.companies.code,
          COMPANIES.map((company) => company.code),
        ),
        isNotNull(t.series.activationDate),
      ),
    )
    .orderBy(asc(t.series.serialNumber));
  return groupedBy(
    rows,
    (row) => row.code,
    ({ code: _code, ...device }) => device,
  );
}

async function pricesByType(db: Db) {
  const rows = await db
    .select({
      skuId: t.skus.id,
      code: t.skus.code,
      name: t.skus.name,
      deviceType: t.skus.deviceType,
      currency: t.skuPrices.currency,
      amountMinor: t.skuPrices.amountMinor,
    })
    .from(t.skus)
    .innerJoin(t.skuPrices, eq(t.skuPrices.skuId, t.skus.id));
  return (deviceType: string, currency: string) =>
    rows.find(
      (row) => row.currency === currency && row.deviceType === deviceType && row.code.startsWith('CAL-'),
    ) ?? rows.find((row) => row.currency === currency && row.code === 'CAL-ANY')!;
}

type Line = Omit<typeof t.orderLines.$inferInsert, 'orderId' | 'id'>;

function addressOf(company: { name: string; country: string }, city: string): OrderAddress {
  return {
    organization: company.name,
    addressLines: ['Workshop entrance'],
    locality: city,
    regionCode: company.country,
  };
}

/** The delivered orders of the months back, each with its lines and timeline; their ids and companies. */
async function seedHistoricalOrders(db: Db, random: SeededRandom, now: Date) {
  const companies = await db
    .select({
      id: t.companies.id,
      code: t.companies.code,
      name: t.companies.name,
      country: t.companies.country,
    })
    .from(t.companies)
    .where(
      inArray(
        t.companies.code,
        COMPANIES.map((company) => company.code),
      ),
    );
  const centers = await db.select().from(t.serviceCenters);
  const devices = await devicesByCompany(db);
  const price = await pricesByType(db);
  const customer = await userName(db, 'customer-engineering-user', 'Customer service desk');
  const staff = await userName(db, 'support-manager', 'Fleet Instruments service');
  const wanted = COMPANIES.filter((company) => companies.some((row) => row.code === company.code));
  let placed = 0;
  for (let month = 0; month < MONTHS && wanted.length > 0; month++) {
    const count = random.int(10, 16);
    for (let index = 0; index < count; index++) {
      const plan = random.weighted(wanted.map((company) => [company, company.weight] as const));
      const company = companies.find((row) => row.code === plan.code)!;
      const center = centers.find((row) => row.code === random.pick(plan.centers));
      const own = (devices.get(plan.code) ?? []).filter((device) =>
        center?.deviceTypes.includes(device.deviceType),
      );
      if (!center || own.length === 0) continue;
      const deliveredAt = new Date(
        now.getTime() -
          (MONTHS - month) * 30.4 * DAY_MS +
          random.int(0, 29) * DAY_MS +
          random.int(8, 17) * 3_600_000,
      );
      if (deliveredAt.getTime() > now.getTime() - 3 * DAY_MS) continue;
      const createdAt = new Date(deliveredAt.getTime() - random.int(11, 16) * DAY_MS);
      const chosen = [...new Set(Array.from({ length: random.int(1, 3) }, () => random.pick(own)))];
      const lines = chosen.map((device, position): Line => {
        const sku = price(device.deviceType, plan.currency);
        return {
          position,
          kind: 'calibration',
          skuId: sku.skuId,
          skuCode: sku.code,
          description: sku.name,
          serialNumber: device.serialNumber,
          deviceType: device.deviceType,
          quantity: 1,
          unitAmountMinor: sku.amountMinor,
          amountMinor: sku.amountMinor,
        };
      });
      lines.push({
        position: lines.length,
        kind: 'shipping',
        skuId: null,
        skuCode: null,
        description: 'Pick-up and return (Fleet Sandbox Carrier)',
        serialNumber: null,
        deviceType: null,
        quantity: 2,
        unitAmountMinor: SHIPPING_MINOR[plan.currency],
        amountMinor: 2 * SHIPPING_MINOR[plan.currency],
      });
      const address = addressOf(company, plan.city);
      const [order] = await db
        .insert(t.orders)
        .values({
          number: await nextDocumentNumber(db, 'order', createdAt),
          companyId: company.id,
          createdById: null,
          createdByName: customer.name,
          status: 'delivered',
          currency: plan.currency,
          paymentMethodType: 'bank-transfer',
          serviceCenterId: center.id,
          pickupAddress: address,
          billingAddress: address,
          totalMinor: lines.reduce((sum, line) => sum + line.amountMinor, 0),
          acceptedTermsVersion: CURRENT_TERMS_VERSION,
          createdAt,
          updatedAt: deliveredAt,
        })
        .returning({ id: t.orders.id });
      const orderId = order!.id;
      await db.insert(t.orderLines).values(lines.map((line) => ({ ...line, orderId })));
      await db.insert(t.orderEvents).values([
        { orderId, at: createdAt, action: 'create', status: 'awaiting-payment', actorName: customer.name },
        ...TIMELINE.map(([action, status, days]) => ({
          orderId,
          at: new Date(createdAt.getTime() + days * DAY_MS),
          action,
          status,
          actorName: staff.name,
        })),
        { orderId, at: deliveredAt, action: 'deliver', status: 'delivered', actorName: staff.name },
      ]);
      await db
        .insert(t.surveys)
        .values({ orderId, companyId: company.id, serviceCenterId: center.id, deliveredAt });
      placed++;
    }
  }
  return placed;
}

function scoreOf(random: SeededRandom, base: number): number {
  const noise = random.next() + random.next() - 1;
  return Math.min(5, Math.max(1, Math.round(base + noise * 1.4)));
}

/** Answers about two in three surveys delivered more than ten days ago, as the ESAT agency entered them. */
async function answerSurveys(db: Db, random: SeededRandom, now: Date) {
  const agency = await userName(db, 'external-esat', 'ESAT agency');
  const questions = await db
    .select({ code: t.surveyQuestions.code })
    .from(t.surveyQuestions)
    .where(eq(t.surveyQuestions.active, true))
    .orderBy(asc(t.surveyQuestions.position));
  const open = await db
    .select({ id: t.surveys.id, deliveredAt: t.surveys.deliveredAt, center: t.serviceCenters.code })
    .from(t.surveys)
    .innerJoin(t.serviceCenters, eq(t.serviceCenters.id, t.surveys.serviceCenterId))
    .where(isNull(t.surveys.answeredAt))
    .orderBy(asc(t.surveys.id));
  const first = Math.min(...open.map((survey) => survey.deliveredAt.getTime()));
  let answered = 0;
  for (const survey of open) {
    const age = (now.getTime() - survey.deliveredAt.getTime()) / DAY_MS;
    if (age < 10 || !random.chance(0.68)) continue;
    const month = Math.floor(
      ((survey.deliveredAt.getTime() - first) / (now.getTime() - first || 1)) * MONTHS,
    );
    const base = (CENTER_SCORE[survey.center] ?? (() => 4))(month);
    const scores = questions
      .filter((question, index) => index === 0 || random.chance(0.92))
      .map((question) => ({
        surveyId: survey.id,
        questionCode: question.code,
        score: scoreOf(random, base + (QUESTION_OFFSET[question.code] ?? 0)),
      }));
    const mean = scores.reduce((sum, score) => sum + score.score, 0) / scores.length;
    const pool = mean >= 4 ? COMMENTS.high : mean >= 3 ? COMMENTS.mid : COMMENTS.low;
    const answeredAt = new Date(
      Math.min(
        now.getTime(),
        survey.deliveredAt.getTime() + random.int(1, 20) * DAY_MS + random.int(0, 600) * 60_000,
      ),
    );
    await db
      .update(t.surveys)
      .set({
        answeredAt,
        comment: random.chance(0.4) ? random.pick(pool) : null,
        enteredBy: agency.id,
        enteredByName: agency.name,
        source: random.chance(0.25) ? 'imported' : 'entered',
      })
      .where(eq(t.surveys.id, survey.id));
    await db.insert(t.surveyAnswers).values(scores);
    answered++;
  }
  return answered;
}

/** Writes the history once (after the demo's own orders); answers how many orders it placed. */
export async function seedDemoSurveys(db: Db, seed: number, now: Date = new Date()): Promise<number> {
  const [done] = await db.select().from(t.meta).where(eq(t.meta.key, SEED_KEY));
  if (done) return 0;
  const random = new SeededRandom(derivedSeed(seed, SEED_KEY, 0));
  return db.transaction(async (tx) => {
    const placed = await seedHistoricalOrders(tx, random, now);
    const answered = await answerSurveys(tx, random, now);
    await tx.insert(t.meta).values({ key: SEED_KEY, value: { placed, answered, at: now.toISOString() } });
    return placed;
  });
}
