import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { api, jobsWritten } from './api';
import { signIn } from './sign-in';

const jobIds = (page: Page) =>
  page
    .getByRole('checkbox', { name: /^Select job / })
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')!.replace('Select job ', '')));

test('the live jobs list filters, pages forward and back, and a reload shows the same state', async ({
  page,
}) => {
  await signIn(page, 'administrator', '/console/jobs');
  await jobsWritten(page);
  await expect(page).toHaveURL(/\/console\/jobs\/live\?.*BeginDate=/);
  await expect(page.getByRole('tab', { name: 'Live', selected: true })).toBeVisible();
  // The required begin date cannot be removed: its pill has no remove button.
  await expect(page.getByText(/^Begin date since /)).toBeVisible();

  // A wider period than the default day, through the URL as a shared link would give it.
  await page.goto('/console/jobs/live?BeginDate=2020-01-01&BeginDateOperator=since&pageSize=10');
  await expect(page.getByRole('checkbox', { name: /^Select job / })).toHaveCount(10);
  const page1 = await jobIds(page);

  const filter = page.getByLabel('Filter');
  await filter.click();
  await page.getByRole('option', { name: 'Job status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(page).toHaveURL(/JobStatus=Completed/);
  await expect(page.getByText('Job status: Completed')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Jobs' }).getByText('Aborted')).toHaveCount(0);

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/cursor=/);
  // The next page once it is there: while it loads, the table may show no rows at all.
  await expect
    .poll(async () => {
      const ids = await jobIds(page);
      return ids.length === 10 && ids.join() !== page1.join();
    })
    .toBe(true);
  const page2 = await jobIds(page);
  await page.reload();
  await expect.poll(() => jobIds(page)).toEqual(page2);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect.poll(async () => (await jobIds(page)).length).toBe(10);
  expect(await jobIds(page)).not.toEqual(page2);

  // The preview of a row and the total on demand.
  await page
    .getByRole('button', { name: /^Show the preview of job / })
    .first()
    .click();
  // The preview is the job's report, in the user's layout, with the way to the job's page.
  await expect(page.getByRole('region', { name: 'Job', exact: true }).getByText('Job number')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Open job \d+$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Show the total' }).click();
  await expect(page.getByText(/^[\d,]+ jobs?$/)).toBeVisible();

  // Removing the status token: the list goes back to all statuses.
  await page.getByRole('button', { name: /Remove Job status/ }).click();
  await expect(page).not.toHaveURL(/JobStatus=/);
});

test('operators are chosen from the bar: contains on a tag, before on the begin date; headers sort', async ({
  page,
}) => {
  await signIn(page, 'administrator', '/console/jobs');
  await jobsWritten(page);
  // The oldest job with a VIN: the days before two days after it hold it.
  const { data } = await api<{ data: { beginDate: string; data: Record<string, unknown> }[] }>(
    page,
    '/api/Jobs?FilterOnBeginDate=2000-01-01&BeginDateOperator=since&HasVIN=true&SortOrder=ASC&PageSize=10',
  );
  const oldest = data[0]!;
  const part = String(oldest.data.VIN).slice(3, 8);
  // Two days on: the start of a day in the user's zone (Paris) may come before it in UTC.
  const dayAfter = new Date(Date.parse(oldest.beginDate) + 2 * 86_400_000).toISOString().slice(0, 10);
  const [year, month, day] = dayAfter.split('-');
  const filter = page.getByLabel('Filter');

  // The begin date: its pill opens in place, its operator is picked from a menu, its day typed.
  await page.getByText(/^Begin date since /).click();
  await page.getByRole('button', { name: /^Change the operator of Begin date/ }).click();
  await page.getByRole('option', { name: 'before' }).click();
  await page.getByLabel('Day').fill(dayAfter);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`BeginDate=${dayAfter}&BeginDateOperator=before`));
  await expect(page.getByText(`Begin date before ${month}/${day}/${year}`)).toBeVisible();

  // A tag that contains what was typed.
  await filter.click();
  await page.getByRole('option', { name: 'VIN', exact: true }).click();
  await page.getByRole('option', { name: 'contains' }).click();
  await page.keyboard.type(part);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`VIN=${part}&VINOperator=almost`));
  await expect(page.getByText(`VIN contains ${part}`)).toBeVisible();
  const table = page.getByRole('table', { name: 'Jobs' });
  await expect(table.locator('tbody tr').first()).toContainText(part);
  const vins = await table.locator('tbody tr td:nth-child(10)').allInnerTexts();
  expect(vins.every((vin) => vin.includes(part))).toBe(true);

  // Sorted by clicking a header: the order toggles, the address keeps it.
  const begin = page.getByRole('columnheader', { name: /Begin date/ });
  await expect(begin).toHaveAttribute('aria-sort', 'descending');
  await begin.getByRole('button').click();
  await expect(page).toHaveURL(/sortColumnName=BeginDate&sortOrder=ASC/);
  await expect(begin).toHaveAttribute('aria-sort', 'ascending');
});

test('a job row opens the job, in a new tab on a ctrl-click; a selection of jobs is exported', async ({
  page,
  context,
}) => {
  // A user whose tasks no other test reads: the export adds one.
  await signIn(page, 'devops-manager', '/console/jobs');
  await jobsWritten(page);
  // Jobs begun before today: the simulated devices' new jobs do not push them off the page.
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/console/jobs/live?BeginDate=${today}&BeginDateOperator=before&pageSize=10`);
  await expect(page.getByRole('checkbox', { name: /^Select job / })).toHaveCount(10);
  const [first, second] = await jobIds(page);
  // Rows by their job, wherever they stand.
  const rowOf = (id: string) =>
    page
      .getByRole('table', { name: 'Jobs' })
      .locator('tbody tr')
      .filter({ has: page.getByRole('checkbox', { name: `Select job ${id}`, exact: true }) });

  const opened = context.waitForEvent('page');
  await rowOf(first!)
    .locator('td')
    .nth(5)
    .click({ modifiers: ['Control'] });
  const tab = await opened;
  await expect(tab).toHaveURL(new RegExp(`/console/job/${first}/summary`));
  await tab.close();
  await expect(page).toHaveURL(/\/jobs\/live/);

  await page.getByRole('checkbox', { name: `Select job ${first}` }).check();
  await page.getByRole('checkbox', { name: `Select job ${second}` }).check();
  await page.getByRole('button', { name: 'Export the 2 selected jobs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export jobs' });
  await dialog.getByLabel('Description').fill('Two picked jobs');
  await dialog.getByText('CSV', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: /^Tasks/ }).click();
  const menu = page.getByRole('dialog').filter({ hasText: 'All tasks' });
  await expect(menu.getByText('Done')).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await menu.getByRole('button', { name: 'Download Two picked jobs' }).click();
  const file = readFileSync(await (await download).path(), 'utf8');
  const ids = file
    .slice(1)
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split(',')[0]);
  expect(ids.sort()).toEqual([first, second].sort());

  await rowOf(first!).locator('td').nth(5).click();
  await expect(page).toHaveURL(new RegExp(`/console/job/${first}/summary`));
});

test('the archived jobs have their banner; associations open their card for an administrator', async ({
  page,
}) => {
  await signIn(page, 'administrator', '/console/jobs/archived');
  await jobsWritten(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Archived jobs' })).toBeVisible();
  await expect(page.getByRole('button', { name: /close/i })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /^Select job / }).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Associations' }).click();
  await expect(page).toHaveURL(/\/jobs\/associations/);
  const rows = page.getByRole('table', { name: 'Job associations' }).getByRole('row');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  const firstCard = await page.getByRole('heading', { name: /^Association \d+$/ }).textContent();
  await rows.nth(3).click();
  await expect(rows.nth(3)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: /^Association \d+$/ })).not.toHaveText(firstCard!);
});

test('a customer has no associations tab, and sees the jobs of a device on its page', async ({ page }) => {
  await signIn(page, 'customer-engineering-manager', '/console/jobs');
  await jobsWritten(page);
  await expect(page.getByRole('tab', { name: 'Archived' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Associations' })).toHaveCount(0);
  await page.goto('/console/jobs/associations');
  await expect(page).toHaveURL(/\/jobs\/live/);

  const { data } = await api<{ data: { serialNumber: string }[] }>(
    page,
    '/api/Jobs?FilterOnBeginDate=2020-01-01&BeginDateOperator=since&PageSize=10',
  );
  const serialNumber = data[0]!.serialNumber;
  await page.goto(`/console/serie/${serialNumber}/jobs?BeginDate=2020-01-01&BeginDateOperator=since`);
  await expect(page.getByRole('tab', { name: 'Jobs', selected: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Jobs' }).locator('tbody tr').first()).toBeVisible();
  // A customer without the export right has nothing to do with a selection: no checkboxes.
  await expect(page.getByRole('checkbox', { name: /^Select job / })).toHaveCount(0);
  // On a device page the device column and the serial-number token are left out.
  await expect(page.getByRole('columnheader', { name: 'Device' })).toHaveCount(0);
  await page.getByLabel('Filter').click();
  await expect(page.getByRole('option', { name: 'Serial number' })).toHaveCount(0);
});

test('a job a simulated device produces shows up in its Jobs tab', async ({ page }) => {
  test.setTimeout(240_000);
  const file = path.join(import.meta.dirname, '..', '.simulated-devices.json');
  const [serialNumber] = JSON.parse(readFileSync(file, 'utf8')) as string[];
  await signIn(page, 'support-manager', `/console/serie/${serialNumber}/jobs`);
  await jobsWritten(page);
  const { data } = await api<{ data: { id: string }[] }>(
    page,
    `/api/Jobs?SerialNumber=${serialNumber}&FilterOnBeginDate=2000-01-01&BeginDateOperator=since&PageSize=100`,
  );
  const before = new Set(data.map((job) => job.id));
  // The device sends a job in each session (online 25 s of every 75 s); the list asks again every 30 s.
  await expect
    .poll(async () => (await jobIds(page)).some((id) => !before.has(id)), {
      timeout: 200_000,
      intervals: [2000],
    })
    .toBe(true);
});

test('filters saved under a name come back on the jobs and devices lists', async ({ page }) => {
  await signIn(
    page,
    'support-manager',
    '/console/jobs/live?BeginDate=2020-01-01&BeginDateOperator=since&JobStatus=Aborted',
  );
  await jobsWritten(page);
  await page.getByRole('button', { name: /^Saved filters/ }).click();
  await page.getByRole('menuitem', { name: 'Save these filters…' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Aborted jobs');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved filters (1)' })).toBeVisible();

  await page.goto('/console/jobs/live?BeginDate=2021-01-01&BeginDateOperator=since');
  await expect(page).not.toHaveURL(/JobStatus/);
  await page.getByRole('button', { name: 'Saved filters (1)' }).click();
  await page.getByRole('menuitem', { name: 'Aborted jobs', exact: true }).click();
  await expect(page).toHaveURL(/JobStatus=Aborted/);
  await expect(page).toHaveURL(/BeginDate=2020-01-01/);

  await page.goto('/console/series/devices?MakerFilter=Kessler');
  await page.getByRole('button', { name: /^Saved filters/ }).click();
  await page.getByRole('menuitem', { name: 'Save these filters…' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Kessler devices');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.goto('/console/series/devices?pageNumber=1');
  await page.getByRole('button', { name: 'Saved filters (1)' }).click();
  // Each list has its own saved filters.
  await expect(page.getByRole('menuitem', { name: 'Aborted jobs', exact: true })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Kessler devices', exact: true }).click();
  await expect(page).toHaveURL(/MakerFilter=Kessler/);
});
