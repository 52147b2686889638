import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, currentLanguage } from '../../lib/i18n';
import { stubFetch } from '../../testing/fetch-stub';
import { fakeAuth, testMe } from '../../testing/fixtures';
import { renderWithProviders, testQueryClient } from '../../testing/providers';
import { SessionEffects } from './session-effects';
import { VersionNotice } from './version-notice';

describe('after sign-in', () => {
  it('offers a retry when the configuration cannot be loaded, and confirms success', async () => {
    let fail = true;
    stubFetch({
      'GET /api/configurations/users/user-1': () =>
        fail
          ? { status: 500, body: { status: 500, message: 'down' } }
          : { body: { userId: 'user-1', content: '{}' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<SessionEffects />, { me: testMe() });
    expect(
      await screen.findByText('Your configuration could not be loaded; default settings are used.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Your configuration has been loaded.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByText('Your configuration could not be loaded; default settings are used.'),
      ).not.toBeInTheDocument(),
    );
  });
});

describe('the end of a session', () => {
  it("keeps the public reads of a visitor who never signed in (the About page's licences)", async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(['licences'], ['MIT']);
    renderWithProviders(<SessionEffects />, {
      queryClient,
      auth: fakeAuth({ status: 'signed-out' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queryClient.getQueryData(['licences'])).toEqual(['MIT']);
  });
});

describe('version check', () => {
  it('announces a newly deployed version until the page is refreshed', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(['version', 'running'], { version: '25.08.00', build: 'a' });
    queryClient.setQueryData(['version', 'deployed'], { version: '25.09.00', build: 'b' });
    renderWithProviders(<VersionNotice />, { queryClient });
    expect(await screen.findByText('New version available')).toBeInTheDocument();
    expect(screen.getByText(/Version 25\.09\.00 has been installed/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('stays quiet while the deployed version is the running one', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(['version', 'running'], { version: '25.08.00', build: 'a' });
    queryClient.setQueryData(['version', 'deployed'], { version: '25.08.00', build: 'a' });
    stubFetch({ 'GET /console/version.json': { body: { version: '25.08.00', build: 'a' } } });
    renderWithProviders(<VersionNotice />, { queryClient });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('New version available')).not.toBeInTheDocument();
  });
});

describe('the saved language', () => {
  afterEach(() => changeLanguage('en'));
  const configuration = (language: string) => ({
    body: {
      userId: 'user-1',
      content: JSON.stringify({
        'tool-equipment': {
          current_language: language,
          print_settings: { format: 'letter', margins: 'normal' },
          timezone: 'Europe/Paris',
          webcam: null,
        },
      }),
    },
  });
  const textsAsked = (spy: ReturnType<typeof stubFetch>, language: string) =>
    spy.mock.calls.filter(([input]) => String(input).includes(`/Translations/${language}?`)).length;

  it('is shown once the configuration says it', async () => {
    const spy = stubFetch({ 'GET /api/configurations/users/user-1': configuration('fr') });
    renderWithProviders(<SessionEffects />, { me: testMe() });
    await waitFor(() => expect(currentLanguage()).toBe('fr'));
    expect(document.documentElement.lang).toBe('fr');
    expect(textsAsked(spy, 'fr')).toBe(1);
  });

  it('is not loaded and applied again when it is already shown', async () => {
    await changeLanguage('fr');
    const spy = stubFetch({ 'GET /api/configurations/users/user-1': configuration('fr') });
    renderWithProviders(<SessionEffects />, { me: testMe() });
    await waitFor(() =>
      expect(spy.mock.calls.some(([input]) => String(input).includes('users/user-1'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(textsAsked(spy, 'fr')).toBe(0);
    expect(currentLanguage()).toBe('fr');
  });
});
