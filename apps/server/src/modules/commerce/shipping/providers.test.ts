import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentProviderAccount } from '@fleet/contract';
import { SHIPMENT_PROVIDER_KINDS } from '@fleet/contract';
import { startTestServer, type TestServer } from '../../../../test/helpers.ts';
import { shipmentProviderOf } from './sandbox-carrier.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

async function accounts(user: string): Promise<ShipmentProviderAccount[]> {
  const answer = await call(user, 'GET', '/api/Shop/ShipmentProviders');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().shipmentProviders;
}

const body = (serviceCenterId: number | null) => ({
  serviceCenterId,
  name: 'Northwind courier',
  kind: 'sandbox',
  accountNumber: 'NW-42',
  rates: [{ currency: 'EUR', perPackageMinor: 1200, perKgMinor: 150 }],
  active: true,
});

describe('shipment providers', () => {
  it('has an adapter for every kind the contract offers', () => {
    for (const kind of SHIPMENT_PROVIDER_KINDS) expect(shipmentProviderOf(kind).kind).toBe(kind);
  });

  it("lets a center's manager run its own carrier accounts, and administrators the global ones", async () => {
    const all = await accounts('administrator');
    const global = all.find((account) => account.serviceCenter === null)!;
    expect(global.rates.map((rate) => rate.currency)).toEqual(['CNY', 'EUR', 'JPY', 'USD']);
    const partner = await accounts('external-service-center-manager');
    // The partner sees the global accounts and none of another center's.
    expect(partner.some((account) => account.serviceCenter === null)).toBe(true);
    expect(partner.length).toBeLessThan(all.length);

    const centers = await call('external-service-center-manager', 'GET', '/api/ServiceCenters');
    const own = centers.json().serviceCenters[0].id as number;
    const added = await call(
      'external-service-center-manager',
      'POST',
      '/api/Shop/ShipmentProviders',
      body(own),
    );
    expect(added.statusCode, added.body).toBe(201);
    const mine = (await accounts('external-service-center-manager')).find((a) => a.id === added.json().id)!;
    expect(mine).toMatchObject({ serviceCenter: { id: own }, accountNumber: 'NW-42', packageCount: 0 });

    // Global accounts are the administrators'.
    expect(
      (await call('external-service-center-manager', 'POST', '/api/Shop/ShipmentProviders', body(null)))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'external-service-center-manager',
          'PUT',
          `/api/Shop/ShipmentProviders/${global.id}`,
          body(own),
        )
      ).statusCode,
    ).toBe(403);
    const otherCenter = all.find((account) => account.serviceCenter && account.serviceCenter.id !== own)!;
    expect(
      (
        await call(
          'external-service-center-manager',
          'PUT',
          `/api/Shop/ShipmentProviders/${otherCenter.id}`,
          body(own),
        )
      ).statusCode,
    ).toBe(404);
    const elsewhere = await call(
      'external-service-center-manager',
      'POST',
      '/api/Shop/ShipmentProviders',
      body(otherCenter.serviceCenter!.id),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toContain('serviceCenterId');

    const twice = await call('administrator', 'POST', '/api/Shop/ShipmentProviders', {
      ...body(null),
      rates: [
        { currency: 'EUR', perPackageMinor: 1, perKgMinor: 1 },
        { currency: 'EUR', perPackageMinor: 2, perKgMinor: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('rates.1.currency');
    expect(
      (
        await call('administrator', 'PUT', `/api/Shop/ShipmentProviders/${global.id}`, {
          ...body(null),
          name: global.name,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call('customer-engineering-manager', 'GET', '/api/Shop/ShipmentProviders')).statusCode,
    ).toBe(403);
  });
});
