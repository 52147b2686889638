import type { Component, RoleCode } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../../../testing/render-route';
import { accessory, seriesDetail, UTC_CONFIGURATION } from '../../../../testing/series-fixtures';
import { DeviceComponentsTab } from './device-components-tab';

const SN = 'ALIGN0000000001';
const CAMERA: Component = {
  id: 4,
  name: 'Camera head',
  partNumber: 'CAM-200',
  serialNumber: 'C-0042',
  version: '2.0',
  status: 'ok',
  addedAt: '2025-01-01T00:00:00.000Z',
};

function open(role: RoleCode, components: Component[] = [CAMERA], more = {}) {
  const fetchSpy = stubFetch({
    ...UTC_CONFIGURATION,
    [`GET /api/Series/${SN}`]: { body: seriesDetail({ accessories: [accessory()] }) },
    [`GET /api/Series/${SN}/components`]: { body: components },
    ...more,
  });
  renderRoute(
    [{ path: '/serie/:serialNumber/components', element: <DeviceComponentsTab /> }],
    `/serie/${SN}/components`,
    role,
  );
  return fetchSpy;
}

const componentsTable = async () => within(await screen.findByRole('table', { name: 'Components' }));

describe('device components tab', () => {
  it('lists the components and the accessories, without actions for a customer', async () => {
    open('customer-engineering-user');
    const table = await componentsTable();
    const row = table.getByRole('row', { name: /Camera head/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Camera head', 'CAM-200', 'C-0042', '2.0', 'OK']);
    expect(table.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Add a component' })).not.toBeInTheDocument();
    const accessories = within(await screen.findByRole('table', { name: 'Accessories' }));
    expect(accessories.getByRole('link', { name: 'ALIGA0000000042' })).toHaveAttribute(
      'href',
      '/accessory/ALIGA0000000042',
    );
  });

  it('gives the support user the actions column but not the add form', async () => {
    open('support-user');
    const table = await componentsTable();
    expect(table.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(table.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Add a component' })).not.toBeInTheDocument();
  });

  it('lets a support manager add a component, the name being required', async () => {
    const user = userEvent.setup();
    let listed: Component[] = [];
    const spy = open('support-manager', [], {
      [`GET /api/Series/${SN}/components`]: () => ({ body: listed }),
      [`POST /api/Series/${SN}/components`]: () => {
        listed = [{ ...CAMERA, status: 'worn' }];
        return { status: 201, body: listed[0] };
      },
    });
    expect(await screen.findByText('No component is recorded for this device.')).toBeInTheDocument();
    const form = within(await screen.findByRole('region', { name: 'Add a component' }));
    await user.click(form.getByRole('button', { name: 'Add component' }));
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Required');
    expect(requestsTo(spy, 'POST', `/api/Series/${SN}/components`)).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Camera head');
    await user.type(form.getByRole('textbox', { name: 'Part number' }), 'CAM-200');
    await user.click(form.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Worn' }));
    await user.click(form.getByRole('button', { name: 'Add component' }));
    expect(await (await componentsTable()).findByText('Worn')).toBeInTheDocument();
    const [post] = requestsTo(spy, 'POST', `/api/Series/${SN}/components`);
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      name: 'Camera head',
      partNumber: 'CAM-200',
      serialNumber: null,
      version: null,
      status: 'worn',
    });
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('removes a component after a confirmation', async () => {
    const user = userEvent.setup();
    let listed = [CAMERA];
    const spy = open('support-user', [], {
      [`GET /api/Series/${SN}/components`]: () => ({ body: listed }),
      [`DELETE /api/Series/${SN}/components/4`]: () => {
        listed = [];
        return { status: 204 };
      },
    });
    await user.click((await componentsTable()).getByRole('button', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove the component' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No component is recorded for this device.')).toBeInTheDocument();
    expect(requestsTo(spy, 'DELETE', `/api/Series/${SN}/components/4`)).toHaveLength(1);
  });

  it('changes the status of a component', async () => {
    const user = userEvent.setup();
    const spy = open('support-user', [CAMERA], {
      [`PATCH /api/Series/${SN}/components/4`]: { body: { ...CAMERA, status: 'faulty' } },
    });
    await user.click((await componentsTable()).getByRole('combobox', { name: 'Status of Camera head' }));
    await user.click(await screen.findByRole('option', { name: 'Faulty' }));
    await waitFor(() => expect(requestsTo(spy, 'PATCH', `/api/Series/${SN}/components/4`)).toHaveLength(1));
    const [patch] = requestsTo(spy, 'PATCH', `/api/Series/${SN}/components/4`);
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ status: 'faulty' });
    expect(await screen.findByText('The status of Camera head is saved.')).toBeInTheDocument();
  });
});
