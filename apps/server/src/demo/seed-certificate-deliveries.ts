import { inArray } from 'drizzle-orm';
import type { DeliveryEmailState, RoleCode } from '@fleet/contract';
import type { SeededRandom } from '@fleet/device-kit/random';
import { deliverable, deliveryCandidates } from '../modules/certificates/deliveries.ts';
import type { MediaStorage } from '../lib/media-storage.ts';
import type { SignedInUser } from '../lib/signed-in-user.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { AuditRow, HistoryEntry } from './audit-history.ts';
import { drawDistinct } from './draw.ts';

/**
 * The demo's certificate deliveries (demo/seed-certificates.ts), recorded as `createDelivery` records them,
 * in each e-mail state: sent, refused by the mail server, not sent as e-mail was off.
 */

const DAY = 86_400_000;

interface DeliveryPlan {
  company: string;
  daysAgo: number;
  by: RoleCode;
  recipients: string[];
  language: string;
  message: string | null;
  email: DeliveryEmailState;
  emailError?: string;
}

export const DELIVERIES: readonly DeliveryPlan[] = [
  {
    company: 'AUTOHAUS-KELLER',
    daysAgo: 16.2,
    by: 'support-manager',
    recipients: ['werkstatt@autohaus-keller.example', 'qualitaet@autohaus-keller.example'],
    language: 'de',
    message: 'Anbei die Kalibrierzertifikate Ihrer Prüfgeräte aus der letzten Kalibrierrunde.',
    email: 'sent',
  },
  {
    company: 'MAPLE-FLEET',
    daysAgo: 9.4,
    by: 'factory-manager',
    recipients: ['fleet.quality@maple-fleet.example'],
    language: 'en',
    message: 'The certificates of the testers calibrated this month, for your audit file.',
    email: 'sent',
  },
  {
    company: 'RAPIDTIRE',
    daysAgo: 3.8,
    by: 'support-manager',
    recipients: ['service@rapidtire.example'],
    language: 'en',
    message: null,
    email: 'failed',
    emailError:
      '550 5.1.1 <service@rapidtire.example>: Recipient address rejected: User unknown in virtual mailbox table',
  },
  {
    company: 'DEMO-CUSTOMER',
    daysAgo: 0.8,
    by: 'support-manager',
    recipients: ['qualite@atelier-durand.example'],
    language: 'fr',
    message: "Veuillez trouver ci-joint les certificats d'étalonnage de vos appareils.",
    email: 'off',
  },
];
const CERTIFICATES_PER_DELIVERY = 3;
interface Planned {
  row: typeof t.certificateDeliveries.$inferInsert;
  history: HistoryEntry;
}

/**
 * One delivery as `createDelivery` records it: up to three of the company's latest certificates not
 * rejected (not this seed's), given documents from their template first; null when the company has none.
 */
async function delivery(
  db: Db,
  media: MediaStorage,
  plan: DeliveryPlan,
  company: { id: string; name: string },
  context: { random: SeededRandom; now: Date; actor: SignedInUser; seeded: ReadonlySet<number> },
): Promise<Planned | null> {
  const { certificates } = await deliveryCandidates(db, company.id, context.now);
  const chosen = drawDistinct(
    context.random,
    certificates.filter((candidate) => !context.seeded.has(candidate.id)),
    CERTIFICATES_PER_DELIVERY,
  ).sort((a, b) => a.serialNumber.localeCompare(b.serialNumber));
  if (chosen.length === 0) return null;
  const ids = chosen.map((candidate) => candidate.id);
  const items = await deliverable(db, media, company.id, ids);
  const createdAt = new Date(context.now.getTime() - plan.daysAgo * DAY);
  const { recipients, email } = plan;
  return {
    row: {
      companyId: company.id,
      recipients,
      certificateIds: ids,
      message: plan.message,
      language: plan.language,
      email,
      emailError: plan.emailError ?? null,
      createdAt,
      createdBy: context.actor.name,
    },
    history: {
      at: createdAt,
      actor: context.actor,
      action: 'certificate-delivery.create',
      details: { company: company.name, recipients, certificates: items.map((item) => item.number), email },
    },
  };
}

/** The deliveries, in one insert, and their audit entries. */
export async function seedDeliveries(
  db: Db,
  media: MediaStorage,
  context: {
    random: SeededRandom;
    now: Date;
    users: Map<RoleCode, SignedInUser>;
    seeded: ReadonlySet<number>;
  },
): Promise<AuditRow[]> {
  const companies = await db
    .select({ id: t.companies.id, code: t.companies.code, name: t.companies.name })
    .from(t.companies)
    .where(
      inArray(
        t.companies.code,
        DELIVERIES.map((plan) => plan.company),
      ),
    );
  const planned: Planned[] = [];
  for (const plan of DELIVERIES) {
    const company = companies.find((c) => c.code === plan.company);
    const actor = context.users.get(plan.by)!;
    // A small demo fleet may leave a company without certificates: its delivery is left out.
    const made = company && (await delivery(db, media, plan, company, { ...context, actor }));
    if (made) planned.push(made);
  }
  if (planned.length === 0) return [];
  const rows = await db
    .insert(t.certificateDeliveries)
    .values(planned.map((p) => p.row))
    .returning({ id: t.certificateDeliveries.id });
  // Ids are given in the order of the rows.
  return planned.map((p, index) => ({
    ...p.history,
    subjectType: 'certificate-delivery' as const,
    subjectId: String(rows[index]!.id),
  }));
}
