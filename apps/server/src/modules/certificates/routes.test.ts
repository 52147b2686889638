import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import { certificateValiditySchema } from '@fleet/contract';
import { certificates, companies, series } from '../../db/schema.ts';
import { DEMO_CUSTOMER } from '../../db/seed.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const auth = async (username: string) => ({ authorization: `Bearer ${await server.tokenFor(username)}` });

describe('certificate validity', () => {
  it('answers every status from the seeded certificates', async () => {
    const withCertificates = await server.database.db
      .selectDistinct({ sn: series.serialNumber })
      .from(series)
      .innerJoin(certificates, eq(certificates.seriesId, series.id))
      .limit(100);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/DeviceCertificate/Validity/status',
      headers: await auth('administrator'),
      payload: withCertificates.map((r) => r.sn),
    });
    expect(response.statusCode).toBe(200);
    const answers = Object.values(response.json()).map((v) => certificateValiditySchema.parse(v));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set(['Ok', 'Warning', 'Urgent', 'Expired']));
    for (const answer of answers) {
      if (answer.status === 'Warning') expect(answer.daysBeforeInvalidCalibration).toBeLessThanOrEqual(30);
      if (answer.status === 'Urgent') expect(answer.daysBeforeInvalidCalibration).toBeLessThanOrEqual(7);
      if (answer.status === 'Ok') expect(answer.daysBeforeInvalidCalibration).toBeGreaterThan(30);
    }
  });

  it('answers a device without certificate with no status, by id or serial number', async () => {
    const [device] = await server.database.db
      .select()
      .from(series)
      .leftJoin(certificates, eq(certificates.seriesId, series.id))
      .where(eq(series.deviceStatus, 'A'))
      .limit(50);
    const bySerial = await server.app.inject({
      url: `/api/DeviceCertificate/Validity/${device!.series.serialNumber}`,
      headers: await auth('support-user'),
    });
    const byId = await server.app.inject({
      url: `/api/DeviceCertificate/Validity/${device!.series.id}`,
      headers: await auth('support-user'),
    });
    expect(bySerial.statusCode).toBe(200);
    expect(byId.json()).toEqual(bySerial.json());
    if (!device!.certificates) expect(bySerial.json().status).toBeNull();
  });

  it('reveals nothing about foreign devices to a customer', async () => {
    const [company] = await server.database.db
      .select()
      .from(companies)
      .where(eq(companies.code, DEMO_CUSTOMER));
    const [own] = await server.database.db
      .select()
      .from(series)
      .where(eq(series.companyId, company!.id))
      .limit(1);
    const [foreign] = await server.database.db
      .select()
      .from(series)
      .where(ne(series.companyId, company!.id))
      .limit(1);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/DeviceCertificate/Validity/status',
      headers: await auth('customer-warranty-user'),
      payload: [own!.serialNumber, foreign!.serialNumber, String(foreign!.id)],
    });
    expect(Object.keys(response.json())).toEqual([own!.serialNumber]);
    const single = await server.app.inject({
      url: `/api/DeviceCertificate/Validity/${foreign!.serialNumber}`,
      headers: await auth('customer-warranty-user'),
    });
    expect(single.statusCode).toBe(404);
  });
});
