import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { ORDER } from '../../testing/order-fixtures';
import { InternalStepsPage } from './internal-steps-page';

const NANTES = { id: 3, code: 'NANTES', name: 'Nantes service center' };
const LYON = { id: 4, code: 'LYON', name: 'Lyon lab' };
const STEPS = {
  serviceCenter: NANTES,
  steps: [
    { id: 1, name: 'Incoming inspection', position: 1, active: true, orderCount: 2 },
    { id: 2, name: 'Calibration', position: 2, active: true, orderCount: 0 },
    { id: 9, name: 'Cleaning', position: 3, active: false, orderCount: 0 },
  ],
  orders: [
    {
      id: 51,
      number: 'FC-2026-000051',
      company: 'Atelier Durand',
      deviceCount: 2,
      stepId: 1,
      atLastStep: false,
    },
    {
      id: 52,
      number: 'FC-2026-000052',
      company: 'Garage Dupont',
      deviceCount: 1,
      stepId: 2,
      atLastStep: true,
    },
  ],
};

function stubSteps(saved: { status?: number; body: unknown } = { body: STEPS }) {
  return stubFetch({
    'GET /api/Shop/ServiceCenters': { body: { serviceCenters: [NANTES, LYON] } },
    'GET /api/ServiceCenters/3/InternalSteps': { body: STEPS },
    'GET /api/ServiceCenters/4/InternalSteps': {
      body: {
        serviceCenter: LYON,
        steps: [{ id: 20, name: 'Lyon bench', position: 1, active: true, orderCount: 0 }],
        orders: [],
      },
    },
    'PUT /api/ServiceCenters/3/InternalSteps': saved,
    'POST /api/Shop/Orders/51/NextStep': { body: { ...ORDER, id: 51, status: 'in-service' } },
  });
}

function open() {
  renderRoute([{ path: '/steps', element: <InternalStepsPage /> }], '/steps', 'external-calibrator');
}

const stepNames = () =>
  within(screen.getByRole('list', { name: 'Steps in order' }))
    .getAllByRole('textbox')
    .map((input) => (input as HTMLInputElement).value);

describe('the internal steps of a service center', { timeout: 30_000 }, () => {
  it("show the first center's steps in order, the stopped ones apart; a step with orders cannot be stopped", async () => {
    stubSteps();
    open();
    expect(await screen.findByRole('textbox', { name: 'Step 1' })).toHaveValue('Incoming inspection');
    expect(stepNames()).toEqual(['Incoming inspection', 'Calibration']);
    expect(screen.getByText('2 orders here')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Stop step Incoming inspection' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Stop step Calibration' })).toBeEnabled();
    expect(screen.getByText("Stopped steps, kept in orders' history: Cleaning")).toBeVisible();
  });

  it("show another center's steps once it is chosen", async () => {
    const user = userEvent.setup({ delay: null });
    stubSteps();
    open();
    await screen.findByRole('textbox', { name: 'Step 1' });
    await user.click(screen.getByRole('combobox', { name: 'Service center' }));
    await user.click(await screen.findByRole('option', { name: 'Lyon lab' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Step 1' })).toHaveValue('Lyon bench'));
    expect(screen.queryByRole('textbox', { name: 'Step 2' })).toBeNull();
  });

  it('are reordered, added and saved as a whole', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubSteps();
    open();
    // Save waits for a change of the steps.
    expect(await screen.findByRole('button', { name: 'Save the steps' })).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: 'Move Calibration up' }));
    await user.click(screen.getByRole('button', { name: 'Add a step' }));
    const added = screen.getByRole('textbox', { name: 'Step 3' });
    expect(added).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('button', { name: 'Save the steps' })).toBeDisabled();
    await user.type(added, 'Final check');
    await user.click(screen.getByRole('button', { name: 'Save the steps' }));
    expect(await screen.findByText('Steps saved')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'PUT', '/api/ServiceCenters/3/InternalSteps');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      steps: [
        { id: 2, name: 'Calibration' },
        { id: 1, name: 'Incoming inspection' },
        { id: null, name: 'Final check' },
      ],
    });
  });

  it("put the server's refusal of a step's name under that step, in the user's words", async () => {
    const user = userEvent.setup({ delay: null });
    stubSteps({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.steps.1.name: is given twice',
        details: [{ field: 'body.steps.1.name', message: 'is given twice', rule: { kind: 'taken' } }],
      },
    });
    open();
    const second = await screen.findByRole('textbox', { name: 'Step 2' });
    await user.clear(second);
    await user.type(second, 'Incoming inspection');
    await user.click(screen.getByRole('button', { name: 'Save the steps' }));
    expect(await screen.findByText('Not saved: check the fields marked.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Step 2' })).toHaveAccessibleDescription('Already in use');
    expect(screen.getByRole('textbox', { name: 'Step 1' })).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/body\.|Invalid|given twice/)).toBeNull();
  });

  it("list the center's orders at each step, moving one on in a click", async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubSteps();
    open();
    const table = await screen.findByRole('table', { name: 'Orders in service at Nantes service center' });
    const [first, last] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: 'FC-2026-000051' })).toHaveAttribute(
      'href',
      '/tool/orders-management/orders?orderId=51',
    );
    expect(within(first!).getByText('1 of 2: Incoming inspection')).toBeVisible();
    expect(within(last!).getByText('2 of 2: Calibration')).toBeVisible();
    expect(within(last!).getByText('Last step: ships next, from the order')).toBeVisible();
    expect(within(last!).queryByRole('button')).toBeNull();
    await user.click(within(first!).getByRole('button', { name: 'Next step for FC-2026-000051' }));
    await waitFor(() => expect(requestsTo(fetchSpy, 'POST', '/api/Shop/Orders/51/NextStep')).toHaveLength(1));
    // The steps reload with the orders at them.
    await waitFor(() =>
      expect(requestsTo(fetchSpy, 'GET', '/api/ServiceCenters/3/InternalSteps').length).toBeGreaterThan(1),
    );
  });
});
