import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { testMe } from '../../testing/fixtures';
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
