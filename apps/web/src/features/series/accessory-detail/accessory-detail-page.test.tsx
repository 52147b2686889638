import type { RoleCode } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../../testing/render-route';
import { accessory, seriesDetail, UTC_CONFIGURATION } from '../../../testing/series-fixtures';
import { AccessoryCertificatesTab } from './accessory-certificates-tab';
import { AccessoryDatasetTab } from './accessory-dataset-tab';
import { AccessoryDetailPage } from './accessory-detail-page';
import { AccessoryInfoTab } from './accessory-info-tab';
import { AccessorySeriesTab } from './accessory-series-tab';
import { AccessoryUsersTab } from './accessory-users-tab';

const SN = 'ALIGA0000000042';
const DEVICE = 'ALIGN0000000001';

const screens = [
  {
    path: '/accessory/:serialNumber',
    element: <AccessoryDetailPage />,
    children: [
      { path: '/accessory/:serialNumber/info', element: <AccessoryInfoTab /> },
      { path: '/accessory/:serialNumber/users', element: <AccessoryUsersTab /> },
      { path: '/accessory/:serialNumber/series', element: <AccessorySeriesTab /> },
      { path: '/accessory/:serialNumber/dataset', element: <AccessoryDatasetTab /> },
      { path: '/accessory/:serialNumber/certificates', element: <AccessoryCertificatesTab /> },
    ],
  },
  { path: '/notfound', element: <h1>Page not found</h1> },
];

type Answer = { status?: number; body?: unknown };

function open(role: RoleCode, tab: string, answers: Record<string, Answer | (() => Answer)> = {}) {
  const fetchSpy = stubFetch({
    ...UTC_CONFIGURATION,
    [`GET /api/Accessories/by-sn/${SN}`]: { body: accessory() },
    ...answers,
  });
  const router = renderRoute(screens, `/accessory/${SN}${tab}`, role);
  return { fetchSpy, router };
}

describe('accessory page', () => {
  it('leads to the info tab, with the serial number as heading and the attached device as a link', async () => {
    const { router } = open('customer-engineering-user', '');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/accessory/${SN}/info`));
    expect(await screen.findByRole('heading', { level: 1, name: SN })).toBeInTheDocument();
    const general = within(await screen.findByRole('region', { name: 'General information' }));
    expect(general.getByText('ALIGA00000')).toBeInTheDocument();
    expect(general.getByText('Camera head')).toBeInTheDocument();
    expect(general.getByText('03/05/2024, 10:00:00')).toBeInTheDocument();
    expect(general.getByRole('link', { name: DEVICE })).toHaveAttribute('href', `/serie/${DEVICE}`);
    const tabs = within(screen.getByRole('tablist', { name: 'Accessory tabs' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Details',
      'Users',
      'Device',
      'Data set',
      'Certificates',
    ]);
  });

  it('shows the users of the attached device', async () => {
    open('customer-engineering-user', '/users', {
      'GET /api/Accessories/31/users': { body: [{ username: 'marie.durand', userUID: 'uid-1' }] },
    });
    const table = within(await screen.findByRole('table', { name: 'Device users' }));
    expect(table.getByText('marie.durand')).toBeInTheDocument();
  });

  it('shows the attached device as a card leading to its page', async () => {
    open('customer-engineering-user', '/series', {
      [`GET /api/Series/${DEVICE}`]: { body: seriesDetail({ officialStoreCode: 'ST-PARIS' }) },
    });
    const card = within(await screen.findByRole('article', { name: DEVICE }));
    expect(card.getByText('Activated')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Details' })).toHaveAttribute('href', `/serie/${DEVICE}`);
  });

  it('says when the accessory is attached to no device', async () => {
    open('customer-engineering-user', '/series', {
      [`GET /api/Accessories/by-sn/${SN}`]: { body: accessory({ seriesSerialNumber: null }) },
    });
    expect(await screen.findByText('This accessory is attached to no device.')).toBeInTheDocument();
  });

  it('shows the data set read-only to users who may not configure devices', async () => {
    open('customer-engineering-user', '/dataset', {
      'GET /api/Accessories/31/data': { body: { lens: { focal: 12 } } },
    });
    const tree = within(await screen.findByRole('list', { name: 'Data set' }));
    expect(tree.getByText('focal:').parentElement).toHaveTextContent('focal: 12');
    expect(screen.queryByRole('button', { name: 'Edit the data set' })).not.toBeInTheDocument();
  });

  it('edits the data set as JSON, refusing what is not a JSON object', async () => {
    const user = userEvent.setup();
    const { fetchSpy } = open('support-user', '/dataset', {
      'GET /api/Accessories/31/data': { body: { lens: { focal: 12 } } },
      'PUT /api/Accessories/31/data': { body: { lens: { focal: 16 } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit the data set' }));
    const editor = screen.getByRole('textbox', { name: 'Data set (JSON)' });
    expect(JSON.parse((editor as HTMLTextAreaElement).value)).toEqual({ lens: { focal: 12 } });

    await user.clear(editor);
    await user.type(editor, '[[1, 2]');
    await user.click(screen.getByRole('button', { name: 'Save the data set' }));
    expect(editor).toHaveAccessibleDescription('Write a JSON object, between { and }.');
    await user.clear(editor);
    await user.type(editor, '{{"lens": ');
    await user.click(screen.getByRole('button', { name: 'Save the data set' }));
    expect(editor).toHaveAccessibleDescription('This is not valid JSON.');
    expect(requestsTo(fetchSpy, 'PUT', '/api/Accessories/31/data')).toHaveLength(0);

    await user.clear(editor);
    await user.type(editor, '{{"lens": {{"focal": 16}}');
    await user.click(screen.getByRole('button', { name: 'Save the data set' }));
    expect(await screen.findByText(`The data set of ${SN} is saved.`)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Data set' })).getByText('16')).toBeInTheDocument();
    const [put] = requestsTo(fetchSpy, 'PUT', '/api/Accessories/31/data');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ lens: { focal: 16 } });
  });

  it('leads an unknown or foreign accessory to not found', async () => {
    const { router } = open('customer-engineering-user', '/info', {
      [`GET /api/Accessories/by-sn/${SN}`]: { status: 404, body: { status: 404, message: 'No accessory' } },
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notfound');
  });

  it('speaks of the device the accessory is attached to when it has no certificate or user', async () => {
    open('administrator', '/certificates', { [`GET /api/Series/${DEVICE}/certificates`]: { body: [] } });
    expect(
      await screen.findByText(`${DEVICE}, the device this accessory is attached to, has no certificate.`),
    ).toBeInTheDocument();
    expect(screen.queryByText('No certificate for this device.')).not.toBeInTheDocument();
  });

  it('says so when the attached device has no user', async () => {
    open('customer-engineering-user', '/users', { 'GET /api/Accessories/31/users': { body: [] } });
    expect(
      await screen.findByText(
        `No user is associated with ${DEVICE}, the device this accessory is attached to.`,
      ),
    ).toBeInTheDocument();
  });
});
