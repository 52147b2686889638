import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  CERTIFICATE_ISSUES,
  CERTIFICATE_QUALITIES,
  WARNING_DAYS,
  certificateRegisterSchema,
  certificateStatus,
  endOfValidity,
  fieldRuleOf,
  type Certificate,
  type CertificateIssue,
  type CertificateIssueRow,
  type CertificateReview,
} from '@fleet/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { certificates, series } from '../../db/schema.ts';
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../lib/database-errors.ts';
import { badRequest, conflict, invalid, notFound } from '../../lib/errors.ts';
import {
  ListQuery,
  containsPattern,
  offsetPaging,
  offsetPagingParameters,
  type QueryParameter,
  type RawQuery,
  offsetPage,
} from '../../lib/list-request.ts';
import { searchCondition } from '../../lib/list-search.ts';
import { companyScope } from '../../lib/scope.ts';
import type { ReceivedUpload } from '../../lib/upload.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { countsForDevice } from './counting.ts';
import { documentFromTemplate } from './templates.ts';
import { recordAudit } from '../audit/service.ts';
import { deviceInScope } from '../series/actions.ts';

const certificateColumns = {
  id: certificates.id,
  number: certificates.number,
  serialNumber: series.serialNumber,
  documentSerialNumber: certificates.documentSerialNumber,
  calibrationDate: certificates.calibrationDate,
  endOfValidityDate: certificates.endOfValidityDate,
  checkPassed: certificates.checkPassed,
  laboratory: certificates.laboratory,
  quality: certificates.quality,
  qualityNote: certificates.qualityNote,
  documentKey: certificates.documentKey,
  registeredBy: certificates.registeredBy,
  registeredAt: certificates.registeredAt,
};

type CertificateRow = {
  [K in keyof typeof certificateColumns]: (typeof certificateColumns)[K]['_']['data'] | null;
};

function toCertificate(row: CertificateRow): Certificate {
  const { documentKey, calibrationDate, endOfValidityDate, registeredAt, ...rest } = row;
  return {
    ...(rest as Omit<Certificate, 'hasDocument' | 'calibrationDate' | 'endOfValidityDate' | 'registeredAt'>),
    calibrationDate: calibrationDate!.toISOString(),
    endOfValidityDate: endOfValidityDate!.toISOString(),
    registeredAt: registeredAt!.toISOString(),
    hasDocument: documentKey !== null,
  };
}

/** Certificates of devices the user may see; those not yet assigned, for internal staff only. */
function certificateScope(user: SignedInUser): SQL | undefined {
  if (user.wholeFleet) return undefined;
  return and(isNotNull(certificates.seriesId), companyScope(user, series.companyId));
}

async function getCertificate(
  db: Db,
  user: SignedInUser,
  id: number,
): Promise<Certificate & { documentKey: string | null }> {
  const [row] = await db
    .select(certificateColumns)
    .from(certificates)
    .leftJoin(series, eq(series.id, certificates.seriesId))
    .where(and(eq(certificates.id, id), certificateScope(user)));
  if (!row) throw notFound(`No certificate ${id}`);
  return { ...toCertificate(row), documentKey: row.documentKey };
}

const fieldsProblem = (issues: z.core.$ZodIssue[]) => {
  const details = issues.map((issue) => ({
    field: `body.${issue.path.join('.') || 'body'}`,
    message: issue.message,
    rule: fieldRuleOf(issue),
  }));
  return invalid(details);
};

/** A PDF starts with its signature: anything else is not a certificate document. */
async function ensurePdf(path: string) {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') !== '%PDF-')
      throw badRequest('Invalid body.document: must be a PDF file', [
        { field: 'body.document', message: 'must be a PDF file', rule: { kind: 'format' } },
      ]);
  } finally {
    await handle.close();
  }
}

/**
 * Registers a calibration (docs/company-tools.md): checked whole, the document stored in media storage,
 * written with its audit entry; it counts for the device's status at once, and waits for quality's review.
 */
export async function registerCertificate(
  db: Db,
  media: MediaStorage,
  user: SignedInUser,
  upload: ReceivedUpload,
): Promise<Certificate> {
  const file = upload.file;
  try {
    const parsed = certificateRegisterSchema.safeParse(upload.fields);
    if (!parsed.success) throw fieldsProblem(parsed.error.issues);
    const registration = parsed.data;
    const device = registration.serialNumber
      ? await deviceInScope(db, user, registration.serialNumber)
      : null;
    if (!device && !user.wholeFleet)
      throw badRequest('Invalid body.serialNumber: is required', [
        { field: 'body.serialNumber', message: 'is required', rule: { kind: 'required' } },
      ]);
    if (file) await ensurePdf(file.path);
    const checkPassed = registration.checkPassed === 'unknown' ? null : registration.checkPassed === 'true';
    const written =
      !file && device
        ? await documentFromTemplate(db, device, {
            number: registration.number,
            calibrationDate: registration.calibrationDate,
            endOfValidityDate: endOfValidity(registration),
            checkPassed,
            laboratory: registration.laboratory ?? null,
          })
        : null;
    const documentKey = file || written ? `certificates/${randomUUID()}.pdf` : null;
    if (documentKey && file) await media.putFile(documentKey, file.path);
    else if (documentKey && written) await media.put(documentKey, written);
    const values = {
      seriesId: device?.id ?? null,
      number: registration.number,
      calibrationDate: new Date(`${registration.calibrationDate}T00:00:00Z`),
      endOfValidityDate: new Date(`${endOfValidity(registration)}T00:00:00Z`),
      checkPassed,
      laboratory: registration.laboratory ?? null,
      documentSerialNumber: registration.documentSerialNumber ?? device?.serialNumber ?? null,
      documentKey,
      quality: 'pending' as const,
      registeredBy: user.name,
    };
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        const [created] = await tx.insert(certificates).values(values).returning({ id: certificates.id });
        await recordAudit(tx, user, {
          action: 'certificate.register',
          subjectType: 'certificate',
          subjectId: String(created!.id),
          details: {
            number: values.number,
            serialNumber: device?.serialNumber ?? null,
            endOfValidityDate: endOfValidity(registration),
          },
        });
        return created!.id;
      });
    } catch (error) {
      if (documentKey) await media.delete(documentKey).catch(() => undefined);
      if (databaseErrorOf(error)?.code === UNIQUE_VIOLATION)
        throw conflict(`A certificate numbered ${values.number} is registered already`);
      throw error;
    }
    const { documentKey: _key, ...certificate } = await getCertificate(db, user, id);
    return certificate;
  } finally {
    await file?.release();
  }
}

export const CERTIFICATE_SORT_COLUMNS = ['RegisteredAt', 'CalibrationDate', 'Number'] as const;
export const CERTIFICATE_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(CERTIFICATE_SORT_COLUMNS),
  {
    name: 'Search',
    description: 'Text in the number, the device’s serial number or the one on the document.',
  },
  { name: 'Quality', description: 'pending, approved or rejected.', values: CERTIFICATE_QUALITIES },
  { name: 'Assigned', description: 'true: assigned to a device; false: not yet.', values: ['true', 'false'] },
];

/** Registered certificates, newest first by default, filtered by text, quality and assignment. */
export async function listCertificates(db: Db, user: SignedInUser, raw: RawQuery) {
  const query = new ListQuery(raw, CERTIFICATE_QUERY);
  const paging = offsetPaging(query, CERTIFICATE_SORT_COLUMNS);
  const where: (SQL | undefined)[] = [certificateScope(user)];
  where.push(
    searchCondition(query, [certificates.number, series.serialNumber, certificates.documentSerialNumber]),
  );
  const [quality] = query.choices('Quality', CERTIFICATE_QUALITIES);
  if (quality) where.push(eq(certificates.quality, quality));
  const assigned = query.boolean('Assigned');
  if (assigned !== undefined)
    where.push(assigned ? isNotNull(certificates.seriesId) : isNull(certificates.seriesId));
  query.check();
  const column = {
    RegisteredAt: certificates.registeredAt,
    CalibrationDate: certificates.calibrationDate,
    Number: certificates.number,
  }[paging.sortColumnName as 'Number'];
  const direction = paging.sortOrder === 'DESC' ? desc : (value: typeof column) => value;
  const { rows, total } = await offsetPage(
    db
      .select(certificateColumns)
      .from(certificates)
      .leftJoin(series, eq(series.id, certificates.seriesId))
      .where(and(...where))
      .orderBy(direction(column), desc(certificates.id)),
    db
      .select({ n: count() })
      .from(certificates)
      .leftJoin(series, eq(series.id, certificates.seriesId))
      .where(and(...where)),
    paging,
  );
  return { certificates: rows.map(toCertificate), totalCount: total };
}

/** A link to a certificate's document. */
export async function certificateDocument(db: Db, media: MediaStorage, user: SignedInUser, id: number) {
  const certificate = await getCertificate(db, user, id);
  if (!certificate.documentKey) throw notFound(`Certificate ${certificate.number} has no document`);
  return { mediaLink: media.link(certificate.documentKey) };
}

export const CERTIFICATE_ISSUE_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(['SerialNumber']),
  {
    name: 'Issue',
    description: 'expired, expiring, missing or mismatch; all of them when absent.',
    values: CERTIFICATE_ISSUES,
    repeatable: true,
  },
  { name: 'Search', description: 'Text in the serial number.' },
];

/** The issue of a device by its latest certificate that quality has not rejected, in this order. */
const issueOf = sql<CertificateIssue | null>`case
  when c.id is not null and (c.end_of_validity_date < now() or c.check_passed = false) then 'expired'
  when c.document_serial_number is not null and c.document_serial_number <> s.serial_number then 'mismatch'
  when c.id is not null and c.end_of_validity_date < now() + make_interval(days => ${WARNING_DAYS + 1}) then 'expiring'
  when c.id is null and s.activation_date is not null then 'missing'
end`;

/** Devices whose certificates have an issue (docs/company-tools.md), by serial number. */
export async function certificateIssues(db: Db, user: SignedInUser, raw: RawQuery) {
  const query = new ListQuery(raw, CERTIFICATE_ISSUE_QUERY);
  const paging = offsetPaging(query, ['SerialNumber']);
  const issues = query.choices('Issue', CERTIFICATE_ISSUES);
  const search = query.searchText();
  query.check();
  const scope = user.wholeFleet
    ? sql`true`
    : user.companyId
      ? sql`s.company_id = ${user.companyId}`
      : sql`false`;
  const wanted = issues.length ? issues : CERTIFICATE_ISSUES;
  const base = sql`
    select s.serial_number, s.device_type, c.number, c.document_serial_number, c.end_of_validity_date, c.check_passed, ${issueOf} as issue
    from series s
    left join lateral (
      select * from certificates where certificates.series_id = s.id and ${countsForDevice(certificates.quality)}
      order by certificates.calibration_date desc limit 1
    ) c on true
    where ${scope} ${search ? sql`and s.serial_number ilike ${containsPattern(search)}` : sql``}`;
  const filtered = sql`select * from (${base}) devices where issue in (${sql.join(
    wanted.map((issue) => sql`${issue}`),
    sql`, `,
  )})`;
  const order = paging.sortOrder === 'DESC' ? sql`desc` : sql`asc`;
  type Rows<T> = { rows: T[] };
  const [rows, totals] = (await Promise.all([
    db.execute(
      sql`${filtered} order by serial_number ${order} limit ${paging.pageSize} offset ${(paging.pageNumber - 1) * paging.pageSize}`,
    ),
    db.execute(sql`select count(*)::int as n from (${filtered}) counted`),
  ])) as unknown as [Rows<Record<string, unknown>>, Rows<{ n: number }>];
  const now = new Date();
  const devices: CertificateIssueRow[] = rows.rows.map((row) => {
    const end = row.end_of_validity_date ? new Date(row.end_of_validity_date as string) : null;
    return {
      serialNumber: row.serial_number as string,
      deviceType: row.device_type as string,
      issue: row.issue as CertificateIssue,
      status: end
        ? certificateStatus({ endOfValidityDate: end, checkPassed: row.check_passed as boolean | null }, now)
        : null,
      certificateNumber: (row.number as string | null) ?? null,
      documentSerialNumber: (row.document_serial_number as string | null) ?? null,
      endOfValidityDate: end?.toISOString() ?? null,
    };
  });
  return { devices, totalCount: Number(totals.rows[0]?.n ?? 0) };
}

/** Assigns a certificate to a device (a laboratory's certificate sent before the device was named, or a wrong one). */
export async function assignCertificate(db: Db, user: SignedInUser, id: number, serialNumber: string) {
  const certificate = await getCertificate(db, user, id);
  const device = await deviceInScope(db, user, serialNumber);
  if (certificate.serialNumber === device.serialNumber)
    throw conflict(`Certificate ${certificate.number} is assigned to ${device.serialNumber} already`);
  await db.transaction(async (tx) => {
    await tx.update(certificates).set({ seriesId: device.id }).where(eq(certificates.id, id));
    await recordAudit(tx, user, {
      action: 'certificate.assign',
      subjectType: 'certificate',
      subjectId: String(id),
      details: { number: certificate.number, from: certificate.serialNumber, to: device.serialNumber },
    });
  });
  const { documentKey: _key, ...assigned } = await getCertificate(db, user, id);
  return assigned;
}

/** Quality's review of a pending certificate: approved, or rejected with the reason (it then no longer counts). */
export async function reviewCertificate(db: Db, user: SignedInUser, id: number, review: CertificateReview) {
  const certificate = await getCertificate(db, user, id);
  if (certificate.quality !== 'pending')
    throw conflict(`Certificate ${certificate.number} was reviewed already: it is ${certificate.quality}`);
  await db.transaction(async (tx) => {
    await tx
      .update(certificates)
      .set({ quality: review.quality, qualityNote: review.note ?? null })
      .where(eq(certificates.id, id));
    await recordAudit(tx, user, {
      action: 'certificate.quality',
      subjectType: 'certificate',
      subjectId: String(id),
      details: { number: certificate.number, serialNumber: certificate.serialNumber, ...review },
    });
  });
  const { documentKey: _key, ...reviewed } = await getCertificate(db, user, id);
  return reviewed;
}
