import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { api, jobsWritten } from './api';
import { jobWithMedia } from './screens';
import { signIn } from './sign-in';

const summaryOf = (page: Page, id: string) => page.goto(`/console/job/${id}/summary`);
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('job detail', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'administrator');
  });

  test('edits a job: save once something changed, the banner, the change on the report and in its history', async ({
    page,
  }) => {
    const job = await jobWithMedia(page);
    await summaryOf(page, job.id);
    await page.getByRole('button', { name: 'Edit job' }).click();
    const save = page.getByRole('button', { name: 'Save modifications' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Repair order').fill('RO-E2E-4711');
    await expect(save).toBeEnabled();
    await save.click();
    const banner = page.getByText('Job updated with new data!');
    await expect(banner).toBeVisible();
    await expect(section(page, 'Job').getByText('RO-E2E-4711')).toBeVisible();
    await expect(page.getByText(/Administrator \(demo\) changed Repair order/)).toBeVisible();
    // A temporary banner: 3 s.
    await expect(banner).toBeHidden({ timeout: 5_000 });
  });

  test('builds a layout, exports it, refuses a broken import, saves it, deletes it and falls back to default', async ({
    page,
  }) => {
    const job = await jobWithMedia(page);
    await summaryOf(page, job.id);
    await expect(section(page, 'Vehicle')).toBeVisible();
    await page.getByRole('button', { name: 'Edit layout' }).click();

    // Drop the vehicle section, with the confirmation of jobs §4.
    await page
      .getByRole('region', { name: 'Section 2' })
      .getByRole('button', { name: 'Drop the section' })
      .click();
    await expect(page.getByText('Are you sure you want to drop the section?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByRole('region', { name: /Preview/ }).getByRole('region', { name: 'Vehicle' }),
    ).toHaveCount(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const exported = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as {
      version: number;
      data: { title: string }[];
    };
    expect(exported.version).toBe(1);
    expect(exported.data.map((one) => one.title)).not.toContain('vehicle');

    await page.getByLabel('Layout file to import').setInputFiles({
      name: 'broken.layout.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({
          version: 1,
          data: [
            {
              type: 'section',
              title: 'vehicle',
              show_title: true,
              render: [[{ tag: 'VIN' }, { tag: 'ENGINE' }]],
            },
          ],
        }),
      ),
    });
    await expect(page.getByRole('alert')).toContainText(
      'Section 0, line 0, tag 1: ENGINE is not a supported tag',
    );

    await page.getByRole('button', { name: 'Save as new…' }).click();
    const name = page.getByRole('dialog').getByLabel('Name of the new layout');
    await name.fill('default');
    await expect(page.getByRole('dialog')).toContainText('default is an already existing template');
    await name.fill('Without vehicle');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Layout saved on the server!')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Layout', exact: true })).toHaveValue('Without vehicle');
    await expect(section(page, 'Vehicle')).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit layout' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Layout deleted!')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Layout', exact: true })).toHaveValue('default');
    await expect(section(page, 'Vehicle')).toBeVisible();
  });

  test('draws a graph of a million points and zooms into it', async ({ page }) => {
    test.setTimeout(120_000);
    const run = await findLongRun(page);
    await page.goto(`/console/job/${run.jobId}/graphs?graph=${run.graphId}`);
    const chart = page.locator(`[data-graph-id="${run.graphId}"][data-graph-drawn]`);
    await expect(chart).toBeVisible({ timeout: 30_000 });
    const box = (await chart.locator('canvas').first().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let turn = 0; turn < 4; turn++) await page.mouse.wheel(0, -400);
    // Zoomed in: the window shown is a part of the run's 500 s, drawn again from its points.
    const span = async () => {
      const [from, to] = ((await chart.getAttribute('data-graph-window')) ?? '0-500').split('-').map(Number);
      return to! - from!;
    };
    await expect.poll(span).toBeLessThan(350);
    expect(await span()).toBeGreaterThan(0);
  });

  test('opens a picture full screen and closes it', async ({ page }) => {
    const job = await jobWithMedia(page);
    await page.goto(`/console/job/${job.id}/pictures`);
    await page.getByRole('button', { name: 'Show plate.png full screen' }).click();
    const viewer = page.getByRole('dialog', { name: 'plate.png' });
    await expect(viewer.getByRole('img')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  test('prints the report alone, in the user’s print settings', async ({ page, browser }) => {
    const job = await jobWithMedia(page);
    await page.addInitScript(() => {
      // Every frame's print records what it would print instead of opening the dialog.
      window.print = () => {
        (window.top as unknown as { printed?: string }).printed = document.documentElement.outerHTML;
      };
    });
    await summaryOf(page, job.id);
    await page.getByRole('button', { name: 'Print' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed?: string }).printed ?? ''))
      .toContain('Vehicle');
    const printed = await page.evaluate(() => (window as unknown as { printed: string }).printed);
    expect(printed).toContain('@page { size: letter; margin: 1in 1in; }');
    const preview = await browser.newPage();
    await preview.setContent(printed);
    await preview.emulateMedia({ media: 'print' });
    await expect(preview.getByRole('region', { name: 'Vehicle' })).toBeVisible();
    await expect(preview.getByRole('banner')).toHaveCount(0);
    await expect(preview.getByRole('toolbar')).toHaveCount(0);
    await expect(preview.getByRole('tab')).toHaveCount(0);
    await preview.screenshot({ path: 'test-results/print-preview.png', fullPage: true });
    await preview.close();
  });
});

/** The torque audit with the longest run of the demo fleet (the seed records one of a million points). */
async function findLongRun(page: Page): Promise<{ jobId: string; graphId: string }> {
  await jobsWritten(page);
  let best = { jobId: '', graphId: '', points: 0 };
  const { data } = await api<{ data: { id: string }[] }>(
    page,
    '/api/Jobs?PageSize=20&FilterOnBeginDate=2000-01-01&BeginDateOperator=since&Search=TORQUE-AUDIT',
  );
  for (const job of data) {
    const graphs = await api<{ data: { id: string; pointCount: number }[] }>(
      page,
      `/api/Jobs/${job.id}/Graphs`,
    );
    for (const graph of graphs.data)
      if (graph.pointCount > best.points)
        best = { jobId: job.id, graphId: graph.id, points: graph.pointCount };
  }
  expect(best.points).toBe(1_000_000);
  return best;
}
