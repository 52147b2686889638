import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/providers';
import { ActionButton } from './action-button';

afterEach(() => vi.useRealTimers());

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('action button', () => {
  it('shows a spinner only after 700 ms, then the ready state for 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const call = deferred();
    renderWithProviders(<ActionButton onAction={() => call.promise}>Refresh</ActionButton>);
    const button = screen.getByRole('button', { name: 'Refresh' });

    await user.click(button);
    expect(button).toHaveAttribute('data-state', 'busy');
    expect(button).not.toHaveAttribute('data-loading');
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(button).toHaveAttribute('data-loading');

    await act(async () => call.resolve());
    expect(button).toHaveAttribute('data-state', 'ready');
    expect(button).not.toHaveAttribute('data-loading');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(button).toHaveAttribute('data-state', 'neutral');
  });

  it('goes back to neutral when the action fails', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ActionButton onAction={() => Promise.reject(new Error('no'))}>Refresh</ActionButton>,
    );
    const button = screen.getByRole('button', { name: 'Refresh' });
    await user.click(button);
    expect(button).toHaveAttribute('data-state', 'neutral');
    expect(button).toBeEnabled();
  });

  it('asks first, and acts only on a yes', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn(async () => {});
    let answer = false;
    renderWithProviders(
      <ActionButton ask={async () => answer} onAction={onAction}>
        Deactivate
      </ActionButton>,
    );
    const button = screen.getByRole('button', { name: 'Deactivate' });
    await user.click(button);
    expect(onAction).not.toHaveBeenCalled();
    expect(button).toHaveAttribute('data-state', 'neutral');
    answer = true;
    await user.click(button);
    expect(onAction).toHaveBeenCalledOnce();
    expect(button).toHaveAttribute('data-state', 'ready');
  });
});
