import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { certificateValiditySchema } from '@fleet/contract';
import { certificates, companies, series } from '../../db/schema.ts';
import { DEMO_CUSTOMER } from '../../demo/seed.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { multipartBody } from '../../../test/uploads.ts';
import { PDFParse } from 'pdf-parse';

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

describe('certificate records', () => {
  const pdf = Buffer.from('%PDF-1.4\n% calibration certificate\n%%EOF\n');
  const register = async (user: string, fields: Record<string, string>, document: Buffer | null = pdf) => {
    const { payload, headers } = multipartBody(
      fields,
      document ? [{ field: 'document', name: 'certificate.pdf', bytes: document }] : [],
    );
    return server.app.inject({
      method: 'POST',
      url: '/api/Certificates',
      headers: { ...headers, ...(await auth(user)) },
      payload,
    });
  };
  const validity = async (serialNumber: string) =>
    (await server.call('support-manager', 'GET', `/api/DeviceCertificate/Validity/${serialNumber}`)).json();

  it('registers a calibration with its document: the device is Ok at once, and it waits for quality', async () => {
    const [device] = await server.database.db
      .select({ serialNumber: series.serialNumber })
      .from(series)
      .leftJoin(certificates, eq(certificates.seriesId, series.id))
      .where(and(isNull(certificates.id), isNotNull(series.activationDate)))
      .limit(1);
    const serialNumber = device!.serialNumber;
    expect((await validity(serialNumber)).status).toBeNull();
    const issues = await server.call(
      'support-manager',
      'GET',
      `/api/Certificates/Issues?Issue=missing&Search=${serialNumber}`,
    );
    expect(issues.json().devices).toMatchObject([{ serialNumber, issue: 'missing' }]);

    const today = new Date().toISOString().slice(0, 10);
    const created = await register('factory-user', {
      number: `CAL-TEST-${serialNumber}`,
      serialNumber,
      calibrationDate: today,
      checkPassed: 'true',
      laboratory: 'Lyon lab',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      serialNumber,
      documentSerialNumber: serialNumber,
      quality: 'pending',
      hasDocument: true,
      registeredBy: 'Factory user (demo)',
    });
    expect(created.json().endOfValidityDate.slice(0, 4)).toBe(String(Number(today.slice(0, 4)) + 1));
    expect((await validity(serialNumber)).status).toBe('Ok');

    const document = await server.call(
      'factory-user',
      'GET',
      `/api/Certificates/${created.json().id}/document`,
    );
    const file = await server.app.inject({ url: document.json().mediaLink });
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const pending = await server.call(
      'factory-user',
      'GET',
      '/api/Certificates?Quality=pending&PageSize=100',
    );
    expect(pending.json().certificates.map((c: { number: string }) => c.number)).toContain(
      `CAL-TEST-${serialNumber}`,
    );
    const log = await server.call(
      'administrator',
      'GET',
      `/api/AuditLog?SubjectType=certificate&SubjectId=${created.json().id}`,
    );
    expect(log.json().data[0]).toMatchObject({ action: 'certificate.register', details: { serialNumber } });

    const again = await register('factory-user', {
      number: `CAL-TEST-${serialNumber}`,
      serialNumber,
      calibrationDate: today,
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses what is not a certificate, naming the field, and finds a document of another device', async () => {
    const [device] = await server.database.db
      .select({ serialNumber: series.serialNumber })
      .from(series)
      .limit(1);
    const notPdf = await register(
      'administrator',
      { number: 'CAL-X1', serialNumber: device!.serialNumber, calibrationDate: '2026-01-10' },
      Buffer.from('hello'),
    );
    expect(notPdf.json().details).toEqual([
      { field: 'body.document', message: 'must be a PDF file', rule: { kind: 'format' } },
    ]);
    const badDates = await register('administrator', {
      number: 'CAL-X2',
      serialNumber: device!.serialNumber,
      calibrationDate: '2026-01-10',
      endOfValidityDate: '2025-01-10',
    });
    expect(badDates.json().details).toEqual([
      {
        field: 'body.endOfValidityDate',
        message: 'must be after the calibration day',
        rule: { kind: 'invalid' },
      },
    ]);
    const noDay = await register('administrator', { number: 'CAL-X3' });
    expect(noDay.json().details[0].field).toBe('body.calibrationDate');

    const mismatch = await register('administrator', {
      number: 'CAL-X4',
      serialNumber: device!.serialNumber,
      documentSerialNumber: 'TPT0000000000000',
      calibrationDate: new Date().toISOString().slice(0, 10),
    });
    expect(mismatch.statusCode, mismatch.body).toBe(201);
    const issues = await server.call(
      'administrator',
      'GET',
      `/api/Certificates/Issues?Issue=mismatch&Search=${device!.serialNumber}`,
    );
    expect(issues.json().devices).toMatchObject([
      { serialNumber: device!.serialNumber, issue: 'mismatch', documentSerialNumber: 'TPT0000000000000' },
    ]);
  });
});

describe('certificate assignment and quality', () => {
  it('assigns a certificate registered without a device, and a rejected one no longer counts', async () => {
    const [device] = await server.database.db
      .select({ serialNumber: series.serialNumber })
      .from(series)
      .leftJoin(certificates, eq(certificates.seriesId, series.id))
      .where(and(isNull(certificates.id), isNotNull(series.activationDate)))
      .limit(1);
    const serialNumber = device!.serialNumber;
    const { payload, headers } = multipartBody({
      number: `CAL-LAB-${serialNumber}`,
      documentSerialNumber: serialNumber,
      calibrationDate: new Date().toISOString().slice(0, 10),
    });
    const registered = await server.app.inject({
      method: 'POST',
      url: '/api/Certificates',
      headers: { ...headers, ...(await auth('support-manager')) },
      payload,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const id = registered.json().id;
    expect(registered.json().serialNumber).toBeNull();
    const unassigned = await server.call(
      'support-manager',
      'GET',
      '/api/Certificates?Assigned=false&PageSize=100',
    );
    expect(unassigned.json().certificates.map((c: { id: number }) => c.id)).toContain(id);

    const assigned = await server.call('support-manager', 'PUT', `/api/Certificates/${id}/device`, {
      serialNumber,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().serialNumber).toBe(serialNumber);
    const status = async () =>
      (await server.call('support-manager', 'GET', `/api/DeviceCertificate/Validity/${serialNumber}`)).json()
        .status;
    expect(await status()).toBe('Ok');

    const noReason = await server.call('support-manager', 'PUT', `/api/Certificates/${id}/quality`, {
      quality: 'rejected',
    });
    expect(noReason.json().details).toEqual([
      { field: 'body.note', rule: { kind: 'invalid' }, message: 'is required to reject a certificate' },
    ]);
    expect(
      (await server.call('support-user', 'PUT', `/api/Certificates/${id}/quality`, { quality: 'approved' }))
        .statusCode,
    ).toBe(403);
    const rejected = await server.call('support-manager', 'PUT', `/api/Certificates/${id}/quality`, {
      quality: 'rejected',
      note: 'Signature missing',
    });
    expect(rejected.json()).toMatchObject({ quality: 'rejected', qualityNote: 'Signature missing' });
    expect(await status()).toBeNull();
    const twice = await server.call('support-manager', 'PUT', `/api/Certificates/${id}/quality`, {
      quality: 'approved',
    });
    expect(twice.statusCode).toBe(409);
    const log = await server.call(
      'administrator',
      'GET',
      `/api/AuditLog?SubjectType=certificate&SubjectId=${id}`,
    );
    expect(log.json().data.map((entry: { action: string }) => entry.action)).toEqual([
      'certificate.quality',
      'certificate.assign',
      'certificate.register',
    ]);
  });
});

describe('certificate templates', () => {
  it('writes the document of a certificate registered without one from its device type’s template', async () => {
    const [device] = await server.database.db
      .select({ serialNumber: series.serialNumber, deviceType: series.deviceType })
      .from(series)
      .leftJoin(certificates, eq(certificates.seriesId, series.id))
      .where(and(isNull(certificates.id), isNotNull(series.companyId)))
      .limit(1);
    const unknown = await server.call('support-manager', 'PUT', '/api/Certificates/Templates/*', {
      body: 'Issued to {{owner}}',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/body\.body.*\{\{owner\}\}/);
    const noSuchType = await server.call(
      'support-manager',
      'PUT',
      '/api/Certificates/Templates/NO-SUCH-TYPE',
      {
        body: 'Certificate {{certificateNumber}}',
      },
    );
    expect(noSuchType.statusCode).toBe(400);
    const any = await server.call('support-manager', 'PUT', '/api/Certificates/Templates/*', {
      body: 'Generic certificate {{certificateNumber}}\nAny device.',
    });
    expect(any.statusCode, any.body).toBe(200);
    const own = await server.call(
      'support-manager',
      'PUT',
      `/api/Certificates/Templates/${encodeURIComponent(device!.deviceType)}`,
      {
        body: 'Calibration certificate {{certificateNumber}}\nDevice {{serialNumber}} ({{partNumber}}) of {{companyName}}, valid until {{endOfValidityDate}}.',
      },
    );
    expect(own.statusCode, own.body).toBe(200);
    const listed = await server.call('support-manager', 'GET', '/api/Certificates/Templates');
    expect(listed.json().templates.map((t: { deviceType: string }) => t.deviceType)).toEqual(
      expect.arrayContaining(['*', device!.deviceType]),
    );
    expect(listed.json().deviceTypes).toContain(device!.deviceType);

    const { payload, headers } = multipartBody({
      number: `CAL-TPL-${device!.serialNumber}`,
      serialNumber: device!.serialNumber,
      calibrationDate: '2026-11-02',
      validityMonths: '12',
    });
    const registered = await server.app.inject({
      method: 'POST',
      url: '/api/Certificates',
      headers: { ...headers, ...(await auth('support-manager')) },
      payload,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().hasDocument).toBe(true);
    const link = await server.call(
      'support-manager',
      'GET',
      `/api/Certificates/${registered.json().id}/document`,
    );
    const file = await server.app.inject({ url: link.json().mediaLink });
    const parser = new PDFParse({ data: new Uint8Array(file.rawPayload) });
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    expect(text).toContain(`Calibration certificate CAL-TPL-${device!.serialNumber}`);
    expect(text).toContain(`Device ${device!.serialNumber} (${device!.serialNumber.slice(0, 10)})`);
    expect(text).toContain('valid until 2027-11-02');

    expect((await server.call('support-manager', 'DELETE', '/api/Certificates/Templates/*')).statusCode).toBe(
      204,
    );
    expect((await server.call('support-manager', 'DELETE', '/api/Certificates/Templates/*')).statusCode).toBe(
      404,
    );
  });
});
