import type { Job } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { requestsTo } from '../../../../testing/render-route';
import { detailJob, JOB_ID, jobDetail, openJobDetail } from '../job-detail-fixtures';

const JOB_PATH = `/api/Jobs/${JOB_ID}`;
const sentBody = (request: { init?: RequestInit | undefined } | undefined) =>
  JSON.parse(String(request?.init?.body)) as unknown;

describe('the raw data of a job', () => {
  /** The job as `GET /api/Jobs/{id}` answers it: with a tag the detail's copy does not have. */
  const raw: Job = detailJob({ data: { ...detailJob().data, FIRMWARE: '3.1.4' } });

  let anchorClick: MockInstance | null = null;
  const urlFunctions = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  afterEach(() => {
    anchorClick?.mockRestore();
    anchorClick = null;
    URL.createObjectURL = urlFunctions.create;
    URL.revokeObjectURL = urlFunctions.revoke;
  });

  /** The files the page saves through a link to a blob (`downloadText`), by name. */
  function catchDownloads() {
    const blobs = new Map<string, Blob>();
    const saved: { name: string; blob: Blob | undefined }[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      const url = `blob:http://localhost/${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    });
    const revoke = vi.fn();
    URL.revokeObjectURL = revoke;
    anchorClick = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: blobs.get(this.href) });
    });
    return { saved, revoke };
  }

  it('shows the job as JSON in a dialog, read from the API when asked for', async () => {
    const user = userEvent.setup();
    const { fetchSpy } = openJobDetail('summary', 'customer-engineering-user', {
      answers: { [`GET ${JOB_PATH}`]: { body: raw } },
    });
    const button = await screen.findByRole('button', { name: 'See raw data' });
    expect(requestsTo(fetchSpy, 'GET', JOB_PATH)).toHaveLength(0);

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: `Raw data of job ${JOB_ID}` });
    expect(dialog.querySelector('pre')?.textContent).toBe(JSON.stringify(raw, null, 2));
    expect(within(dialog).getByText(/"FIRMWARE": "3\.1\.4"/)).toBeInTheDocument();
    const [asked] = requestsTo(fetchSpy, 'GET', JOB_PATH);
    expect(new Headers(asked?.init?.headers).get('version')).toBe('2.0');
  });

  it('downloads the job read from the API as job-<id>.json', async () => {
    const user = userEvent.setup();
    const { fetchSpy } = openJobDetail('summary', 'customer-engineering-user', {
      answers: { [`GET ${JOB_PATH}`]: { body: raw } },
    });
    const { saved, revoke } = catchDownloads();
    await user.click(await screen.findByRole('button', { name: 'Download JSON' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe(`job-${JOB_ID}.json`);
    expect(saved[0]!.blob?.type).toBe('application/json');
    expect(JSON.parse(await saved[0]!.blob!.text())).toEqual(raw);
    expect(requestsTo(fetchSpy, 'GET', JOB_PATH)).toHaveLength(1);
    // The blob's address is let go once the download has started.
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:http://localhost/1'), { timeout: 3_000 });
  });
});

describe('editing a job', () => {
  it('offers the server’s editable tags only, saves once a tag changed, and sends only the changes', async () => {
    const user = userEvent.setup();
    const job = detailJob();
    const { fetchSpy } = openJobDetail('summary', 'administrator', {
      job,
      answers: {
        // VIN and make are editable in the catalogue; the server lets users edit the repair order only.
        'GET /api/Jobs/EditableTags': { body: ['RO', 'NOTE'] },
        [`PATCH ${JOB_PATH}`]: { body: { ...job, data: { ...job.data, RO: 'RO-17' } } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit job' }));

    const repairOrder = await screen.findByRole('textbox', { name: 'Repair order' });
    expect(repairOrder).toHaveValue('RO-1');
    expect(screen.queryByRole('textbox', { name: 'VIN' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Make' })).not.toBeInTheDocument();
    expect(screen.getByText('RENAULT')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save modifications' });
    expect(save).toBeDisabled();

    await user.clear(repairOrder);
    await user.type(repairOrder, 'RO-2');
    expect(save).toBeEnabled();
    // Back to what the job holds: nothing to save.
    await user.clear(repairOrder);
    await user.type(repairOrder, 'RO-1');
    expect(save).toBeDisabled();
    await user.type(repairOrder, '7');
    expect(save).toBeEnabled();

    await user.click(save);
    expect(await screen.findByText('Job updated with new data!')).toBeInTheDocument();
    const patches = requestsTo(fetchSpy, 'PATCH', JOB_PATH);
    expect(patches).toHaveLength(1);
    expect(sentBody(patches[0])).toEqual({ data: { RO: 'RO-17' } });
    expect(requestsTo(fetchSpy, 'GET', '/api/Jobs/EditableTags')).toHaveLength(1);
  });

  it('shows the notes with "show all tags", so that a job without a note can be given one', async () => {
    const user = userEvent.setup();
    const job = detailJob();
    const { fetchSpy } = openJobDetail('summary', 'administrator', {
      job,
      detail: jobDetail(job),
      answers: {
        'GET /api/Jobs/EditableTags': { body: ['RO', 'NOTE'] },
        [`PATCH ${JOB_PATH}`]: { body: { ...job, data: { ...job.data, NOTE: 'Sensor replaced' } } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit job' }));
    await screen.findByRole('textbox', { name: 'Repair order' });
    // The job has no note: its section is not shown in edit mode alone.
    expect(screen.queryByRole('region', { name: 'Notes' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Show all tags' }));
    const notes = await screen.findByRole('region', { name: 'Notes' });
    const note = within(notes).getByRole('textbox', { name: 'Note' });
    expect(note).toHaveValue('');
    await user.type(note, 'Sensor replaced');
    await user.click(screen.getByRole('button', { name: 'Save modifications' }));

    expect(await screen.findByText('Job updated with new data!')).toBeInTheDocument();
    const [sent] = requestsTo(fetchSpy, 'PATCH', JOB_PATH);
    expect(sentBody(sent)).toEqual({ data: { NOTE: 'Sensor replaced' } });
  });
});

describe('the warranty check', () => {
  const warrantyJob = detailJob({
    data: {
      WARRANTYCODE: ' WC-2026-0042 ',
      RO: 'RO-1',
      BAC: 'BAC 77',
      VIN: 'VF1RFB00067891234',
    },
  });

  it('opens the warranty decoder in a new tab with the job’s code, repair order, battery and VIN', async () => {
    openJobDetail('summary', 'customer-warranty-manager', { job: warrantyJob });
    const link = await screen.findByRole('link', { name: 'Check warranty' });
    expect(link).toHaveAttribute('target', '_blank');
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/warrantycode/decode');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      warrantycode: 'WC-2026-0042',
      ro: 'RO-1',
      bac: 'BAC 77',
      vin: 'VF1RFB00067891234',
    });
  });

  it('is not offered for a job without a warranty code', async () => {
    openJobDetail('summary', 'customer-warranty-manager', {
      job: detailJob({ data: { ...warrantyJob.data, WARRANTYCODE: '   ' } }),
    });
    await screen.findByRole('button', { name: 'See raw data' });
    expect(screen.queryByRole('link', { name: 'Check warranty' })).not.toBeInTheDocument();
  });

  it('is not offered to a role without the warranty decoder', async () => {
    openJobDetail('summary', 'customer-engineering-user', { job: warrantyJob });
    await screen.findByRole('button', { name: 'See raw data' });
    expect(screen.queryByRole('link', { name: 'Check warranty' })).not.toBeInTheDocument();
  });
});
