import { expect, test } from '@playwright/test';
import { api, jobsWritten } from './api';
import { signIn } from './sign-in';

interface JobsAnswer {
  data: { id: string; serialNumber: string; data: { WARRANTYCODE?: string; BAC?: string } }[];
}

test("a job's warranty check decodes its code into the job and device, and a mistyped code is caught", async ({
  page,
}) => {
  await signIn(page, 'support-manager');
  await jobsWritten(page);
  const { data } = await api<JobsAnswer>(
    page,
    '/api/Jobs?PageSize=10&FilterOnBeginDate=2000-01-01&BeginDateOperator=since&FilterOnWarrantyCode=WITH',
  );
  const job = data[0]!;
  const code = job.data.WARRANTYCODE!;
  await page.goto(`/console/job/${job.id}/summary`);
  // The check opens in a new tab (jobs §2); the job stays where it was.
  const opened = page.context().waitForEvent('page');
  await page.getByRole('toolbar').getByRole('link', { name: 'Check warranty' }).click();
  const decoder = await opened;
  await expect(decoder).toHaveURL(new RegExp(`/console/warrantycode/decode\\?warrantycode=${code}`));
  await expect(page).toHaveURL(new RegExp(`/console/job/${job.id}/summary`));

  const result = decoder.getByRole('region', { name: 'Decoded code' });
  await expect(result.getByText('Valid code')).toBeVisible();
  await expect(result.getByText(code)).toBeVisible();
  await expect(result.getByRole('link', { name: job.serialNumber })).toBeVisible();
  // The job's own battery code came along, and matches.
  const references = result.getByRole('table', { name: 'References' });
  await expect(references.getByRole('row', { name: /Battery code/ })).toContainText('Matches');
  await result.getByRole('link', { name: /of / }).click();
  await expect(decoder).toHaveURL(new RegExp(`/console/job/${job.id}`));

  await decoder.goBack();
  const mistyped = `${code.slice(0, 3)}${code[3] === '7' ? '8' : '7'}${code.slice(4)}`;
  await decoder.getByRole('textbox', { name: /^Warranty code/ }).fill(mistyped);
  await decoder.getByRole('button', { name: 'Decode' }).click();
  await expect(decoder.getByText(`${mistyped} is not a valid warranty code`)).toBeVisible();
  await expect(
    decoder.getByText('Its check character does not match: a character was mistyped.'),
  ).toBeVisible();
});
