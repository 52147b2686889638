import type { Job, RoleCode, VehicleDetail } from '@fleet/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../../testing/render-route';
import { JobVehicle } from './job-vehicle';

const VIN = '1FTFW1E57KFA00001';
const job = {
  id: '42',
  data: { VIN: VIN.toLowerCase(), MK: 'FORD', MD: 'F-150', YE: '2019' },
} as unknown as Job;

const vehicle: VehicleDetail = {
  vin: VIN,
  make: 'FORD',
  model: 'F-150',
  year: 2019,
  engine: null,
  batteryReference: null,
  notes: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: null,
  checkDigitValid: true,
  battery: null,
};

function open(role: RoleCode, recorded: boolean) {
  const fetchSpy = stubFetch(recorded ? { [`GET /api/Vehicles/${VIN}`]: { body: vehicle } } : {});
  renderRoute([{ path: '/job/:jobID', element: <JobVehicle job={job} /> }], '/job/42', role);
  return fetchSpy;
}

describe("a job's vehicle", () => {
  it('links the VIN to its record, with make, model and year', async () => {
    open('database-user', true);
    const link = await screen.findByRole('link', { name: `Open vehicle ${VIN} in the VIN database` });
    expect(link).toHaveAttribute('href', `/vindb/car/${VIN}`);
    expect(screen.getByText('FORD F-150 · 2019')).toBeInTheDocument();
  });

  it('offers to add a VIN not recorded, filled in from the job’s tags, to those who may', async () => {
    open('database-manager', false);
    const add = await screen.findByRole('link', { name: 'Add to VIN database' });
    expect(add).toHaveAttribute('href', `/vindb/car/create?vin=${VIN}&make=FORD&model=F-150&year=2019`);
    expect(screen.getByText('not in the VIN database')).toBeInTheDocument();
  });

  it('says a VIN is not recorded without the offer to those who may only read', async () => {
    open('database-user', false);
    expect(await screen.findByText('not in the VIN database')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to VIN database' })).not.toBeInTheDocument();
  });

  it('shows nothing, and asks nothing, to users without the VIN database', async () => {
    const fetchSpy = open('customer-engineering-manager', true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('job-vehicle')).not.toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'GET', `/api/Vehicles/${VIN}`)).toHaveLength(0);
  });
});
