import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/providers';
import { confirm, hardConfirm, prompt, softConfirm } from './index';

afterEach(() => vi.useRealTimers());

describe('dialogs', () => {
  it('confirm resolves true on Confirm and false on Cancel', async () => {
    const user = userEvent.setup();
    renderWithProviders(<div />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ title: 'Delete screenshot', message: 'Delete it?' });
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = confirm({ title: 'Delete screenshot', message: 'Delete it?' });
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('prompt blocks on an error, shows a warning without blocking, and returns the toggle', async () => {
    const user = userEvent.setup();
    renderWithProviders(<div />);
    let answer: ReturnType<typeof prompt> = Promise.resolve(null);
    act(() => {
      answer = prompt({
        title: 'Attach to a store',
        label: 'Store code',
        toggleLabel: 'Notify the store',
        validate: (value) =>
          value.trim() === ''
            ? { error: 'The store code is required' }
            : value.length > 5
              ? 'That is long'
              : null,
      });
    });
    const input = await screen.findByRole('textbox', { name: 'Store code' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The store code is required');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();

    await user.type(input, 'STORE-42');
    expect(screen.getByRole('status')).toHaveTextContent('That is long');
    await user.click(screen.getByRole('switch', { name: 'Notify the store' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toEqual({ value: 'STORE-42', toggle: true });
  });

  it('prompt waits for the async validation and stays open when it fails', async () => {
    const user = userEvent.setup();
    renderWithProviders(<div />);
    const asyncValidate = vi.fn(async (value: string) =>
      value === 'GOOD'
        ? { status: 'valid' as const }
        : { status: 'invalid' as const, error: 'No store with this code' },
    );
    let answer: ReturnType<typeof prompt> = Promise.resolve(null);
    act(() => {
      answer = prompt({ title: 'Store', label: 'Store code', asyncValidate });
    });
    const input = await screen.findByRole('textbox', { name: 'Store code' });
    await user.type(input, 'BAD');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No store with this code');
    await user.clear(input);
    await user.type(input, 'GOOD');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toEqual({ value: 'GOOD', toggle: false });
  });

  it('hard confirm unlocks only when the verification text is typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<div />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = hardConfirm({
        title: 'Discard device',
        message: 'This cannot be undone.',
        verificationText: 'SN123',
      });
    });
    const input = await screen.findByRole('textbox', { name: 'Type SN123 to confirm' });
    const button = screen.getByRole('button', { name: 'Confirm' });
    expect(button).toBeDisabled();
    await user.type(input, 'SN12');
    expect(button).toBeDisabled();
    await user.type(input, '3');
    expect(button).toBeEnabled();
    await user.click(button);
    await expect(answer).resolves.toBe(true);
  });

  it('soft validation needs N clicks, then counts down 3 s before it confirms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<div />);
    let confirmed = false;
    act(() => {
      void softConfirm({ title: 'Blacklist device', message: 'Sure?', clicks: 2 }).then((value) => {
        confirmed = value;
      });
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm (2)' }));
    await user.click(screen.getByRole('button', { name: 'Confirm (1)' }));
    expect(screen.getByRole('button', { name: 'Confirming in 3 s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(confirmed).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(confirmed).toBe(true));
  });
});
