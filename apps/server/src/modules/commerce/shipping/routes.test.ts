import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { auditLog, packages } from '../../../db/schema.ts';
import { seedDemoOrders } from '../../../demo/seed-orders.ts';
import { startTestServer, type TestServer } from '../../../../test/helpers.ts';
import { isSandboxTrackingNumber } from './sandbox-carrier.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemoOrders(server.database.db, server.app.media);
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

describe('packages, pick-ups and the carrier audit', () => {
  it('lists packages with their labels, customs and pick-ups, partners their centers’ only', async () => {
    const all = (await call('support-manager', 'GET', '/api/Shop/Packages?PageSize=100')).json();
    // Delivered (there and back), in service (there), pick-up booked (there).
    expect(all.totalCount).toBe(4);
    for (const item of all.packages) expect(isSandboxTrackingNumber(item.trackingNumber)).toBe(true);
    // The package to Birmingham crosses a border: it has its declaration.
    expect(
      all.packages.some((p: { customsDeclaration: string | null }) =>
        p.customsDeclaration?.startsWith('CD-'),
      ),
    ).toBe(true);
    const inbound = (
      await call('support-manager', 'GET', '/api/Shop/Packages?Direction=inbound&Status=delivered')
    ).json();
    expect(
      inbound.packages.every(
        (p: { direction: string; status: string }) => p.direction === 'inbound' && p.status === 'delivered',
      ),
    ).toBe(true);
    const label = await call('support-manager', 'GET', `/api/Shop/Packages/${all.packages[0].id}/Label`);
    const link = new URL(label.json().mediaLink, server.baseUrl);
    const pdf = await server.app.inject({ url: link.pathname + link.search });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const partner = (
      await call('external-service-center-manager', 'GET', '/api/Shop/Packages?PageSize=100')
    ).json();
    expect(partner.totalCount).toBeGreaterThan(0);
    expect(partner.totalCount).toBeLessThan(all.totalCount);
    const foreign = all.packages.find(
      (p: { id: number }) => !partner.packages.some((mine: { id: number }) => mine.id === p.id),
    );
    expect(
      (await call('external-service-center-manager', 'GET', `/api/Shop/Packages/${foreign.id}/Label`))
        .statusCode,
    ).toBe(404);
    expect((await call('customer-engineering-user', 'GET', '/api/Shop/Packages')).statusCode).toBe(403);

    const pickups = (await call('support-manager', 'GET', '/api/Shop/PackagePickups')).json();
    expect(pickups.totalCount).toBe(all.totalCount);
    expect(pickups.pickups[0].confirmation).toMatch(/^PU\d{8}$/);
    expect(pickups.pickups[0].packages).toHaveLength(1);
  });

  it('reviews a billed charge that differs from the rate, once billed, and records it', async () => {
    const db = server.database.db;
    const [billed] = await db.select().from(packages).where(isNotNull(packages.billedChargeMinor)).limit(1);
    await db
      .update(packages)
      .set({
        billedChargeMinor: Number(billed!.expectedChargeMinor) + 250,
        auditStatus: 'pending',
        billingReason: 'weight-correction',
      })
      .where(eq(packages.id, billed!.id));
    const audit = (await call('business', 'GET', '/api/Shop/CarrierAudit?AuditStatus=pending')).json();
    expect(audit.packages.every((p: { auditStatus: string }) => p.auditStatus === 'pending')).toBe(true);
    expect(audit.packages.find((p: { id: number }) => p.id === billed!.id)).toMatchObject({
      id: billed!.id,
      auditStatus: 'pending',
      billingReason: 'weight-correction',
    });
    const review = await call('business', 'PUT', `/api/Shop/CarrierAudit/${billed!.id}`, {
      status: 'disputed',
      note: 'Weighed 2.4 kg at the center',
    });
    expect(review.statusCode, review.body).toBe(204);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'package.audit'));
    expect(entry!.details).toMatchObject({
      from: 'pending',
      to: 'disputed',
      note: 'Weighed 2.4 kg at the center',
    });
    const [unbilled] = await db.select().from(packages).where(eq(packages.status, 'label-created')).limit(1);
    expect(
      (await call('business', 'PUT', `/api/Shop/CarrierAudit/${unbilled!.id}`, { status: 'accepted' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('business', 'PUT', `/api/Shop/CarrierAudit/${billed!.id}`, { status: 'maybe' })).statusCode,
    ).toBe(400);
  });
});
