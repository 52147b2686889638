import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { CompanyPage } from './company-page';

function open(role: Parameters<typeof renderRoute>[2]) {
  renderRoute([{ path: '/company', element: <CompanyPage /> }], '/company', role);
}

/** The card of a tool, by its title, and where its Open button leads. */
function toolLink(title: string) {
  return within(screen.getByRole('region', { name: title })).getByRole('link', { name: 'Open' });
}

describe('the company menu', () => {
  it("shows a factory manager the factory's tools, each leading to its screen", () => {
    open('factory-manager');
    expect(screen.getByRole('heading', { name: 'Company', level: 1 })).toBeVisible();
    expect(toolLink('Factory')).toHaveAttribute('href', '/factory');
    expect(toolLink('Certificates')).toHaveAttribute('href', '/tool/certificates');
    expect(toolLink('Serial management')).toHaveAttribute('href', '/tool/serial');
    expect(screen.queryByRole('region', { name: 'Versions' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Configuration' })).toBeNull();
  });

  it('shows a devops manager the versions, but not the factory', () => {
    open('devops-manager');
    expect(toolLink('Versions')).toHaveAttribute('href', '/version');
    expect(screen.queryByRole('region', { name: 'Factory' })).toBeNull();
    expect(screen.queryByText('No company tool is open to you.')).toBeNull();
  });
});
