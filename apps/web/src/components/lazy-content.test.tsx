import { TIMING } from '@fleet/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/providers';
import { LazyContent } from './lazy-content';

afterEach(() => vi.useRealTimers());

function deferred() {
  let resolve: (value: { text: string }) => void = () => {};
  const promise = new Promise<{ text: string }>((done) => (resolve = done));
  return { promise, resolve };
}

describe('lazily loaded content (jobs §9)', () => {
  it('shows nothing for 100 ms, then a loader, then the content once loaded', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const load = deferred();
    renderWithProviders(
      <LazyContent load={() => load.promise}>{(module) => <p>{module.text}</p>}</LazyContent>,
    );
    act(() => vi.advanceTimersByTime(TIMING.lazyDrawerDelayMs - 1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(async () => load.resolve({ text: 'the facts' }));
    expect(screen.getByText('the facts')).toBeInTheDocument();
  });

  it('says after 3 s that the content could not be loaded, and loads it again on Retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const attempts = [deferred(), deferred()];
    let call = 0;
    const load = () => attempts[call++]!.promise;
    renderWithProviders(<LazyContent load={load}>{(module) => <p>{module.text}</p>}</LazyContent>);
    act(() => vi.advanceTimersByTime(TIMING.lazyDrawerTimeoutMs));
    expect(screen.getByRole('alert')).toHaveTextContent('This part could not be loaded in time.');
    // A late answer to the abandoned attempt changes nothing.
    await act(async () => attempts[0]!.resolve({ text: 'too late' }));
    expect(screen.queryByText('too late')).not.toBeInTheDocument();
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(async () => attempts[1]!.resolve({ text: 'second try' }));
    expect(screen.getByText('second try')).toBeInTheDocument();
  });
});
