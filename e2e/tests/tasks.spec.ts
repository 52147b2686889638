import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { jobsWritten } from './api';
import { signIn } from './sign-in';

async function requestExport(page: Page, description: string, type: 'CSV' | 'PDF') {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export jobs' });
  // The description is required: the dialog says so and stays.
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByText('Please enter a description for this export.')).toBeVisible();
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByText(type, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Export requested. Follow it in the task list at the top right.'),
  ).toBeVisible();
}

test('an export from the live list runs as a task in the dropdown, and its file holds the list', async ({
  page,
}) => {
  await signIn(page, 'administrator', '/console/jobs');
  await jobsWritten(page);
  await page.goto(
    '/console/jobs/live?BeginDate=2020-01-01&BeginDateOperator=since&JobStatus=Aborted&pageSize=10',
  );
  const firstJob = (await page
    .getByRole('checkbox', { name: /^Select job / })
    .first()
    .getAttribute('aria-label'))!.replace('Select job ', '');

  await requestExport(page, 'Aborted jobs', 'CSV');
  await page.getByRole('button', { name: /^Tasks/ }).click();
  const menu = page.getByRole('dialog').filter({ hasText: 'All tasks' });
  await expect(menu.getByText('Aborted jobs')).toBeVisible();
  // The task shows its progress while it runs, then Done with its actions.
  await expect(
    menu.getByRole('progressbar', { name: 'Progress of Aborted jobs' }).or(menu.getByText('Done')),
  ).toBeVisible();
  await expect(menu.getByText('Done')).toBeVisible({ timeout: 30_000 });

  const download = page.waitForEvent('download');
  await menu.getByRole('button', { name: 'Download Aborted jobs' }).click();
  const file = readFileSync(await (await download).path(), 'utf8');
  expect(file.startsWith('\uFEFF')).toBe(true);
  const [header, first] = file.slice(1).split('\r\n');
  expect(header).toContain('Job ID,Workflow,Begin date');
  expect(first!.split(',')[0]).toBe(firstJob);
});

test('a task that ended without a file can be run again from the tasks page', async ({ page }) => {
  await signIn(page, 'administrator', '/console/jobs');
  await jobsWritten(page);
  // Every job since 2020 is more than a PDF holds: the task ends with a message saying so.
  await page.goto('/console/jobs/live?BeginDate=2020-01-01&BeginDateOperator=since');
  await requestExport(page, 'Everything as PDF', 'PDF');

  await page.goto('/console/tasks');
  await expect(page).toHaveURL(/\/console\/tasks\/list/);
  const task = page
    .getByRole('region', { name: 'All tasks' })
    .getByRole('article', { name: 'Everything as PDF' });
  await expect(task.getByText('Ended without a file')).toBeVisible({ timeout: 30_000 });
  await expect(task.getByText(/A PDF export holds at most 10,000 jobs/)).toBeVisible();
  await expect(task.getByRole('button', { name: 'Download Everything as PDF' })).toBeDisabled();

  const respawned = page.waitForResponse((response) => /\/api\/Task\/.+\/respawn$/.test(response.url()));
  await task.getByRole('button', { name: 'Run again: Everything as PDF' }).click();
  expect((await respawned).status()).toBe(200);
  // Run again, it meets the same limit and ends the same way.
  await expect(task.getByText('Ended without a file')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Archive Everything as PDF' }).click();
  await expect(page.getByText('Everything as PDF')).toHaveCount(0);
});
