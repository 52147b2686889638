import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
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

afterEach(async () => {
  await i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
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
    expect(screen.getByRole('status')).toHaveTextContent('Every change is saved.');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('English');

    await user.click(screen.getByRole('radio', { name: 'A4' }));
    expect(save).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('You have unsaved changes.');
    await user.click(save);

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Your settings have been saved.'),
    );
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

  it('keeps Save and the unsaved state in view at the bottom of the screen while the page scrolls', async () => {
    serve();
    renderWithProviders(<ConfigurationSettingsPage />, { me: testMe() });
    const bar = await screen.findByRole('region', { name: 'Saving the settings' });
    expect(bar).toHaveStyle({ position: 'sticky' });
    expect(bar.style.bottom).toMatch(/^0(px|rem)?$/);
    expect(within(bar).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(bar).getByRole('status')).toHaveTextContent('Every change is saved.');
    // Last on the page: below the time-zone map and every other setting.
    const sections = screen.getAllByRole('region').filter((region) => region !== bar);
    for (const section of sections)
      expect(section.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('applies a language as soon as it is chosen and saves it alone, leaving the other changes to Save', async () => {
    const fetchSpy = serve();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const served = fetchSpy.getMockImplementation()!;
    // The server stores the document sent, and answers it, once let through.
    fetchSpy.mockImplementation(async (input, init) => {
      if (init?.method !== 'PATCH') return served(input, init);
      await answered;
      const file = (init.body as FormData).get('ConfigurationFile') as Blob;
      return new Response(JSON.stringify({ userId: 'user-1', content: await file.text() }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const user = userEvent.setup();
    renderWithProviders(<ConfigurationSettingsPage />, { me: testMe() });
    await screen.findByRole('button', { name: 'Save' });
    await user.click(screen.getByRole('radio', { name: 'A4' }));

    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Français' }));

    // In French before the server has answered the save.
    expect(await screen.findByRole('heading', { name: 'Paramètres de configuration' })).toBeVisible();
    expect(i18n.language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    const patches = fetchSpy.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches).toHaveLength(1);
    const file = (patches[0]![1]!.body as FormData).get('ConfigurationFile') as Blob;
    expect(JSON.parse(await file.text())['tool-equipment']).toMatchObject({
      current_language: 'fr',
      print_settings: { format: 'letter', margins: 'normal' },
    });
    answer();

    // Once saved, the print format chosen before is still there, waiting for Save.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled());
    expect(screen.getByRole('status')).toHaveTextContent('Vous avez des modifications non enregistrées.');
    expect(screen.getByRole('radio', { name: 'A4' })).toBeChecked();
  });

  it('brings the previous language back and says so when the language cannot be saved', async () => {
    serve(503);
    const user = userEvent.setup();
    renderWithProviders(<ConfigurationSettingsPage />, { me: testMe() });
    await screen.findByRole('button', { name: 'Save' });

    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Deutsch' }));

    expect(await screen.findByText('The language could not be saved: English is back.')).toBeVisible();
    expect(await screen.findByText(/The service is unavailable for the moment/)).toBeInTheDocument();
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(screen.getByRole('heading', { name: 'Configuration settings' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('English');
    expect(document.documentElement.lang).toBe('en');
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
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo (GMT+09:00)');
    expect(save).toBeEnabled();
  });
});
