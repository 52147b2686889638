import { screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
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
});
