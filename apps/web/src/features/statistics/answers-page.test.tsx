import type { EsatAnswerRow, RoleCode, Survey } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { EsatAnswersPage } from './answers-page';
import { EsatArea } from './esat-area';

const LYON = { id: 7, code: 'LYON', name: 'Lyon center' };
const OPEN: Survey = {
  id: 44,
  orderId: 310,
  orderNumber: 'FC-2026-000310',
  company: { id: 'company-2', name: 'Garage Dupont' },
  serviceCenter: LYON,
  deliveredAt: '2026-11-20T15:00:00.000Z',
  answeredAt: null,
  comment: null,
  source: null,
  enteredByName: null,
  averageScore: null,
  answers: [],
};
const ANSWER: EsatAnswerRow = {
  surveyId: 41,
  orderNumber: 'FC-2026-000297',
  company: { id: 'company-3', name: 'Autos Martin' },
  serviceCenter: LYON,
  deliveredAt: '2026-11-02T10:00:00.000Z',
  answeredAt: '2026-11-05T09:00:00.000Z',
  question: 'overall',
  score: 4,
  comment: 'Quick and clear',
  source: 'entered',
};

function open(role: RoleCode, answers: Parameters<typeof stubFetch>[0] = {}) {
  const fetchSpy = stubFetch({
    'GET /api/Esat/Options': {
      body: {
        questions: [
          { code: 'overall', position: 1, active: true },
          { code: 'turnaround', position: 2, active: true },
        ],
        serviceCenters: [LYON],
      },
    },
    'GET /api/Esat/Answers': { body: { answers: [ANSWER], totalCount: 1 } },
    'GET /api/Esat/Surveys': { body: { surveys: [OPEN], totalCount: 1 } },
    ...answers,
  });
  renderRoute(
    [
      {
        path: '/tool/statistics/esat',
        element: <EsatArea />,
        children: [
          { path: 'answers', element: <EsatAnswersPage /> },
          { path: 'import', element: null },
          { path: 'overview', element: null },
        ],
      },
    ],
    '/tool/statistics/esat/answers',
    role,
  );
  return fetchSpy;
}

async function openEntry(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Enter a survey' }));
  return screen.findByRole('dialog', { name: 'Enter survey answers' });
}

describe('survey answers', () => {
  it('show a reader each score given, with nothing to enter', async () => {
    open('esat-stat-viewer');
    const table = await screen.findByRole('table', { name: 'Survey answers' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row).getByRole('button', { name: 'Open the survey of order FC-2026-000297' }),
    ).toBeVisible();
    expect(within(row).getByText('Autos Martin')).toBeVisible();
    expect(within(row).getByText('Overall satisfaction')).toBeVisible();
    expect(within(row).getByText('Quick and clear')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Enter a survey' })).toBeNull();
  });

  // A long walk through the dialog: given more time than the default in a busy run.
  it(
    'are entered for a delivered order: its scores, the day and the comment sent',
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      const fetchSpy = open('external-esat', {
        'POST /api/Esat/Answers': {
          body: {
            ...OPEN,
            answeredAt: '2026-11-26T12:00:00.000Z',
            source: 'entered',
            answers: [{ question: 'overall', score: 5 }],
          },
        },
      });
      const dialog = await openEntry(user);
      await user.click(within(dialog).getByRole('combobox', { name: /^Delivered order/ }));
      await user.click(
        await screen.findByRole('option', { name: /^FC-2026-000310 · Garage Dupont · Lyon center/ }),
      );
      const answeredOn = within(dialog).getByLabelText('Answered on');
      await user.clear(answeredOn);
      await user.type(answeredOn, '2026-11-26');
      await user.click(
        within(within(dialog).getByRole('radiogroup', { name: 'Overall satisfaction' })).getByLabelText('5'),
      );
      await user.click(within(dialog).getByRole('textbox', { name: 'Comment' }));
      await user.paste('Very good');
      await user.click(within(dialog).getByRole('button', { name: 'Save the answers' }));
      expect(await screen.findByText('Survey of order FC-2026-000310 saved')).toBeVisible();
      const [sent] = requestsTo(fetchSpy, 'POST', '/api/Esat/Answers');
      expect(JSON.parse(String(sent?.init?.body))).toEqual({
        orderNumber: 'FC-2026-000310',
        answeredOn: '2026-11-26',
        answers: [{ question: 'overall', score: 5 }],
        comment: 'Very good',
      });
    },
  );

  it('are refused before anything is sent while no order is chosen and no score given', async () => {
    const user = userEvent.setup();
    const fetchSpy = open('external-esat');
    const dialog = await openEntry(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save the answers' }));
    expect(within(dialog).getByRole('combobox', { name: /^Delivered order/ })).toHaveAccessibleDescription(
      /Required/,
    );
    expect(within(dialog).getByText('Give at least one score.')).toBeVisible();
    expect(requestsTo(fetchSpy, 'POST', '/api/Esat/Answers')).toHaveLength(0);
  });

  it("show the server's refusal of the order under its field, in the user's words", async () => {
    const user = userEvent.setup();
    open('external-esat', {
      'POST /api/Esat/Answers': {
        status: 400,
        body: {
          status: 400,
          message: 'Invalid body.orderNumber: is not a delivered order (it is shipped)',
          details: [
            {
              field: 'body.orderNumber',
              message: 'is not a delivered order (it is shipped)',
              rule: { kind: 'unknown' },
            },
          ],
        },
      },
    });
    const dialog = await openEntry(user);
    const order = within(dialog).getByRole('combobox', { name: /^Delivered order/ });
    await user.click(order);
    await user.click(await screen.findByRole('option', { name: /^FC-2026-000310/ }));
    await user.click(
      within(within(dialog).getByRole('radiogroup', { name: 'Turnaround time' })).getByLabelText('3'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save the answers' }));
    await waitFor(() => expect(order).toHaveAccessibleDescription(/Not found: choose an existing one/));
    expect(within(dialog).getByText('Not saved: check the fields marked.')).toBeVisible();
    expect(within(dialog).queryByText(/body\.|Invalid|delivered order \(/)).toBeNull();
  });
});
