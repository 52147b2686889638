import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testMe } from '../testing/fixtures';
import { renderWithProviders } from '../testing/providers';
import { DynamicTabs, type DynamicTab } from './dynamic-tabs';

const tabs: DynamicTab[] = [
  { name: 'edit', label: 'Edit', feature: 'JOBS.EDIT', render: () => <p>editing</p> },
  { name: 'facts', label: 'Facts', feature: null, render: () => <p>the facts</p> },
  { name: 'notes', label: 'Notes', feature: null, render: () => <p>the notes</p> },
  { name: 'hidden', label: 'Hidden', feature: null, isContextValid: () => false, render: () => <p>x</p> },
];

describe('tabs in dynamic mode (jobs §2)', () => {
  it('shows the first tab the user may use at start and switches in place', async () => {
    renderWithProviders(<DynamicTabs tabs={tabs} label="Sections" />, {
      me: testMe({ roles: ['customer-engineering-user'] }),
    });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Facts', 'Notes']);
    expect(screen.getByText('the facts')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(screen.getByText('the notes')).toBeInTheDocument();
    expect(screen.queryByText('the facts')).not.toBeInTheDocument();
  });

  it('shows no bar when one tab is left', () => {
    renderWithProviders(<DynamicTabs tabs={tabs.slice(0, 2)} label="Sections" />, {
      me: testMe({ roles: ['customer-engineering-user'] }),
    });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByText('the facts')).toBeInTheDocument();
  });
});
