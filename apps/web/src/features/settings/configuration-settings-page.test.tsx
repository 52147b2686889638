import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { testMe } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/providers';
import { ConfigurationSettingsPage } from './configuration-settings-page';

const stored = JSON.stringify({
  'tool-equipment': {
    current_language: 'en',
    print_settings: { format: 'letter', margins: 'normal' },
    timezone: 'Europe/Paris',
    webcam: null,
  },
});

function serve(saveStatus = 200) {
  return stubFetch({
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: stored } },
    'PATCH /api/Configurations/Users/': (request) =>
      saveStatus === 200
        ? {
            body: {
              userId: 'user-1',
              content:
                '{"tool-equipment":{"current_language":"en","print_settings":{"format":"a4","margins":"normal"},"timezone":"Europe/Paris","webcam":null}}',
            },
          }
        : { status: saveStatus, body: { status: saveStatus, message: `refused ${request.method}` } },
  });
}

describe('configuration settings', () => {
  it('enables Save only after a change, saves the document, then disables it again', async () => {
    const fetchSpy = serve();
    const user = userEvent.setup();
    renderWithProviders(<ConfigurationSettingsPage />, { me: testMe() });

    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Language' })).toHaveValue('English');

    await user.click(screen.getByRole('radio', { name: 'A4' }));
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByRole('status')).toHaveTextContent('Your settings have been saved.');
    await waitFor(() => expect(save).toBeDisabled());
    const patch = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PATCH');
    const form = patch?.[1]?.body as FormData;
    const file = form.get('ConfigurationFile') as Blob;
    expect(JSON.parse(await file.text())).toEqual({
      'tool-equipment': {
        current_language: 'en',
        print_settings: { format: 'a4', margins: 'normal' },
        timezone: 'Europe/Paris',
        webcam: null,
        saved_filters: [],
      },
    });
  });

  it('keeps the change and shows an error when saving fails', async () => {
    serve(503);
    const user = userEvent.setup();
    renderWithProviders(<ConfigurationSettingsPage />, { me: testMe() });
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(save);
    expect(await screen.findByText('Your settings could not be saved.')).toBeInTheDocument();
    expect(await screen.findByText(/The service is unavailable for the moment/)).toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('offers the webcam choice only to the webcam roles', async () => {
    serve();
    renderWithProviders(<ConfigurationSettingsPage />, { me: testMe() });
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('region', { name: 'Webcam' })).not.toBeInTheDocument();
  });

  it('selects a time zone from the map', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<ConfigurationSettingsPage />, { me: testMe() });
    const save = await screen.findByRole('button', { name: 'Save' });
    const tokyo = screen.getByRole('button', { name: /^Asia\/Tokyo \(GMT\+09:00\)$/ });
    expect(tokyo).toHaveAttribute('aria-pressed', 'false');
    await user.click(tokyo);
    expect(tokyo).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo (GMT+09:00)');
    expect(save).toBeEnabled();
  });
});
