import { sharedRandomBytes } from '../../../db/server-secrets.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { CURRENT_TERMS_VERSION } from '@fleet/contract';
import {
  addresses,
  auditLog,
  customsDeclarations,
  journalEntries,
  orders,
  packages,
  series,
  serviceCenters,
} from '../../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../../test/helpers.ts';
import { signSandboxNotification } from '../payments/sandbox.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

/** A request in a language: the currency follows it. */
async function inLanguage(
  username: string,
  language: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await server.tokenFor(username)}`, 'accept-language': language },
    ...(payload ? { payload } : {}),
  });
}

const db = () => server.database.db;
const taken = new Set<string>();

/** Activated devices of a company, of types a center calibrates, not used by another test. */
async function devicesOf(companyId: string, centerCode: string, wanted: number): Promise<string[]> {
  const [center] = await db().select().from(serviceCenters).where(eq(serviceCenters.code, centerCode));
  const rows = await db()
    .select({ serialNumber: series.serialNumber })
    .from(series)
    .where(
      and(
        eq(series.companyId, companyId),
        isNotNull(series.activationDate),
        inArray(series.deviceType, center!.deviceTypes),
      ),
    )
    .orderBy(series.serialNumber)
    .limit(50);
  const free = rows
    .map((row) => row.serialNumber)
    .filter((serial) => !taken.has(serial))
    .slice(0, wanted);
  free.forEach((serial) => taken.add(serial));
  expect(free).toHaveLength(wanted);
  return free;
}

async function centerId(code: string) {
  const [center] = await db()
    .select({ id: serviceCenters.id })
    .from(serviceCenters)
    .where(eq(serviceCenters.code, code));
  return center!.id;
}

async function addressOf(companyId: string) {
  const [address] = await db()
    .select()
    .from(addresses)
    .where(eq(addresses.companyId, companyId))
    .orderBy(addresses.id)
    .limit(1);
  return address!.id;
}

/** A calibration request's devices (free ones the center calibrates), its center and pick-up address. */
async function calibrationRequest(companyId: string, centerCode: string, count = 1) {
  return {
    serialNumbers: await devicesOf(companyId, centerCode, count),
    serviceCenterId: await centerId(centerCode),
    pickupAddressId: await addressOf(companyId),
  };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}

async function auditActions(orderId: number) {
  const rows = await db()
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'order'), eq(auditLog.subjectId, String(orderId))))
    .orderBy(auditLog.id);
  return rows.map((row) => row.action);
}

describe('calibration requests and orders', () => {
  it("prices in the company's billing currency whatever language its user reads", async () => {
    const devices = (language: string) =>
      inLanguage('customer-engineering-user', language, 'GET', '/api/CalibrationRequest/Devices?Due=all');
    const french = await devices('fr');
    expect(french.statusCode, french.body).toBe(200);
    expect(french.json().currency).toBe('EUR');
    expect(french.json().devices.length).toBeGreaterThan(0);
    // The French company's user reading English or Japanese is still billed in euros, at the same prices.
    for (const language of ['en-US', 'jp']) {
      const other = await devices(language);
      expect(other.json().currency).toBe('EUR');
      expect(other.json().devices[0]).toEqual(french.json().devices[0]);
    }
    const options = await inLanguage(
      'customer-engineering-user',
      'en',
      'GET',
      '/api/CalibrationRequest/Options',
    );
    expect(options.json()).toMatchObject({ currency: 'EUR', termsVersion: CURRENT_TERMS_VERSION });
    // Staff of the maker order for no company of theirs: they see their language's currency.
    const staff = await inLanguage('administrator', 'jp', 'GET', '/api/CalibrationRequest/Options');
    expect(staff.json().currency).toBe('JPY');
    expect((await call('support-user', 'GET', '/api/CalibrationRequest/Devices')).statusCode).toBe(403);
  });

  it('prices on the server and refuses a price, an unknown field or old terms from the client', async () => {
    const companyId = await server.demoCustomerCompanyId();
    const body = await calibrationRequest(companyId, 'LYON');
    const preview = await inLanguage('customer-engineering-user', 'fr', 'POST', '/api/Orders/Preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    const priced = preview.json();
    expect(priced.currency).toBe('EUR');
    expect(priced.lines.map((line: { kind: string }) => line.kind)).toEqual(['calibration', 'shipping']);
    expect(priced.totalMinor).toBe(
      priced.lines.reduce((sum: number, line: { amountMinor: number }) => sum + line.amountMinor, 0),
    );
    const tampered = await call('customer-engineering-user', 'POST', '/api/Orders', {
      ...body,
      paymentMethodType: 'card',
      intent: 'pay',
      acceptedTermsVersion: CURRENT_TERMS_VERSION,
      totalMinor: 1,
    });
    expect(tampered.statusCode).toBe(400);
    const oldTerms = await call('customer-engineering-user', 'POST', '/api/Orders', {
      ...body,
      paymentMethodType: 'card',
      intent: 'pay',
      acceptedTermsVersion: '1',
    });
    expect(oldTerms.statusCode).toBe(400);
    expect(oldTerms.json().details).toEqual([
      {
        field: 'body.acceptedTermsVersion',
        message: `must be the current terms, version ${CURRENT_TERMS_VERSION}`,
        rule: { kind: 'invalid' },
      },
    ]);
    const unknown = await call('customer-engineering-user', 'POST', '/api/Orders/Preview', {
      ...body,
      serialNumbers: ['NOPE000000000'],
    });
    expect(unknown.json().details[0]).toMatchObject({ field: 'body.serialNumbers.0' });
    expect(await db().select().from(orders).where(eq(orders.companyId, companyId))).toHaveLength(0);
  });

  it('prices a request placed by staff in the billing currency of the devices’ company', async () => {
    const companyId = await server.demoCustomerCompanyId();
    const body = await calibrationRequest(companyId, 'LYON');
    const preview = await inLanguage('administrator', 'en-US', 'POST', '/api/Orders/Preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().currency).toBe('EUR');
    // Placed by the company's user reading English: written, invoiced and journalled in euros.
    const placed = await inLanguage('customer-engineering-user', 'en-US', 'POST', '/api/Orders', {
      ...body,
      paymentMethodType: 'bank-transfer',
      intent: 'pay',
      acceptedTermsVersion: CURRENT_TERMS_VERSION,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = await call('customer-engineering-user', 'GET', `/api/Orders/${placed.json().id}`);
    expect(order.json()).toMatchObject({ currency: 'EUR', totalMinor: preview.json().totalMinor });
    const entries = await db()
      .select({ currency: journalEntries.currency })
      .from(journalEntries)
      .where(eq(journalEntries.orderId, placed.json().id));
    expect(entries).toEqual([{ currency: 'EUR' }]);
  });

  it('takes a card payment through the sandbox checkout, once, and moves the order to delivery', async () => {
    const companyId = await server.demoCustomerCompanyId();
    const request = await calibrationRequest(companyId, 'BIRMINGHAM', 2);
    const serials = request.serialNumbers;
    const created = await inLanguage('customer-engineering-user', 'fr', 'POST', '/api/Orders', {
      ...request,
      paymentMethodType: 'card',
      intent: 'pay',
      acceptedTermsVersion: CURRENT_TERMS_VERSION,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    const again = await inLanguage('customer-engineering-user', 'fr', 'POST', '/api/Orders/Preview', {
      ...request,
      serialNumbers: [serials[0]],
    });
    expect(again.json().details[0].message).toContain('is in order');
    const order = (await call('customer-engineering-user', 'GET', `/api/Orders/${id}`)).json();
    expect(order).toMatchObject({
      status: 'awaiting-payment',
      currency: 'EUR',
      invoice: null,
      deviceCount: 2,
    });
    expect(order.actions).toEqual(['requestQuote', 'cancel', 'pay']);

    const checkout = await call('customer-engineering-user', 'POST', `/api/Orders/${id}/Checkout`);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const url = new URL(checkout.json().checkoutUrl);
    const page = await server.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(order.number);
    const forged = await server.app.inject({ method: 'GET', url: `${url.pathname}?token=${'0'.repeat(32)}` });
    expect(forged.statusCode).toBe(404);
    const paid = await server.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${url.searchParams.get('token')}&card=4242+4242+4242+4242&decision=pay`,
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(new RegExp(`/payment-success/${id}$`));
    const after = await until(
      async () => (await call('customer-engineering-user', 'GET', `/api/Orders/${id}`)).json(),
      (value) => value.status === 'paid',
    );
    expect(after.invoice.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(after.payment).toMatchObject({ status: 'succeeded', amountMinor: order.totalMinor });
    const invoice = await call('customer-engineering-user', 'GET', `/api/Orders/${id}/Invoice`);
    expect(invoice.statusCode, invoice.body).toBe(200);
    const document = await server.app.inject({
      url:
        new URL(invoice.json().mediaLink, server.baseUrl).pathname +
        new URL(invoice.json().mediaLink, server.baseUrl).search,
    });
    expect(document.headers['content-type']).toContain('application/pdf');
    expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The provider's notification again, and a forged one: nothing changes.
    const secret = await sharedRandomBytes(db(), 'payment-webhook-secret');
    const paymentRow = (
      (await db().execute(
        sql`select id, provider_reference from payments where order_id = ${id}`,
      )) as unknown as { rows: { id: string; provider_reference: string }[] }
    ).rows[0]!;
    const notification = JSON.stringify({
      id: 'evt_test_replay',
      type: 'payment.succeeded',
      paymentId: paymentRow.id,
      amountMinor: order.totalMinor,
      currency: 'EUR',
      providerReference: paymentRow.provider_reference,
    });
    const send = (body: string, signature: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json', 'sandbox-signature': signature },
        payload: body,
      });
    const first = await send(notification, signSandboxNotification(secret, notification));
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replay = await send(notification, signSandboxNotification(secret, notification));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(
      (await send(notification, signSandboxNotification(Buffer.from('wrong secret'), notification)))
        .statusCode,
    ).toBe(400);
    expect(
      (await send(notification, signSandboxNotification(secret, notification, Date.now() - 3_600_000)))
        .statusCode,
    ).toBe(400);
    const cheaper = notification
      .replace('evt_test_replay', 'evt_test_cheaper')
      .replace(`"amountMinor":${order.totalMinor}`, '"amountMinor":1');
    expect((await send(cheaper, signSandboxNotification(secret, cheaper))).statusCode).toBe(400);
    const payments = await db().execute(
      sql`select count(*)::int as n from journal_entries where order_id = ${id} and journal = 'payments'`,
    );
    expect((payments as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);

    // Staff move it through the center; the customer sees each status.
    const today = new Date().toISOString().slice(0, 10);
    const staffCall = (path: string, body: object = {}) =>
      call('support-manager', 'POST', `/api/Shop/Orders/${id}/${path}`, body);
    expect((await staffCall('Receive')).statusCode).toBe(409);
    const pickup = await staffCall('Pickup', { pickupDate: today });
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect(pickup.json().packages[0]).toMatchObject({
      direction: 'inbound',
      status: 'label-created',
      pickupDate: today,
    });
    const [declaration] = await db()
      .select()
      .from(customsDeclarations)
      .innerJoin(packages, eq(packages.id, customsDeclarations.packageId))
      .where(eq(packages.orderId, id));
    expect(declaration!.customs_declarations).toMatchObject({
      fromRegion: 'FR',
      toRegion: 'GB',
      reason: 'sent-for-calibration',
    });
    expect(declaration!.customs_declarations.items).toHaveLength(2);
    expect((await staffCall('Receive')).json().status).toBe('received');
    expect((await staffCall('StartService')).json().internalStep).toMatchObject({ position: 1, of: 5 });
    for (let step = 2; step <= 5; step++)
      expect((await staffCall('NextStep')).json().internalStep.position).toBe(step);
    expect((await staffCall('NextStep')).statusCode).toBe(409);
    const shipped = await staffCall('Ship', { pickupDate: today });
    expect(shipped.json()).toMatchObject({ status: 'shipped', internalStep: null });
    expect((await staffCall('Deliver')).json().status).toBe('delivered');
    const seen = (await call('customer-engineering-user', 'GET', `/api/Orders/${id}`)).json();
    expect(seen.status).toBe('delivered');
    expect(seen.events.map((event: { status: string }) => event.status)).toEqual([
      'awaiting-payment',
      'paid',
      'pickup-scheduled',
      'received',
      'in-service',
      'in-service',
      'in-service',
      'in-service',
      'in-service',
      'shipped',
      'delivered',
    ]);
    expect(seen.packages.map((p: { status: string }) => p.status)).toEqual(['delivered', 'delivered']);
    expect(await auditActions(id)).toEqual([
      'order.create',
      'order.pay',
      'order.schedule-pickup',
      'order.receive',
      'order.start-service',
      'order.next-step',
      'order.next-step',
      'order.next-step',
      'order.next-step',
      'order.ship',
      'order.deliver',
    ]);
    // The Birmingham center's partner sees it; no customer of another company does.
    expect((await call('external-service-center-manager', 'GET', `/api/Shop/Orders/${id}`)).statusCode).toBe(
      200,
    );
    expect((await call('customer-engineering-user', 'GET', `/api/Shop/Orders/${id}`)).statusCode).toBe(403);
  });

  it('answers a quote request, invoices a transfer when accepted and records its payment', async () => {
    const companyId = await server.demoCustomerCompanyId();
    const created = await inLanguage('customer-engineering-manager', 'fr', 'POST', '/api/Orders', {
      ...(await calibrationRequest(companyId, 'LYON')),
      paymentMethodType: 'bank-transfer',
      intent: 'quote',
      acceptedTermsVersion: CURRENT_TERMS_VERSION,
    });
    const { id } = created.json();
    const before = (await call('support-user', 'GET', `/api/Shop/Orders/${id}`)).json();
    expect(before).toMatchObject({ status: 'quote-requested', invoice: null });
    const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const quote = await call('support-user', 'POST', `/api/Shop/Orders/${id}/Quote`, {
      parts: [{ skuCode: 'battery-01', quantity: 2 }],
      discountMinor: 1000,
      validUntil,
      note: 'Battery worn: replaced',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const quoted = quote.json();
    expect(quoted.lines.map((line: { kind: string }) => line.kind)).toEqual([
      'calibration',
      'shipping',
      'part',
      'discount',
    ]);
    expect(quoted.totalMinor).toBe(before.totalMinor + 2 * 3900 - 1000);
    expect(
      (
        await call('support-user', 'POST', `/api/Shop/Orders/${id}/Quote`, {
          parts: [{ skuCode: 'CAL-ANY', quantity: 1 }],
          discountMinor: 0,
          validUntil,
        })
      ).statusCode,
    ).toBe(400);
    const accepted = await call('customer-engineering-manager', 'POST', `/api/Orders/${id}/AcceptQuote`, {
      paymentMethodType: 'bank-transfer',
      acceptedTermsVersion: CURRENT_TERMS_VERSION,
    });
    expect(accepted.json()).toMatchObject({ status: 'awaiting-payment', actions: [] });
    expect(accepted.json().invoice.number).toMatch(/^INV-/);
    expect(
      (await call('customer-engineering-manager', 'POST', `/api/Orders/${id}/Cancel`, {})).statusCode,
    ).toBe(409);
    const recorded = await call('support-user', 'POST', `/api/Shop/Orders/${id}/RecordPayment`, {
      note: 'TRF-20261126-01',
    });
    expect(recorded.json().status).toBe('paid');
    expect(await auditActions(id)).toEqual([
      'order.create',
      'order.quote',
      'order.accept-quote',
      'order.record-payment',
    ]);
  });

  it('keeps customers to their company and partners to their centers', async () => {
    const rapid = (
      (await db().execute(sql`select id from companies where code = 'RAPIDTIRE'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]!.id;
    const created = await inLanguage('administrator', 'en', 'POST', '/api/Orders', {
      ...(await calibrationRequest(rapid, 'COLUMBUS')),
      paymentMethodType: 'card',
      intent: 'pay',
      acceptedTermsVersion: CURRENT_TERMS_VERSION,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect((await call('customer-engineering-user', 'GET', `/api/Orders/${id}`)).statusCode).toBe(404);
    expect((await call('customer-engineering-user', 'POST', `/api/Orders/${id}/Cancel`, {})).statusCode).toBe(
      404,
    );
    const mine = (await call('customer-engineering-user', 'GET', '/api/Orders')).json();
    expect(mine.orders.every((o: { company: { id: string } }) => o.company.id !== rapid)).toBe(true);
    expect((await call('customer-engineering-user', 'GET', `/api/Orders?Company=${rapid}`)).statusCode).toBe(
      400,
    );
    expect((await call('external-service-center-manager', 'GET', `/api/Shop/Orders/${id}`)).statusCode).toBe(
      404,
    );
    const partner = (await call('external-service-center-manager', 'GET', '/api/Shop/Orders')).json();
    expect(
      partner.orders.every((o: { serviceCenter: { code: string } }) => o.serviceCenter.code === 'BIRMINGHAM'),
    ).toBe(true);
    expect(
      (await call('administrator', 'POST', `/api/Shop/Orders/${id}/Cancel`, { note: 'Duplicate' })).json()
        .status,
    ).toBe('cancelled');
  });

  it('keeps the journals balanced with the customer accounts', async () => {
    const sums = async (journal: string, column: 'debit_minor' | 'credit_minor') => {
      const result = (await db().execute(sql`
        select coalesce(sum(l.${sql.raw(column)}), 0)::bigint as n from journal_lines l
        join journal_entries e on e.id = l.entry_id where e.journal = ${journal} and l.account_code = '1100'`)) as unknown as {
        rows: { n: string }[];
      };
      return Number(result.rows[0]!.n);
    };
    const total = async (journal: string) => {
      const [row] = await db()
        .select({ n: sql<string>`coalesce(sum(${journalEntries.amountMinor}), 0)::bigint` })
        .from(journalEntries)
        .where(eq(journalEntries.journal, journal));
      return Number(row!.n);
    };
    expect(await total('sales')).toBeGreaterThan(0);
    expect(await total('sales')).toBe(await sums('sales', 'debit_minor'));
    expect(await total('payments')).toBe(await sums('payments', 'credit_minor'));
    const unbalanced = (await db().execute(sql`
      select entry_id from journal_lines group by entry_id having sum(debit_minor) <> sum(credit_minor)`)) as unknown as {
      rows: unknown[];
    };
    expect(unbalanced.rows).toEqual([]);
  });
});
