import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { renderWithProviders } from '../testing/providers';
import { showRetry } from './retry-toast';
import { showError } from './show-error';

const error = new ApiError(
  404,
  'Not Found',
  'errors.api.status_404',
  { status: 404, message: 'No such device' },
  {
    url: '/api/Series/X',
    method: 'GET',
    payload: null,
  },
);

describe('error toast', () => {
  it('shows the translated message, and the error record behind Details with a Copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderWithProviders(<div />);
    act(() => showError(error, 'series.open'));

    expect(await screen.findByText('The requested item was not found. (No such device)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Details' }));
    const record = await screen.findByLabelText('Error record');
    expect(record).toHaveTextContent('"action": "series.open"');
    expect(record).toHaveTextContent('"status": 404');
    expect(record).toHaveTextContent('"url": "/api/Series/X"');

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('"serviceMessage": "No such device"'));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Copied')).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it('says when copying failed', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithProviders(<div />);
    act(() => showError(error));
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copy failed')).toBeInTheDocument();
  });
});

describe('retry toast', () => {
  it('disables its button with a spinner while retrying, and closes on success', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onRetry = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(<div />);
    act(() => showRetry({ id: 'config', message: 'Your configuration could not be loaded.', onRetry }));

    const retry = await screen.findByRole('button', { name: 'Retry' });
    await user.click(retry);
    expect(retry).toBeDisabled();
    expect(retry).toHaveAttribute('data-loading');
    await act(async () => finish());
    await waitFor(() =>
      expect(screen.queryByText('Your configuration could not be loaded.')).not.toBeInTheDocument(),
    );
  });

  it('stays and re-enables the button when the retry fails', async () => {
    const user = userEvent.setup();
    renderWithProviders(<div />);
    act(() =>
      showRetry({
        id: 'config',
        message: 'Not loaded',
        onRetry: () => Promise.reject(new Error('still down')),
      }),
    );
    const retry = await screen.findByRole('button', { name: 'Retry' });
    await user.click(retry);
    await waitFor(() => expect(retry).toBeEnabled());
    expect(screen.getByText('Not loaded')).toBeInTheDocument();
  });
});
