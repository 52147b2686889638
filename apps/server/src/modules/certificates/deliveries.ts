import { randomUUID } from 'node:crypto';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DELIVERY_LINK_DAYS,
  certificateStatus,
  type CertificateDelivery,
  type CertificateDeliveryBody,
  type DeliveryCandidate,
  type DeliveryEmailState,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { certificateDeliveries, certificates, companies, series } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  ListQuery,
  offsetPaging,
  offsetPagingParameters,
  sortOrderOf,
  type QueryParameter,
  type RawQuery,
  offsetPage,
} from '../../lib/list-request.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { translator } from '../../lib/translations.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';
import { countsForDevice } from './counting.ts';
import { documentFromTemplate } from './templates.ts';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The latest certificate not rejected of each device of the company, by serial number. */
export async function deliveryCandidates(db: Db, companyId: string, now = new Date()) {
  const rows = (await db.execute(sql`
    select * from (
      select distinct on (c.series_id) c.id, c.number, s.serial_number, c.calibration_date,
        c.end_of_validity_date, c.check_passed, c.document_key is not null as has_document
      from certificates c join series s on s.id = c.series_id
      where s.company_id = ${companyId} and ${countsForDevice(sql.raw('c.quality'))}
      order by c.series_id, c.calibration_date desc, c.id desc
    ) latest order by serial_number limit 1000`)) as unknown as {
    rows: {
      id: number;
      number: string;
      serial_number: string;
      calibration_date: string | Date;
      end_of_validity_date: string | Date;
      check_passed: boolean | null;
      has_document: boolean;
    }[];
  };
  const certificates: DeliveryCandidate[] = rows.rows.map((row) => {
    const end = new Date(row.end_of_validity_date);
    return {
      id: row.id,
      number: row.number,
      serialNumber: row.serial_number,
      calibrationDate: day(new Date(row.calibration_date)),
      endOfValidityDate: day(end),
      status: certificateStatus({ endOfValidityDate: end, checkPassed: row.check_passed }, now)!,
      hasDocument: row.has_document,
    };
  });
  return { certificates };
}

export const DELIVERY_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(['CreatedAt']),
  { name: 'Company', description: 'The id of the company the certificates were delivered for.' },
];

const deliveryColumns = {
  id: certificateDeliveries.id,
  companyId: certificateDeliveries.companyId,
  companyName: companies.name,
  recipients: certificateDeliveries.recipients,
  message: certificateDeliveries.message,
  certificateIds: certificateDeliveries.certificateIds,
  email: certificateDeliveries.email,
  emailError: certificateDeliveries.emailError,
  createdAt: certificateDeliveries.createdAt,
  createdBy: certificateDeliveries.createdBy,
  language: certificateDeliveries.language,
};
type DeliveryRow = {
  id: number;
  companyId: string;
  companyName: string;
  recipients: string[];
  message: string | null;
  certificateIds: number[];
  email: DeliveryEmailState;
  emailError: string | null;
  createdAt: Date;
  createdBy: string;
  language: string;
};

const toDelivery = ({
  certificateIds,
  createdAt,
  language: _language,
  ...row
}: DeliveryRow): CertificateDelivery => ({
  ...row,
  certificateCount: certificateIds.length,
  createdAt: createdAt.toISOString(),
});

/** Deliveries, newest first, filtered by company. */
export async function listDeliveries(db: Db, raw: RawQuery) {
  const query = new ListQuery(raw, DELIVERY_QUERY);
  const paging = offsetPaging(query, ['CreatedAt']);
  const company = query.one('Company');
  if (company !== undefined && !isUuid(company)) query.problem('Company', 'must be a company id');
  query.check();
  const where = company ? eq(certificateDeliveries.companyId, company) : undefined;
  const order = sortOrderOf(query, 'DESC') === 'ASC' ? asc : desc;
  const { rows, total } = await offsetPage(
    db
      .select(deliveryColumns)
      .from(certificateDeliveries)
      .innerJoin(companies, eq(companies.id, certificateDeliveries.companyId))
      .where(where)
      .orderBy(order(certificateDeliveries.createdAt), order(certificateDeliveries.id)),
    db.select({ n: count() }).from(certificateDeliveries).where(where),
    paging,
  );
  return { deliveries: rows.map(toDelivery), totalCount: total };
}

const certificatesProblem = (message: string) =>
  badRequest(`Invalid body.certificateIds: ${message}`, [{ field: 'body.certificateIds', message }]);

/**
 * The certificates to deliver, each with a document: those without one get it written from their device
 * type's template (and keep it). 400 naming the certificates that are not the company's, are rejected, or
 * have no document and no template.
 */
export async function deliverable(db: Db, media: MediaStorage, companyId: string, ids: number[]) {
  const rows = await db
    .select({
      id: certificates.id,
      number: certificates.number,
      quality: certificates.quality,
      documentKey: certificates.documentKey,
      calibrationDate: certificates.calibrationDate,
      endOfValidityDate: certificates.endOfValidityDate,
      checkPassed: certificates.checkPassed,
      laboratory: certificates.laboratory,
      serialNumber: series.serialNumber,
      deviceType: series.deviceType,
      companyId: series.companyId,
    })
    .from(certificates)
    .innerJoin(series, eq(series.id, certificates.seriesId))
    .where(inArray(certificates.id, ids));
  const found = new Map(rows.map((row) => [row.id, row]));
  const foreign = ids.filter((id) => found.get(id)?.companyId !== companyId);
  if (foreign.length)
    throw certificatesProblem(`not certificates of the company's devices: ${foreign.join(', ')}`);
  const rejected = rows.filter((row) => row.quality === 'rejected').map((row) => row.number);
  if (rejected.length) throw certificatesProblem(`rejected by quality: ${rejected.join(', ')}`);
  for (const row of rows.filter((candidate) => !candidate.documentKey)) {
    // Writing a document is synchronous work: other requests go between two.
    await new Promise((resolve) => setImmediate(resolve));
    const written = await documentFromTemplate(db, row, {
      number: row.number,
      calibrationDate: day(row.calibrationDate),
      endOfValidityDate: day(row.endOfValidityDate),
      checkPassed: row.checkPassed,
      laboratory: row.laboratory,
    });
    if (!written) throw certificatesProblem(`${row.number} has no document, and no template writes one`);
    row.documentKey = `certificates/${randomUUID()}.pdf`;
    await media.put(row.documentKey, written);
    await db.update(certificates).set({ documentKey: row.documentKey }).where(eq(certificates.id, row.id));
  }
  return ids.map((id) => found.get(id)!).map((row) => ({ ...row, documentKey: row.documentKey! }));
}

type Deliverable = Awaited<ReturnType<typeof deliverable>>[number];

/** The e-mail of a delivery, in its language, with links to the documents made now. */
async function emailOf(
  app: FastifyInstance,
  delivery: { companyName: string; message: string | null; language: string },
  items: Deliverable[],
) {
  const t = await translator(delivery.language, 'certificates');
  const until = day(new Date(Date.now() + DELIVERY_LINK_DAYS * 86_400_000));
  const link = (key: string) => {
    const made = app.media.link(key, DELIVERY_LINK_DAYS * 86_400);
    return made.startsWith('/') ? `${app.config.publicUrl}${made}` : made;
  };
  const lines = items.map((item) =>
    t('delivery_email.line', {
      number: item.number,
      serialNumber: item.serialNumber,
      date: day(item.endOfValidityDate),
      link: link(item.documentKey),
    }),
  );
  const intro = t('delivery_email.intro', { company: delivery.companyName, date: until });
  return {
    subject: t('delivery_email.subject', { company: delivery.companyName, count: items.length }),
    text: [delivery.message, intro, lines.join('\n')].filter(Boolean).join('\n\n'),
    linksValidUntil: until,
  };
}

async function send(mailer: Mailer | null, to: string[], mail: { subject: string; text: string }) {
  if (!mailer) return { email: 'off' as DeliveryEmailState, emailError: null };
  try {
    await mailer.send({ to, cc: [], subject: mail.subject, text: mail.text });
    return { email: 'sent' as DeliveryEmailState, emailError: null };
  } catch (error) {
    return {
      email: 'failed' as DeliveryEmailState,
      emailError: String((error as Error).message).slice(0, 500),
    };
  }
}

/** Sends the company's certificates to the recipients, and records the delivery with its audit entry. */
export async function createDelivery(
  app: FastifyInstance,
  mailer: Mailer | null,
  user: SignedInUser,
  body: CertificateDeliveryBody,
  language: string,
) {
  const db = app.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.id, body.companyId));
  if (!company)
    throw badRequest('Invalid body.companyId: no such company', [
      { field: 'body.companyId', message: 'no such company', rule: { kind: 'unknown' } },
    ]);
  const items = await deliverable(db, app.media, company.id, body.certificateIds);
  const delivery = {
    companyName: company.name,
    message: body.message || null,
    language: body.language ?? language,
  };
  const emailText = await emailOf(app, delivery, items);
  const outcome = await send(mailer, body.recipients, emailText);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(certificateDeliveries)
      .values({
        companyId: company.id,
        recipients: body.recipients,
        certificateIds: body.certificateIds,
        message: delivery.message,
        language: delivery.language,
        ...outcome,
        createdBy: user.name,
      })
      .returning({ id: certificateDeliveries.id });
    await recordAudit(tx, user, {
      action: 'certificate-delivery.create',
      subjectType: 'certificate-delivery',
      subjectId: String(created!.id),
      details: {
        company: company.name,
        recipients: body.recipients,
        certificates: items.map((item) => item.number),
        email: outcome.email,
      },
    });
    return created!.id;
  });
  return { ...(await getDelivery(db, id)), emailText };
}

async function deliveryRow(db: Db, id: number): Promise<DeliveryRow> {
  const [row] = await db
    .select(deliveryColumns)
    .from(certificateDeliveries)
    .innerJoin(companies, eq(companies.id, certificateDeliveries.companyId))
    .where(eq(certificateDeliveries.id, id));
  if (!row) throw notFound(`No certificate delivery ${id}`);
  return row;
}

const getDelivery = async (db: Db, id: number) => toDelivery(await deliveryRow(db, id));

/** A delivery's e-mail with fresh links, for staff to send themselves (e-mail off or refused). */
export async function deliveryEmail(app: FastifyInstance, id: number) {
  const row = await deliveryRow(app.database.db, id);
  const items = await deliverable(app.database.db, app.media, row.companyId, row.certificateIds).catch(() => {
    throw notFound(`The certificates of delivery ${id} changed since: make a new delivery`);
  });
  return emailOf(app, row, items);
}
