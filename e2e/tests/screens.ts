import type { Page } from '@playwright/test';
import { paths } from '../../apps/web/src/config/paths.ts';
import { api, jobsWritten } from './api';

/** Records to fill the console's route parameters with, found through the API of the signed-in user. */
export interface SampleRecords {
  serialNumber: string;
  accessorySerialNumber: string;
  /** A job with graphs and pictures. */
  jobId: string;
  /** A rollout (the demo has a finished one per device type). */
  rolloutId: number;
  /** An order (the demo has one at each stage). */
  orderId: number;
  /** A vehicle of the VIN database and a battery (the demo records the vehicles of most jobs). */
  vin: string;
  batteryReference: string;
}

interface JobDetailAnswer {
  data: { job: { id: string; workflow: string }; graphCount: number; pictureCount: number };
}

/** The newest job (among the first hundred) that `wanted` accepts, by its detail. */
export async function findJob(page: Page, wanted: (detail: JobDetailAnswer['data']) => boolean) {
  await jobsWritten(page);
  const { data } = await api<{ data: { id: string }[] }>(
    page,
    '/api/Jobs?PageSize=100&FilterOnBeginDate=2000-01-01&BeginDateOperator=since',
  );
  for (const { id } of data) {
    const detail = (await api<JobDetailAnswer>(page, `/api/Jobs/JobDetail/${id}`)).data;
    if (wanted(detail)) return detail.job;
  }
  throw new Error('no such job among the newest hundred');
}

/** A job with graphs and pictures, to show every tab of the job detail. */
export const jobWithMedia = (page: Page) =>
  findJob(page, (detail) => detail.graphCount > 0 && detail.pictureCount > 0);

export async function sampleRecords(page: Page): Promise<SampleRecords> {
  const { series } = await api<{ series: { serialNumber: string; officialStoreCode: string | null }[] }>(
    page,
    '/api/Series/User?SerieStatusFilter=Activated&PageSize=100',
  );
  const device = series.find((card) => card.officialStoreCode) ?? series[0];
  const { data } = await api<{ data: { serialNumber: string }[] }>(page, '/api/Accessories?PageSize=10');
  if (!device || !data[0]) throw new Error('no device or accessory to show');
  const job = await jobWithMedia(page);
  const rollouts = await api<{ data: { id: number }[] }>(page, '/api/Updates/rollouts?PageSize=10');
  if (!rollouts.data[0]) throw new Error('no rollout to show');
  const orders = await api<{ orders: { id: number }[] }>(page, '/api/Orders?PageSize=10');
  if (!orders.orders[0]) throw new Error('no order to show');
  const { vehicles } = await api<{ vehicles: { vin: string; batteryReference: string | null }[] }>(
    page,
    '/api/Vehicles?PageSize=10',
  );
  const vehicle = vehicles.find((candidate) => candidate.batteryReference);
  if (!vehicle?.batteryReference) throw new Error('no vehicle with a battery to show');
  return {
    serialNumber: device.serialNumber,
    accessorySerialNumber: data[0].serialNumber,
    jobId: job.id,
    rolloutId: rollouts.data[0].id,
    orderId: orders.orders[0].id,
    vin: vehicle.vin,
    batteryReference: vehicle.batteryReference,
  };
}

export interface Screen {
  name: string;
  /** Path below /console. */
  path: string;
}

/**
 * Every screen of the console's route table, with its parameters filled in. New routes are in this
 * list the moment they are added to `paths`, so every check that loops over it covers them.
 */
export function everyScreen(records: SampleRecords): Screen[] {
  return Object.entries(paths).map(([name, route]) => {
    const serial = route.path.startsWith('/accessory/')
      ? records.accessorySerialNumber
      : records.serialNumber;
    const path = route.path
      .replace(':serialNumber', encodeURIComponent(serial))
      .replace(':versionNumber', 'last-version')
      .replace(':jobID', records.jobId)
      .replace(':rolloutId', String(records.rolloutId))
      .replace(':orderId', String(records.orderId))
      .replace(':vin', records.vin)
      .replace(':reference', encodeURIComponent(records.batteryReference));
    if (/:[A-Za-z]/.test(path))
      throw new Error(`no sample value for ${route.path}: add one in e2e/tests/screens.ts`);
    return { name, path };
  });
}

/** The time a test that visits every screen may take: a minute to start, then 4 s a screen. */
export function sweepTimeout(): number {
  return 60_000 + Object.keys(paths).length * 4_000;
}

/**
 * Waits until the page has had no request in flight for `quietMs` (lazy chunks and data included), at most
 * `limitMs`. Playwright's `networkidle` waits a fixed 500 ms after the last request, most of a sweep's time.
 */
export function requestTracker(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (step: number) => {
    inFlight = Math.max(0, inFlight + step);
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return async function settled(quietMs = 300, limitMs = 5_000) {
    const start = Date.now();
    while ((inFlight > 0 || Date.now() - lastChange < quietMs) && Date.now() - start < limitMs)
      await page.waitForTimeout(50);
  };
}
