import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import {
  CURRENT_TERMS_VERSION,
  ROLE_CODES,
  TASK_STATUS,
  canUseFeature,
  hasAnyRole,
  seesWholeFleet,
  type RoleCode,
} from '@fleet/contract';
import { randomUUID } from 'node:crypto';
import { DEFAULT_JOB_LAYOUT } from '@fleet/contract';
import {
  accessories,
  companies,
  components,
  jobTemplates,
  jobs,
  rollouts,
  deviceGroups,
  certificateDeliveries,
  certificates,
  series,
  tasks,
  users,
  versions,
  addresses,
  invoices,
  orders,
  packages,
  customsDeclarations,
  serviceCenters,
  shipmentProviders,
  dashboards,
  batteries,
  vehicles,
  surveys,
  fleetEvents,
  webhookDeliveries,
  webhookEndpoints,
} from '../src/db/schema.ts';
import { storeGraph, storePicture } from '../src/modules/jobs/media.ts';
import { encodePng } from '@fleet/device-kit/png';
import { DEMO_CUSTOMER } from '../src/demo/seed.ts';
import type { RouteAccess } from '../src/lib/route-access.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { exampleBodies, openApiPath } from './openapi-examples.ts';
import { ConformanceLog } from './conformance-log.ts';

/**
 * Every route of the server's route table, as every role: 403 exactly where the feature tree (and
 * a route's narrower role list) says no, never 401 or 403 where it says yes, and for reads of the
 * role's own records a 200. A customer or a partner asking for another company's record gets 404.
 * New routes are in the table the moment they are registered.
 */

interface Records {
  serialNumber: string;
  storeId: number;
  accessoryId: number | null;
  accessorySerialNumber: string | null;
  componentId: number | null;
  jobId: string | null;
  /** A graph and a picture of that job. */
  graphId: string | null;
  pictureId: string | null;
  deviceType: string;
  /** A certificate of the device, with a document. */
  certificateId: number;
  companyId: string;
  /** A delivery of that certificate. */
  deliveryId: number;
  /** An address of the company's book, and an order of the company. */
  addressId: number;
  orderId: number;
  packageId: number;
  customsDeclarationId: number;
  serviceCenterId: number;
  shipmentProviderId: number;
  dashboardId: number;
  /** An endpoint of the company's webhooks, with a delivery. */
  webhook: Webhook;
}

interface Webhook {
  endpointId: number;
  deliveryId: number;
}

let server: TestServer;
let bodies: Map<string, unknown>;
let conformance: ConformanceLog;
let routes: { method: string; url: string; access: RouteAccess }[];
/** Records of each company, and of no company for the internal members. */
const recordsOf = new Map<string, Records>();
let foreign: Records;
let customerCompanyId: string;
/** A running rollout every role finds (pausing or cancelling it leaves others a 409, never a 403). */
let rolloutId: number;
/** An empty device group of the matrix's own, which roles may rename and delete. */
let groupId: number;
/** A user without administrator rights, whom every role with rights management may put in a group. */
let plainUserId: string;

/**
 * The company's own order is at the center whose partners the demo's are (they reach it), another
 * company's at another center (they do not).
 */
async function companyRecords(companyId: string, centerCode = 'BIRMINGHAM'): Promise<Records> {
  const db = server.database.db;
  const address = {
    organization: 'Matrix',
    addressLines: ['1 Matrix Road'],
    locality: 'Lyon',
    regionCode: 'FR',
  };
  const [bookEntry] = await db
    .insert(addresses)
    .values({ companyId, label: 'Matrix', address })
    .returning({ id: addresses.id });
  const [center] = await db.select().from(serviceCenters).where(eq(serviceCenters.code, centerCode));
  const [order] = await db
    .insert(orders)
    .values({
      number: `MATRIX-${companyId.slice(0, 8)}`,
      companyId,
      createdByName: 'rights matrix',
      status: 'awaiting-payment',
      currency: 'EUR',
      paymentMethodType: 'card',
      serviceCenterId: center!.id,
      pickupAddress: address,
      billingAddress: address,
      totalMinor: 1000,
      acceptedTermsVersion: CURRENT_TERMS_VERSION,
    })
    .returning({ id: orders.id });
  const [provider] = await db.select({ id: shipmentProviders.id }).from(shipmentProviders).limit(1);
  const [shipped] = await db
    .insert(packages)
    .values({
      orderId: order!.id,
      direction: 'inbound',
      shipmentProviderId: provider!.id,
      trackingNumber: `FSM-${companyId.slice(0, 8)}`,
      status: 'label-created',
      weightGrams: 1000,
      currency: 'EUR',
      expectedChargeMinor: 100,
      fromAddress: address,
      toAddress: address,
      labelMediaKey: 'labels/matrix.pdf',
      plannedEvents: [],
    })
    .returning({ id: packages.id });
  const [carrier] = await db
    .insert(shipmentProviders)
    .values({
      serviceCenterId: center!.id,
      name: `Matrix carrier ${centerCode}`,
      kind: 'sandbox',
      accountNumber: 'MATRIX-1',
      rates: { EUR: { perPackageMinor: 100, perKgMinor: 10 } },
    })
    .returning({ id: shipmentProviders.id });
  const [declaration] = await db
    .insert(customsDeclarations)
    .values({
      number: `CD-M-${companyId.slice(0, 8)}`,
      packageId: shipped!.id,
      fromRegion: 'GB',
      toRegion: 'FR',
      currency: 'EUR',
      totalMinor: 1000,
      reason: 'sent-for-calibration',
      items: [],
    })
    .returning({ id: customsDeclarations.id });
  // Invoiced, so that reading its invoice is a read of an existing record.
  await db.insert(invoices).values({
    number: `INV-M-${companyId.slice(0, 8)}`,
    orderId: order!.id,
    companyId,
    currency: 'EUR',
    totalMinor: 1000,
    issuedAt: new Date(),
  });
  const [device] = await db
    .select({
      id: series.id,
      serialNumber: series.serialNumber,
      storeId: series.storeId,
      deviceType: series.deviceType,
    })
    .from(series)
    .where(and(eq(series.companyId, companyId), eq(series.deviceStatus, 'A'), isNotNull(series.storeId)))
    .orderBy(series.id)
    .limit(1);
  const [accessory] = await db
    .select({ id: accessories.id, serialNumber: accessories.serialNumber })
    .from(accessories)
    .where(eq(accessories.companyId, companyId))
    .limit(1);
  const [component] = await db
    .select({ id: components.id })
    .from(components)
    .where(eq(components.seriesId, device!.id))
    .limit(1);
  const [job] = await db
    .select({ id: jobs.id, seriesId: jobs.seriesId, serialNumber: series.serialNumber })
    .from(jobs)
    .innerJoin(series, eq(series.id, jobs.seriesId))
    .where(eq(jobs.companyId, companyId))
    .limit(1);
  const jobDevice = job && { id: job.seriesId, serialNumber: job.serialNumber };
  const graph =
    job &&
    (await storeGraph(db, server.app.media, jobDevice!, String(job.id), {
      fileName: 'matrix.csv',
      csv: 'X,A\n0,1\n1,2\n',
    }));
  const picture =
    job &&
    (await storePicture(db, server.app.media, jobDevice!, String(job.id), {
      fileName: 'matrix.png',
      bytes: encodePng(1, 1, new Uint8Array(3)),
      metadata: {},
    }));
  const [certificate] = await db
    .insert(certificates)
    .values({
      seriesId: device!.id,
      number: `MATRIX-${device!.serialNumber}`,
      calibrationDate: new Date(),
      endOfValidityDate: new Date(Date.now() + 365 * 86_400_000),
      documentKey: 'certificates/matrix.pdf',
    })
    .returning({ id: certificates.id });
  const [delivery] = await db
    .insert(certificateDeliveries)
    .values({
      companyId,
      recipients: ['matrix@example.com'],
      certificateIds: [certificate!.id],
      language: 'en',
      email: 'off',
      createdBy: 'rights matrix',
    })
    .returning({ id: certificateDeliveries.id });
  const [dashboard] = await db
    .insert(dashboards)
    .values({ companyId, name: 'Matrix', widgets: [] })
    .returning({ id: dashboards.id });
  return {
    dashboardId: dashboard!.id,
    webhook: await webhookOf(companyId, null),
    addressId: bookEntry!.id,
    orderId: order!.id,
    packageId: shipped!.id,
    customsDeclarationId: declaration!.id,
    serviceCenterId: center!.id,
    shipmentProviderId: carrier!.id,
    certificateId: certificate!.id,
    companyId,
    deliveryId: delivery!.id,
    jobId: job ? String(job.id) : null,
    deviceType: device!.deviceType,
    graphId: graph ? graph.id : null,
    pictureId: picture ? picture.id : null,
    serialNumber: device!.serialNumber,
    // The device's own store: it has a device, so no role can delete it from under the others.
    storeId: device!.storeId!,
    accessoryId: accessory?.id ?? null,
    accessorySerialNumber: accessory?.serialNumber ?? null,
    componentId: component?.id ?? null,
  };
}

/** The role's demo user belongs to a company; internal members work on the demo customer's records. */
async function recordsFor(role: RoleCode): Promise<Records> {
  const [user] = await server.database.db.select().from(users).where(eq(users.username, role));
  const companyId = seesWholeFleet([role]) ? customerCompanyId : user!.companyId!;
  let records = recordsOf.get(companyId);
  if (!records) {
    records = await companyRecords(companyId);
    recordsOf.set(companyId, records);
  }
  return records;
}

/** The description of the tasks the matrix writes itself; every other task is one a route started. */
const SAMPLE_TASK = 'Sample';

/** A done export of the role's own user, with its file, for the task routes (one per role). */
const taskOfRole = new Map<RoleCode, Promise<string>>();
function ownTask(role: RoleCode): Promise<string> {
  let task = taskOfRole.get(role);
  if (!task) {
    task = (async () => {
      const [user] = await server.database.db.select().from(users).where(eq(users.username, role));
      const id = randomUUID();
      const mediaKey = `exports/${id}/sample.csv`;
      await server.app.media.put(mediaKey, Buffer.from('a,b\r\n'));
      await server.database.db.insert(tasks).values({
        id,
        userId: user!.id,
        kind: 'jobs-export',
        description: SAMPLE_TASK,
        fileName: 'sample.csv',
        request: {},
        status: TASK_STATUS.DONE,
        mediaKey,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      return id;
    })();
    taskOfRole.set(role, task);
  }
  return task;
}

/** A dashboard the role shares (its company's, or the maker's staff's), one per role: editors delete it. */
const dashboardOfRole = new Map<RoleCode, Promise<number>>();
function ownDashboard(role: RoleCode): Promise<number> {
  let id = dashboardOfRole.get(role);
  if (!id) {
    id = (async () => {
      const [user] = await server.database.db.select().from(users).where(eq(users.username, role));
      const [dashboard] = await server.database.db
        .insert(dashboards)
        .values({ companyId: seesWholeFleet([role]) ? null : user!.companyId, name: role, widgets: [] })
        .returning({ id: dashboards.id });
      return dashboard!.id;
    })();
    dashboardOfRole.set(role, id);
  }
  return id;
}

/** An endpoint with a delivered event, to a port where nothing listens (a replay fails at once). */
async function webhookOf(companyId: string | null, ownerId: string | null): Promise<Webhook> {
  const db = server.database.db;
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      companyId,
      ownerId,
      url: 'http://127.0.0.1:9/matrix',
      eventTypes: ['job.created'],
      secret: 'whsec_matrix',
    })
    .returning({ id: webhookEndpoints.id });
  const [event] = await db
    .insert(fleetEvents)
    .values({
      type: 'job.created',
      version: 1,
      companyId,
      recordType: 'job',
      recordId: '1',
      data: {},
      dedupeKey: `matrix:${randomUUID()}`,
      dispatchedAt: new Date(),
    })
    .returning({ id: fleetEvents.id });
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ endpointId: endpoint!.id, eventId: event!.id, status: 'delivered', attempts: 1 })
    .returning({ id: webhookDeliveries.id });
  return { endpointId: endpoint!.id, deliveryId: delivery!.id };
}

/** An endpoint of the role's own (of every company for the staff), one per role: managers delete it. */
const webhookOfRole = new Map<RoleCode, Promise<Webhook>>();
function ownWebhook(role: RoleCode): Promise<Webhook> {
  let webhook = webhookOfRole.get(role);
  if (!webhook) {
    webhook = (async () => {
      const [user] = await server.database.db.select().from(users).where(eq(users.username, role));
      return webhookOf(seesWholeFleet([role]) ? null : user!.companyId, user!.id);
    })();
    webhookOfRole.set(role, webhook);
  }
  return webhook;
}

/** A report layout of the role's own, so that one role deleting it leaves the others theirs. */
const templateOfRole = new Map<RoleCode, Promise<string>>();
function ownTemplate(role: RoleCode): Promise<string> {
  let name = templateOfRole.get(role);
  if (!name) {
    name = server.database.db
      .insert(jobTemplates)
      .values({
        id: randomUUID(),
        name: `matrix-${role}`,
        layout: DEFAULT_JOB_LAYOUT as unknown as Record<string, unknown>,
      })
      .then(() => `matrix-${role}`);
    templateOfRole.set(role, name);
  }
  return name;
}

/** A version of the role's own, with its file, so that one role deleting it leaves the others theirs. */
const versionOfRole = new Map<RoleCode, Promise<string>>();
function ownVersion(role: RoleCode, deviceType: string): Promise<string> {
  let number = versionOfRole.get(role);
  if (!number) {
    number = (async () => {
      const version = `1.0.${ROLE_CODES.indexOf(role)}`;
      const mediaKey = `versions/matrix/${role}.bin`;
      await server.app.media.put(mediaKey, Buffer.from(role));
      await server.database.db.insert(versions).values({
        deviceType,
        kind: 'software',
        number: version,
        fileName: `${role}.bin`,
        size: role.length,
        sha256: '0'.repeat(64),
        mediaKey,
        uploadedBy: 'rights matrix',
      });
      return version;
    })();
    versionOfRole.set(role, number);
  }
  return number;
}

/**
 * A vehicle and a battery of the role's own (a VIN whose check digit is optional: W), so that one role
 * deleting them leaves the others theirs.
 */
const vinDbOfRole = new Map<RoleCode, Promise<{ vin: string; reference: string }>>();
function ownVinDbRecords(role: RoleCode): Promise<{ vin: string; reference: string }> {
  let records = vinDbOfRole.get(role);
  if (!records) {
    records = (async () => {
      const index = ROLE_CODES.indexOf(role);
      const vin = `WMX${String(index).padStart(14, '0')}`;
      const reference = `MATRIX-${index}`;
      await server.database.db
        .insert(batteries)
        .values({ reference, maker: 'MATRIX', chemistry: 'agm', voltage: 12 });
      await server.database.db.insert(vehicles).values({ vin, make: 'MATRIX', model: role, year: 2020 });
      return { vin, reference };
    })();
    vinDbOfRole.set(role, records);
  }
  return records;
}

/** An answered survey the role's own user entered (external ESAT users read only theirs), one per role. */
const surveyOfRole = new Map<RoleCode, Promise<string>>();
function ownSurvey(role: RoleCode): Promise<string> {
  let survey = surveyOfRole.get(role);
  if (!survey) {
    survey = (async () => {
      const db = server.database.db;
      const [user] = await db.select().from(users).where(eq(users.username, role));
      const [center] = await db.select().from(serviceCenters).limit(1);
      const address = { organization: 'Matrix', addressLines: ['1 Matrix Road'], regionCode: 'FR' };
      const [order] = await db
        .insert(orders)
        .values({
          number: `MATRIX-S-${ROLE_CODES.indexOf(role)}`,
          companyId: customerCompanyId,
          createdByName: 'rights matrix',
          status: 'delivered',
          currency: 'EUR',
          paymentMethodType: 'card',
          serviceCenterId: center!.id,
          pickupAddress: address,
          billingAddress: address,
          totalMinor: 1000,
          acceptedTermsVersion: CURRENT_TERMS_VERSION,
        })
        .returning({ id: orders.id });
      const [row] = await db
        .insert(surveys)
        .values({
          orderId: order!.id,
          companyId: customerCompanyId,
          serviceCenterId: center!.id,
          deliveredAt: new Date(),
          answeredAt: new Date(),
          enteredBy: user!.id,
          enteredByName: user!.name,
          source: 'entered',
        })
        .returning({ id: surveys.id });
      return String(row!.id);
    })();
    surveyOfRole.set(role, survey);
  }
  return survey;
}

/** Routes that need a query parameter to pass validation. */
const SAMPLE_QUERIES: Record<string, (records: Records) => string> = {
  '/api/ConnectionHistory': (records) => `SerialNumbers=${records.serialNumber}`,
  '/api/Series/:serialNumber/store': () => 'officialStoreCode=ANY-STORE',
  '/api/Certificates/Deliveries/Candidates': (records) => `Company=${records.companyId}`,
  '/api/Translations/:language/Overrides': () => 'target=all&namespace=company&key=page.title',
  '/api/Translations/:language/Objects': () => 'target=all&kind=device_status&code=activated',
};

/** A value for each path parameter: a record of this role, or null when it has none of that kind. */
async function concreteUrl(url: string, role: RoleCode, records: Records): Promise<string | null> {
  const me = await server.call(role, 'GET', '/api/me');
  const dashboardId = url.startsWith('/api/Dashboards/:id')
    ? String(records === foreign ? records.dashboardId : await ownDashboard(role))
    : null;
  const webhook = url.startsWith('/api/Webhooks/:id')
    ? records === foreign
      ? records.webhook
      : await ownWebhook(role)
    : null;
  const values: Record<string, string | null> = {
    serialNumber: records.serialNumber,
    userId: me.json().sub,
    product: 'tyre-pressure',
    uid: 'none',
    key: 'none',
    requestId: url.includes(':requestId') ? await ownTask(role) : null,
    name: url.includes('/template/') ? await ownTemplate(role) : null,
    // A type devices have: no role can delete it, so every role finds it.
    type: records.deviceType,
    deviceType: records.deviceType,
    partNumber: records.serialNumber.slice(0, 10),
    version: url.includes(':version') ? await ownVersion(role, records.deviceType) : null,
    graphId: records.graphId,
    pictureId: records.pictureId,
    code: 'W0000000000',
    // The checkout of no payment, a provider of no name: both are public, refused by what they check.
    paymentId: '00000000-0000-4000-8000-000000000000',
    provider: 'none',
    vin: url.includes(':vin') ? (await ownVinDbRecords(role)).vin : null,
    reference: url.includes(':reference') ? (await ownVinDbRecords(role)).reference : null,
    // A shipped language: every role reads its served texts, administrators manage them.
    language: 'fr',
    surveyId: url.includes(':surveyId') ? await ownSurvey(role) : null,
    companyId: records.companyId,
    deliveryId: webhook ? String(webhook.deliveryId) : null,
  };
  let missing = false;
  const concrete = url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    let value: string | null | undefined = values[name];
    if (url.startsWith('/api/Accessories/by-sn/')) value = records.accessorySerialNumber;
    // Only administrators change an administrator's groups: the member is a user every role may change.
    if (name === 'userId' && url.startsWith('/api/Rights/Groups/')) value = plainUserId;
    if (name === 'id') {
      if (url.startsWith('/api/Store/')) value = String(records.storeId);
      else if (url.startsWith('/api/Accessories/'))
        value = records.accessoryId === null ? null : String(records.accessoryId);
      else if (url.includes('/components/'))
        value = records.componentId === null ? null : String(records.componentId);
      else if (url.startsWith('/api/DeviceCertificate/')) value = records.serialNumber;
      else if (/^\/api\/(jobs|devices\/jobs)\//i.test(url)) value = records.jobId;
      else if (url.startsWith('/api/Updates/rollouts/')) value = String(rolloutId);
      else if (url.startsWith('/api/Rights/Users/')) value = me.json().sub;
      else if (url.startsWith('/api/Configuration/Users/')) value = me.json().sub;
      else if (url.startsWith('/api/Certificates/Deliveries/')) value = String(records.deliveryId);
      else if (url.startsWith('/api/Certificates/')) value = String(records.certificateId);
      // No corrupted job is needed: the rights are checked before the record is looked for.
      else if (url.startsWith('/api/CorruptedJobs/')) value = '1';
      else if (url.startsWith('/api/SerialRanges/')) value = '1';
      else if (url.startsWith('/api/Rights/Groups/')) value = String(groupId);
      else if (url.startsWith('/api/Configuration/Groups/')) value = String(groupId);
      else if (url.startsWith('/api/Addresses/')) value = String(records.addressId);
      else if (/^\/api\/(Shop\/|Accounting\/)?Orders\//.test(url)) value = String(records.orderId);
      else if (/^\/api\/Shop\/(Packages|CarrierAudit)\//.test(url)) value = String(records.packageId);
      // A center the role reaches (partners are staff of Birmingham's).
      else if (url.startsWith('/api/ServiceCenters/')) value = String(records.serviceCenterId);
      else if (url.startsWith('/api/Shop/ShipmentProviders/')) value = String(records.shipmentProviderId);
      // The demo catalogue's first records.
      else if (/^\/api\/Shop\/(Categories|Products|Skus)\//.test(url)) value = '1';
      else if (url.startsWith('/api/Dashboards/')) value = dashboardId;
      else if (url.startsWith('/api/Webhooks/')) value = String(webhook!.endpointId);
      else if (url.startsWith('/api/Accounting/CustomsDeclarations/'))
        value = String(records.customsDeclarationId);
    }
    // An account the console posts to: reads and renames answer, a removal is refused (409).
    if (name === 'code' && url.startsWith('/api/Accounting/Accounts/')) value = '4300';
    if (name === 'code' && url.startsWith('/api/Shop/Currencies/')) value = 'EUR';
    if (name === 'code' && url.startsWith('/api/Shop/PaymentMethodTypes/')) value = 'card';
    if (value === undefined)
      throw new Error(`no sample value for :${name} of ${url}: add one to the rights matrix`);
    if (value === null) missing = true;
    return encodeURIComponent(value ?? '');
  });
  if (missing) return null;
  const query = SAMPLE_QUERIES[url]?.(records);
  return query ? `${concrete}?${query}` : concrete;
}

/** The route called as the role, its answer checked against the OpenAPI document. */
async function callRoute(role: RoleCode, route: { method: string; url: string }, url: string) {
  const response = await server.call(role, route.method as 'GET', url, bodyOf(route));
  conformance.record(route.method, openApiPath(route.url), response);
  return response;
}

/** A body the route's schema accepts, so that what answers is the rights check, not validation. */
function bodyOf(route: { method: string; url: string }): unknown {
  return bodies.get(`${route.method} ${openApiPath(route.url)}`);
}

function allowed(access: Exclude<RouteAccess, 'public' | 'device'>, role: RoleCode): boolean {
  if (access === 'signed-in') return true;
  return canUseFeature(access.feature, [role]) && hasAnyRole(access.roles, [role]);
}

beforeAll(async () => {
  // The matrix makes endpoints and replays deliveries: none is sent anywhere.
  server = await startTestServer({ WEBHOOK_DELIVERY_SECONDS: '3600' });
  // Deletions last: a role's reads of a record come before it may delete it.
  routes = [...server.app.apiRoutes].sort(
    (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
  );
  const document = (await server.app.inject({ url: '/api/docs/json' })).json();
  bodies = exampleBodies(document);
  conformance = new ConformanceLog(document);
  const [customer] = await server.database.db
    .select()
    .from(companies)
    .where(eq(companies.code, DEMO_CUSTOMER));
  customerCompanyId = customer!.id;
  const [other] = await server.database.db
    .select({ id: companies.id })
    .from(companies)
    .innerJoin(series, eq(series.companyId, companies.id))
    .where(and(ne(companies.code, DEMO_CUSTOMER), ne(companies.code, 'DEMO-PARTNER')))
    .limit(1);
  foreign = await companyRecords(other!.id, 'LYON');
  const [rollout] = await server.database.db
    .insert(rollouts)
    .values({
      deviceType: 'MATRIX',
      kind: 'software',
      version: '1.0.0',
      state: 'running',
      filter: {},
      wavePercents: [100],
      waveCount: 1,
      failureThresholdPercent: 10,
      waveWindowMinutes: 60,
      waveStartedAt: new Date(),
      waveStarts: [new Date().toISOString()],
      createdBy: 'rights matrix',
    })
    .returning({ id: rollouts.id });
  rolloutId = rollout!.id;
  const [group] = await server.database.db
    .insert(deviceGroups)
    .values({ name: 'Rights matrix group' })
    .returning({ id: deviceGroups.id });
  groupId = group!.id;
  const [plain] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'business'));
  plainUserId = plain!.id;
});
afterAll(async () => server?.close());

describe('rights matrix: every route as every role', () => {
  it.each(ROLE_CODES)('%s gets what the feature tree gives it, and nothing more', async (role) => {
    const records = await recordsFor(role);
    const wrong: string[] = [];
    for (const route of routes) {
      if (route.access === 'public') continue;
      const url = await concreteUrl(route.url, role, records);
      if (url === null) continue;
      const response = await callRoute(role, route, url);
      const where = `${route.method} ${url} → ${response.statusCode}`;
      if (route.access === 'device') {
        if (response.statusCode !== 401) wrong.push(`${where}: a user token must never pass as a device`);
        continue;
      }
      const may = allowed(route.access, role);
      if (!may && response.statusCode !== 403) wrong.push(`${where}: expected 403`);
      if (may && [401, 403].includes(response.statusCode))
        wrong.push(`${where}: expected access (${response.body})`);
      if (may && route.method === 'GET' && response.statusCode !== 200)
        wrong.push(`${where}: expected 200 for its own record (${response.body.slice(0, 100)})`);
    }
    expect(wrong).toEqual([]);
  });

  it('leaves every task the roles started to a role that finds it in its task list', async () => {
    const started = await server.database.db
      .select({ kind: tasks.kind, username: users.username })
      .from(tasks)
      .innerJoin(users, eq(users.id, tasks.userId))
      .where(ne(tasks.description, SAMPLE_TASK));
    expect(started.length).toBeGreaterThan(0);
    const stranded = started.filter((task) => !canUseFeature('TASKS', [task.username ?? '']));
    expect(stranded.map((task) => `${task.username} started ${task.kind}`)).toEqual([]);
  });

  it.each(['customer-engineering-manager', 'external-calibrator'] as const)(
    '%s gets 404 for another company’s records',
    async (role) => {
      const wrong: string[] = [];
      let checked = 0;
      for (const route of routes) {
        if (typeof route.access !== 'object' || !allowed(route.access, role)) continue;
        if (!/:(serialNumber|id)\b/.test(route.url)) continue;
        const url = await concreteUrl(route.url, role, foreign);
        if (url === null) continue;
        const response = await callRoute(role, route, url);
        checked++;
        if (response.statusCode !== 404) wrong.push(`${route.method} ${url} → ${response.statusCode}`);
      }
      expect(checked).toBeGreaterThan(5);
      expect(wrong).toEqual([]);
    },
  );

  it('answers every call as the OpenAPI document says', () => {
    expect(conformance.checked).toBeGreaterThan(2000);
    expect(conformance.report()).toEqual([]);
  });
});
