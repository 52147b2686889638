import { demoDataWritten } from '@fleet/device-kit/demo-data-written';
import { BASE_URL, DARK_BASE_URL } from './playwright.config';

/**
 * Before any test: each server has written its demo jobs. A first start writes them in the background
 * and a flow that began meanwhile would wait on every call; the tests wait here instead.
 */
export default async function demoJobsWritten() {
  await Promise.all([BASE_URL, DARK_BASE_URL].map((baseUrl) => demoDataWritten(baseUrl, 300_000)));
}
