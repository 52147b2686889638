import { expect, test } from '@playwright/test';
import { api, jobsWritten } from './api';
import { signIn } from './sign-in';

interface JobTags {
  id: string;
  data: { VIN?: string; MK?: string; MD?: string; YE?: string };
}

test("a job's VIN leads to its vehicle in the VIN database", async ({ page }) => {
  await signIn(page, 'administrator');
  await jobsWritten(page);
  const { data } = await api<{ data: JobTags[] }>(
    page,
    '/api/Jobs?PageSize=100&FilterOnBeginDate=2000-01-01&BeginDateOperator=since&HasVIN=true',
  );
  let job: JobTags | undefined;
  for (const candidate of data) {
    const found = await api(page, `/api/Vehicles/${candidate.data.VIN}`).then(
      () => true,
      () => false,
    );
    if (found) {
      job = candidate;
      break;
    }
  }
  if (!job?.data.VIN) throw new Error('no job of a recorded vehicle among the newest hundred');
  const vin = job.data.VIN;

  await page.goto(`/console/job/${job.id}/summary`);
  await page.getByRole('link', { name: `Open vehicle ${vin} in the VIN database` }).click();
  await expect(page).toHaveURL(new RegExp(`/console/vindb/car/${vin}$`));
  await expect(page.getByRole('heading', { name: vin })).toBeVisible();
  await expect(page.getByTestId('vehicle-summary')).toHaveText(
    `${job.data.MK} ${job.data.MD} · ${job.data.YE}`,
  );
  await expect(page.getByRole('tab', { name: 'Vehicles', selected: true })).toBeVisible();
});
