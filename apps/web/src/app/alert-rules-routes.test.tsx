import {
  defaultAlertRules,
  type AlertRule,
  type AlertRuleInput,
  type AlertRulesAnswer,
} from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '../testing/render-route';
import { stubFetch } from '../testing/fetch-stub';
import { renderRoute } from '../testing/render-route';
import { routes } from './routes';

const SUPPORT_DEFAULTS: AlertRulesAnswer = {
  defaults: true,
  rules: defaultAlertRules(['support-user']).map((rule, index) => ({
    ...rule,
    id: -(index + 1),
    heldBack: 0,
  })),
};

const saved = (rules: AlertRuleInput[]): AlertRulesAnswer => ({
  defaults: false,
  rules: rules.map((rule, index): AlertRule => ({ ...rule, id: index + 1, heldBack: 0 })),
});

/** The user's rules as the server keeps them; `refuse` answers a save with these field problems. */
function rulesServer(initial: AlertRulesAnswer, refuse: unknown[] | null = null) {
  let answer = initial;
  const fetchSpy = stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/Notifications/Summary': { body: { unreadCount: 0, recent: [] } },
    'GET /api/Companies': {
      body: {
        companies: [
          {
            id: '6f1c1d5e-5d64-4a8e-9d44-0c43a3a8e001',
            code: 'AE',
            name: 'Analytical Engines',
            country: 'GB',
            kind: 'customer',
          },
        ],
      },
    },
    'GET /api/Me/AlertRules': () => ({ body: answer }),
    'PUT /api/Me/AlertRules': (_request, body) => {
      if (refuse) return { status: 400, body: { status: 400, message: 'Invalid body', details: refuse } };
      answer = saved((body as { rules: AlertRuleInput[] }).rules);
      return { body: answer };
    },
    'DELETE /api/Me/AlertRules': () => {
      answer = SUPPORT_DEFAULTS;
      return { body: answer };
    },
  });
  return fetchSpy;
}

const rule = (name: string) => screen.getByRole('group', { name });
const page = () => screen.findByRole('heading', { name: 'Alert rules' }, { timeout: 15_000 });

describe('the alert rules', () => {
  it('start as the defaults of the roles; a rule of a kind the user may hear of is added and saved', async () => {
    const user = userEvent.setup();
    const fetchSpy = rulesServer(SUPPORT_DEFAULTS);
    renderRoute(routes, '/user-space/alerts', 'support-user');
    await page();
    expect(await screen.findByText(/These are the defaults of your roles/)).toBeVisible();
    expect(within(rule('Device offline')).getByRole('textbox', { name: 'Threshold in minutes' })).toHaveValue(
      '60',
    );

    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    // Support staff hear of no customer's order status: that kind is not offered.
    expect(screen.queryByRole('menuitem', { name: 'Order status changed' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Calibration expiring' }));
    const added = rule('Calibration expiring');
    expect(within(added).getByRole('textbox', { name: 'Threshold in days' })).toHaveValue('30');
    await user.click(within(added).getByRole('combobox', { name: 'Channel' }));
    await user.click(await screen.findByRole('option', { name: 'Daily e-mail digest' }));
    // Staff may narrow a rule to one company.
    await user.click(within(added).getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Analytical Engines' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByText(/These are the defaults of your roles/)).toBeNull());
    const [put] = requestsTo(fetchSpy, 'PUT', '/api/Me/AlertRules');
    const body = JSON.parse(String(put!.init!.body)) as { rules: AlertRuleInput[] };
    expect(body.rules.at(-1)).toEqual({
      kind: 'calibration.expiring',
      threshold: 30,
      channel: 'digest',
      companyId: '6f1c1d5e-5d64-4a8e-9d44-0c43a3a8e001',
      enabled: true,
    });
    expect(body.rules.slice(0, -1)).toEqual(defaultAlertRules(['support-user']));
  });

  it('say a threshold beyond its kind’s bound under its field, in the user’s words, and send nothing', async () => {
    const user = userEvent.setup();
    const fetchSpy = rulesServer(saved([{ ...defaultAlertRules(['customer-engineering-manager'])[2]! }]));
    renderRoute(routes, '/user-space/alerts', 'customer-engineering-manager', { me: { wholeFleet: false } });
    await page();
    const threshold = within(await screen.findByRole('group', { name: 'Calibration expiring' })).getByRole(
      'textbox',
      { name: 'Threshold in days' },
    );
    await user.clear(threshold);
    await user.type(threshold, '400');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(rule('Calibration expiring')).findByText('At most 365')).toBeVisible();
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchSpy, 'PUT', '/api/Me/AlertRules')).toHaveLength(0);
  });

  it('put the server’s refusal of a rule’s field under that field, translated', async () => {
    const user = userEvent.setup();
    rulesServer(SUPPORT_DEFAULTS, [
      {
        field: 'body.rules.2.threshold',
        message: 'Number must be less than or equal to 10080',
        rule: { kind: 'too_big', limit: 10080 },
      },
    ]);
    renderRoute(routes, '/user-space/alerts', 'support-user');
    await page();
    const offline = await screen.findByRole('group', { name: 'Device offline' });
    await user.click(within(offline).getByRole('switch', { name: 'On' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(rule('Device offline')).findByText('At most 10080')).toBeVisible();
    expect(screen.getByText('Not saved: check the fields marked.')).toBeVisible();
    expect(screen.queryByText(/less than or equal/)).toBeNull();
  });

  it('say what the hourly cap held back, and go back to the defaults once confirmed', async () => {
    const user = userEvent.setup();
    const own = saved([{ ...defaultAlertRules(['support-user'])[2]!, threshold: 1 }]);
    const fetchSpy = rulesServer({ ...own, rules: [{ ...own.rules[0]!, heldBack: 12 }] });
    renderRoute(routes, '/user-space/alerts', 'support-user');
    await page();
    expect(
      within(await screen.findByRole('group', { name: 'Device offline' })).getByText(
        '12 notifications held back in the last hour by the cap of 20',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/These are the defaults of your roles/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to the defaults' }));
    const dialog = await screen.findByRole('dialog', { name: 'Back to the defaults?' });
    await user.click(within(dialog).getByRole('button', { name: 'Back to the defaults' }));
    expect(await screen.findByText(/These are the defaults of your roles/)).toBeVisible();
    expect(requestsTo(fetchSpy, 'DELETE', '/api/Me/AlertRules')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Back to the defaults' })).toBeDisabled();
  });
});
