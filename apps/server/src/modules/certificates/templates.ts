import { asc, eq, inArray } from 'drizzle-orm';
import {
  ANY_DEVICE_TYPE,
  fillTemplate,
  partNumberOf,
  type CertificateTemplate,
  type CertificateTemplateList,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { certificateTemplates, companies, series } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pdfDocument } from '../../lib/pdf-document.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';

const toTemplate = (row: typeof certificateTemplates.$inferSelect): CertificateTemplate => ({
  deviceType: row.deviceType,
  body: row.body,
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedBy,
});

async function deviceTypes(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ type: series.deviceType })
    .from(series)
    .orderBy(asc(series.deviceType));
  return rows.map((row) => row.type);
}

/** The templates, `*` first then by device type, and the device types of the fleet. */
export async function listTemplates(db: Db): Promise<CertificateTemplateList> {
  const [rows, types] = await Promise.all([
    db.select().from(certificateTemplates).orderBy(asc(certificateTemplates.deviceType)),
    deviceTypes(db),
  ]);
  return { templates: rows.map(toTemplate), deviceTypes: types };
}

async function ensureDeviceType(db: Db, deviceType: string): Promise<void> {
  if (deviceType === ANY_DEVICE_TYPE) return;
  const [known] = await db
    .select({ id: series.id })
    .from(series)
    .where(eq(series.deviceType, deviceType))
    .limit(1);
  if (!known)
    throw badRequest(`Invalid params.deviceType: no device has the type ${deviceType}`, [
      {
        field: 'params.deviceType',
        message: `no device has the type ${deviceType}`,
        rule: { kind: 'unknown' },
      },
    ]);
}

export async function saveTemplate(
  db: Db,
  user: SignedInUser,
  deviceType: string,
  body: string,
): Promise<CertificateTemplate> {
  await ensureDeviceType(db, deviceType);
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select()
      .from(certificateTemplates)
      .where(eq(certificateTemplates.deviceType, deviceType));
    const row = { deviceType, body, updatedAt: new Date(), updatedBy: user.name };
    const [saved] = await tx
      .insert(certificateTemplates)
      .values(row)
      .onConflictDoUpdate({ target: certificateTemplates.deviceType, set: row })
      .returning();
    await recordAudit(tx, user, {
      action: 'certificate-template.update',
      subjectType: 'certificate-template',
      subjectId: deviceType,
      details: { changes: { body: { from: previous?.body ?? null, to: body } } },
    });
    return toTemplate(saved!);
  });
}

export async function deleteTemplate(db: Db, user: SignedInUser, deviceType: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(certificateTemplates)
      .where(eq(certificateTemplates.deviceType, deviceType))
      .returning();
    if (!deleted) throw notFound(`No certificate template for ${deviceType}`);
    await recordAudit(tx, user, {
      action: 'certificate-template.delete',
      subjectType: 'certificate-template',
      subjectId: deviceType,
      details: { body: deleted.body },
    });
  });
}

/** The template a device type's certificates are written with: its own, else the one of every type. */
export async function templateFor(db: Db, deviceType: string): Promise<string | null> {
  const rows = await db
    .select()
    .from(certificateTemplates)
    .where(inArray(certificateTemplates.deviceType, [deviceType, ANY_DEVICE_TYPE]));
  return (rows.find((row) => row.deviceType === deviceType) ?? rows[0])?.body ?? null;
}

/** A certificate document: the filled template's first line as its title, the rest as paragraphs, on A4. */
export async function certificatePdf(text: string): Promise<Buffer> {
  const [title = '', ...rest] = text.split('\n');
  return pdfDocument(title, [text], (doc) => {
    doc.font('bold').fontSize(16).text(title);
    doc.moveDown();
    doc.font('regular').fontSize(11).text(rest.join('\n').trim(), { lineGap: 3 });
  });
}

interface WrittenCertificate {
  number: string;
  calibrationDate: string;
  endOfValidityDate: string;
  checkPassed: boolean | null;
  laboratory: string | null;
}

/**
 * The document of a certificate registered without one: its device type's template filled and written as
 * PDF; null when no template applies.
 */
export async function documentFromTemplate(
  db: Db,
  device: { serialNumber: string; deviceType: string; companyId: string | null },
  certificate: WrittenCertificate,
): Promise<Buffer | null> {
  const body = await templateFor(db, device.deviceType);
  if (!body) return null;
  const [company] = device.companyId
    ? await db.select({ name: companies.name }).from(companies).where(eq(companies.id, device.companyId))
    : [];
  return certificatePdf(
    fillTemplate(body, {
      certificateNumber: certificate.number,
      serialNumber: device.serialNumber,
      deviceType: device.deviceType,
      partNumber: partNumberOf(device.serialNumber),
      companyName: company?.name ?? '',
      calibrationDate: certificate.calibrationDate,
      endOfValidityDate: certificate.endOfValidityDate,
      checkOutcome:
        certificate.checkPassed === null ? 'not recorded' : certificate.checkPassed ? 'passed' : 'failed',
      laboratory: certificate.laboratory ?? '',
    }),
  );
}
