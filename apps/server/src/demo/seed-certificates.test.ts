import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, like, or } from 'drizzle-orm';
import type { Certificate, CertificateDelivery } from '@fleet/contract';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { TEST_SEED } from '../../test/constants.ts';
import { certificateDeliveries, certificates, series } from '../db/schema.ts';
import { seedDemoCertificateWork } from './seed-certificates.ts';

let server: TestServer;
let twin: TestServer;
beforeAll(async () => {
  [server, twin] = await Promise.all([startTestServer(), startTestServer()]);
});
afterAll(async () => Promise.all([server?.close(), twin?.close()]));

const now = new Date();

async function certificatesOf(query: string): Promise<Certificate[]> {
  const answer = await server.call('support-manager', 'GET', `/api/Certificates?PageSize=100&${query}`);
  expect(answer.statusCode).toBe(200);
  return answer.json<{ certificates: Certificate[] }>().certificates;
}

async function auditCount(action: string): Promise<number> {
  const answer = await server.call('administrator', 'GET', `/api/AuditLog?PageSize=100&Action=${action}`);
  return answer.json<{ data: unknown[] }>().data.length;
}

/** Which of these serial numbers are devices of the fleet. */
async function existing(serialNumbers: (string | null)[]): Promise<Set<string>> {
  const wanted = serialNumbers.filter((serial): serial is string => serial !== null);
  const rows = await server.database.db
    .select({ serialNumber: series.serialNumber })
    .from(series)
    .where(inArray(series.serialNumber, wanted));
  return new Set(rows.map((row) => row.serialNumber));
}

describe('demo certificate work', () => {
  it('is written once', async () => {
    const db = server.database.db;
    expect(await seedDemoCertificateWork(db, server.app.media, TEST_SEED, now)).toEqual({
      certificates: 14,
      deliveries: 4,
    });
    expect(await seedDemoCertificateWork(db, server.app.media, TEST_SEED, now)).toEqual({
      certificates: 0,
      deliveries: 0,
    });
  });

  it('gives quality checks to make and made, approved and rejected with a reason', async () => {
    const pending = await certificatesOf('Quality=pending');
    expect(pending).toHaveLength(8);
    expect(pending.filter((c) => c.serialNumber === null)).toHaveLength(3);
    const rejected = await certificatesOf('Quality=rejected');
    expect(rejected).toHaveLength(2);
    for (const certificate of rejected) expect(certificate.qualityNote).toBeTruthy();
    const reviewedApproved = [
      ...(await certificatesOf('Quality=approved&Search=FI-')),
      ...(await certificatesOf('Quality=approved&Search=NCS-')),
    ];
    expect(reviewedApproved).toHaveLength(4);
    expect(await auditCount('certificate.quality')).toBe(6);
    const named = pending.find((certificate) => certificate.number.startsWith('FI-'))!;
    expect(named.hasDocument).toBe(true);
    const document = await server.call('support-manager', 'GET', `/api/Certificates/${named.id}/document`);
    expect(document.statusCode).toBe(200);
  });

  it('leaves a laboratory’s certificates to assign, and has assigned some, each naming a device of the fleet', async () => {
    const waiting = await certificatesOf('Assigned=false');
    expect(waiting).toHaveLength(3);
    const known = await existing(waiting.map((c) => c.documentSerialNumber));
    for (const certificate of waiting) expect(known.has(certificate.documentSerialNumber!)).toBe(true);
    const assigned = (await certificatesOf('Search=NCS-')).filter((c) => c.serialNumber !== null);
    expect(assigned).toHaveLength(2);
    for (const certificate of assigned)
      expect(certificate.serialNumber).toBe(certificate.documentSerialNumber);
    expect(await auditCount('certificate.assign')).toBe(2);
    const named = await certificatesOf('Search=FI-');
    expect(named).toHaveLength(9);
    const devices = await existing(named.map((c) => c.serialNumber));
    for (const certificate of named) expect(devices.has(certificate.serialNumber!)).toBe(true);
  });

  it('has deliveries in every e-mail state, of certificates of the company’s own devices', async () => {
    const answer = await server.call('support-manager', 'GET', '/api/Certificates/Deliveries?PageSize=100');
    const { deliveries } = answer.json<{ deliveries: CertificateDelivery[] }>();
    expect(deliveries.map((delivery) => delivery.email).sort()).toEqual(['failed', 'off', 'sent', 'sent']);
    expect(deliveries.find((delivery) => delivery.email === 'failed')!.emailError).toMatch(/^550 /);
    const db = server.database.db;
    for (const delivery of deliveries) {
      const [row] = await db
        .select()
        .from(certificateDeliveries)
        .where(eq(certificateDeliveries.id, delivery.id));
      const delivered = await db
        .select({ companyId: series.companyId, documentKey: certificates.documentKey })
        .from(certificates)
        .innerJoin(series, eq(series.id, certificates.seriesId))
        .where(inArray(certificates.id, row!.certificateIds));
      expect(delivered).toHaveLength(delivery.certificateCount);
      for (const certificate of delivered) {
        expect(certificate.companyId).toBe(delivery.companyId);
        expect(certificate.documentKey).not.toBeNull();
      }
    }
    const off = deliveries.find((delivery) => delivery.email === 'off')!;
    const email = await server.call('support-manager', 'GET', `/api/Certificates/Deliveries/${off.id}/email`);
    expect(email.statusCode).toBe(200);
    expect(await auditCount('certificate-delivery.create')).toBe(4);
  });

  it('is the same for the same seed', async () => {
    const written = async (target: TestServer) => {
      await seedDemoCertificateWork(target.database.db, target.app.media, TEST_SEED, now);
      const rows = await target.database.db
        .select({
          number: certificates.number,
          serial: certificates.documentSerialNumber,
          quality: certificates.quality,
        })
        .from(certificates)
        .where(or(like(certificates.number, 'FI-%'), like(certificates.number, 'NCS-%')))
        .orderBy(asc(certificates.number));
      const delivered = await target.database.db
        .select({ ids: certificateDeliveries.certificateIds, email: certificateDeliveries.email })
        .from(certificateDeliveries)
        .orderBy(asc(certificateDeliveries.id));
      return { rows, delivered };
    };
    const mine = await written(server);
    expect(mine.rows).toHaveLength(14);
    expect(await written(twin)).toEqual(mine);
  });
});
