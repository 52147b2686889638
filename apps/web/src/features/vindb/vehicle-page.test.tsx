import type { RoleCode, VehicleDetail } from '@fleet/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute } from '../../testing/render-route';
import { VehiclePage } from './vehicle-page';

const VIN = 'WVWZZZ1JZ3W386750';
const vehicle: VehicleDetail = {
  vin: VIN,
  make: 'VOLKSWAGEN',
  model: 'GOLF',
  year: 2003,
  engine: '1.6 FSI',
  batteryReference: 'EFB-70-760',
  notes: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: 'Database manager',
  checkDigitValid: false,
  battery: {
    reference: 'EFB-70-760',
    maker: 'VARTA',
    model: 'Blue Dynamic EFB E11',
    chemistry: 'lead-acid',
    capacityAh: 70,
    coldCrankingAmps: 760,
    voltage: 12,
    notes: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    updatedBy: null,
    vehicleCount: 3,
  },
};

function open(role: RoleCode, recorded = true) {
  stubFetch({
    ...(recorded ? { [`GET /api/Vehicles/${VIN}`]: { body: vehicle } } : {}),
    'GET /api/Batteries': { body: { batteries: [vehicle.battery], totalCount: 1 } },
  });
  renderRoute([{ path: '/vindb/car/:vin', element: <VehiclePage /> }], `/vindb/car/${VIN}`, role);
}

describe('a vehicle’s page', () => {
  it('shows the record, its battery and its check-digit warning to those who read', async () => {
    open('database-user');
    expect(await screen.findByTestId('vehicle-summary')).toHaveTextContent('VOLKSWAGEN GOLF · 2003');
    expect(screen.getByText('1.6 FSI')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'EFB-70-760' })).toHaveAttribute(
      'href',
      '/vindb/battery/EFB-70-760',
    );
    expect(screen.getByText('Lead-acid')).toBeInTheDocument();
    expect(screen.getByText(/is not the one the standard computes/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('lets those who hold VINDB.CAR.CREATE change or delete it', async () => {
    open('database-manager');
    expect(await screen.findByRole('textbox', { name: /^Model/ })).toHaveValue('GOLF');
    expect(screen.queryByRole('textbox', { name: /^VIN/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('says a VIN is not recorded, with the offer to add it', async () => {
    open('administrator', false);
    expect(await screen.findByText(`No vehicle of VIN ${VIN} is recorded.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add it' })).toHaveAttribute(
      'href',
      `/vindb/car/create?vin=${VIN}`,
    );
  });
});
