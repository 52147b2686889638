import { DEFAULT_JOB_LAYOUT, type Job } from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/providers';
import { JobReport } from './job-report';

const job: Job = {
  id: '42',
  workflow: 'TPMS-CHECK',
  beginDate: '2026-11-22T08:00:00.000Z',
  postedDate: '2026-11-22T08:05:00.000Z',
  jobType: 1,
  jobStatus: 0,
  serialNumber: 'TPT2C5189500000',
  deviceType: 'TPMS-TOOL',
  user: 'l.keller',
  group: null,
  data: {
    JID: '500000-42',
    VIN: 'VF1RFB00067891234',
    MK: 'RENAULT',
    MD: '  ',
    TEMP: 20,
    TYRES: [
      { POSITION: 'FL', PRESSURE: 240, TEMP: 21.5, STATUS: 'PASS', EXTRA: 'x' },
      { POSITION: 'RR', PRESSURE: 170, TEMP: 19, STATUS: 'FAIL' },
    ],
    CUSTOM: 'kept',
  },
  result: { validCal: 1, validChk: 1, sn: 'TPT2C5189500000', gresst: null },
};

beforeEach(() => localStorage.clear());

describe('the job report', () => {
  it('shows the sections with values, tables translated and converted, and hides the blank ones', () => {
    localStorage.setItem('fleet.temperature-unit', JSON.stringify('fahrenheit'));
    renderWithProviders(<JobReport job={job} layout={DEFAULT_JOB_LAYOUT} />);
    const vehicle = screen.getByRole('region', { name: 'Vehicle' });
    expect(within(vehicle).getByText('RENAULT')).toBeInTheDocument();
    // A blank model is not shown; sections without any value neither.
    expect(within(vehicle).queryByText('Model')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Battery' })).toBeNull();
    const tyres = screen.getByRole('table', { name: 'Tyres' });
    expect(
      within(tyres)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Position', 'Pressure (kPa)', 'Temperature', 'Result', 'EXTRA']);
    const rows = within(tyres).getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Front left', '240', '70.7 °F', 'Pass', 'x']);
    expect(screen.getByText('68 °F')).toBeInTheDocument();
    expect(screen.queryByText('kept')).toBeNull();
  });

  it('shows every tag, the layout’s and the others, with their names when asked', () => {
    renderWithProviders(<JobReport job={job} layout={DEFAULT_JOB_LAYOUT} showAll showTagNames />);
    expect(screen.getByRole('region', { name: 'Battery' })).toBeInTheDocument();
    const others = screen.getByRole('region', { name: 'Other tags' });
    expect(within(others).getByText('kept')).toBeInTheDocument();
    expect(screen.getByText('MK')).toBeInTheDocument();
  });

  it('offers the editable tags as fields in edit mode', async () => {
    const onEdit = vi.fn();
    renderWithProviders(
      <JobReport job={job} layout={DEFAULT_JOB_LAYOUT} mode="editJob" edited={{}} onEdit={onEdit} />,
    );
    // An editable tag the job lacks is there to fill in; a measured one is not a field.
    await userEvent.type(screen.getByLabelText('Repair order'), 'R');
    expect(onEdit).toHaveBeenCalledWith('RO', 'R');
    expect(screen.getByLabelText('Make')).toHaveValue('RENAULT');
    expect(screen.queryByLabelText('Job number')).toBeNull();
    expect(screen.getByText('500000-42')).toBeInTheDocument();
  });
});
