import type { VehicleDetail } from '@fleet/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { VehicleCreatePage } from './vehicle-create-page';

/** 1M8GDM9AXKP042788 with a wrong check digit (position 9 should be X). */
const WRONG_US_VIN = '1M8GDM9A1KP042788';
/** A German VIN whose check digit is wrong: accepted with a warning. */
const WRONG_DE_VIN = 'WVWZZZ1JZ3W386750';

function detail(vin: string): VehicleDetail {
  return {
    vin,
    make: 'FORD',
    model: 'F-150',
    year: 2019,
    engine: null,
    batteryReference: null,
    notes: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    updatedBy: 'Database manager',
    checkDigitValid: false,
    battery: null,
  };
}

describe('a new vehicle', () => {
  it('is filled in from the query, refused while a mandatory check digit is wrong, warned elsewhere', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({
      'GET /api/Batteries': { body: { batteries: [], totalCount: 0 } },
      'POST /api/Vehicles': { status: 201, body: detail(WRONG_DE_VIN) },
    });
    const router = renderRoute(
      [
        { path: '/vindb/car/create', element: <VehicleCreatePage /> },
        { path: '/vindb/car/:vin', element: <p>vehicle page</p> },
      ],
      `/vindb/car/create?vin=${WRONG_US_VIN.toLowerCase()}&make=FORD&model=F-150&year=2019`,
      'database-manager',
    );
    const vin = await screen.findByRole('textbox', { name: /^VIN/ });
    expect(vin).toHaveValue(WRONG_US_VIN);
    expect(screen.getByRole('textbox', { name: /^Make/ })).toHaveValue('FORD');
    expect(screen.getByRole('textbox', { name: /^Model/ })).toHaveValue('F-150');
    expect(screen.getByRole('textbox', { name: /^Year/ })).toHaveValue('2019');
    expect(vin).toHaveAccessibleDescription(/position 9 should be X/);

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(requestsTo(fetchSpy, 'POST', '/api/Vehicles')).toHaveLength(0);

    await user.clear(vin);
    await user.type(vin, WRONG_DE_VIN.toLowerCase());
    expect(vin).toHaveValue(WRONG_DE_VIN);
    expect(vin).toHaveAccessibleDescription(/Accepted: makers outside North America and China/);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('vehicle page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/vindb/car/${WRONG_DE_VIN}`);
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Vehicles');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      vin: WRONG_DE_VIN,
      make: 'FORD',
      model: 'F-150',
      year: 2019,
    });
  });

  it('says the one rule a make breaks under it, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({ 'GET /api/Batteries': { body: { batteries: [], totalCount: 0 } } });
    renderRoute(
      [{ path: '/vindb/car/create', element: <VehicleCreatePage /> }],
      `/vindb/car/create?vin=${WRONG_DE_VIN}&model=Golf&year=2003`,
      'database-manager',
    );
    const make = await screen.findByRole('textbox', { name: /^Make/ });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(make).toHaveAccessibleDescription('Required');
    expect(requestsTo(fetchSpy, 'POST', '/api/Vehicles')).toHaveLength(0);
  });
});
