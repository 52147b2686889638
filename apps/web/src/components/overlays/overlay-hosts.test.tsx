import { TIMING } from '@fleet/contract';
import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/providers';
import { showSuccess } from '../show-success';
import { OverlayHosts } from './overlay-hosts';

describe('the toast host', () => {
  it('shows toasts at the bottom right, clear of the top bar and its task list', async () => {
    renderWithProviders(<OverlayHosts />);
    act(() => showSuccess('Export requested. Follow it in the task list at the top right.'));
    const shown = await screen.findAllByText(/^Export requested/);
    const positions = shown.map((toast) => toast.closest('[data-position]')?.getAttribute('data-position'));
    expect(new Set(positions)).toEqual(new Set(['bottom-right']));
  });

  it('keeps the toast under the pointer while the others hide in their time', async () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<OverlayHosts />, { hostsInScreen: true });
      act(() => showSuccess('Device renamed.'));
      act(() => showSuccess('Export requested.'));
      const toast = (text: string) =>
        screen.queryAllByRole('alert').find((alert) => alert.textContent?.includes(text)) ?? null;
      fireEvent.mouseEnter(toast('Device renamed.')!);
      await act(() => vi.advanceTimersByTimeAsync(TIMING.toastMs + 1_000));
      expect(toast('Export requested.')).toBeNull();
      expect(toast('Device renamed.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
