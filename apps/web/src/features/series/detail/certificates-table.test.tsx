import { CERTIFICATE_COLOURS } from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/providers';
import { renderRoute } from '../../../testing/render-route';
import { UTC_CONFIGURATION } from '../../../testing/series-fixtures';
import { CertificatesTable } from './certificates-table';

const certificate = (number: string, status: 'Ok' | 'Warning' | 'Urgent' | 'Expired') => ({
  number,
  calibrationDate: '2025-04-01T00:00:00.000Z',
  endOfValidityDate: '2026-04-01T00:00:00.000Z',
  checkPassed: status === 'Expired' ? false : true,
  status,
});

describe('certificates table', () => {
  it('shows each certificate with its status in the spec colours, Expired with a cross', () => {
    stubFetch(UTC_CONFIGURATION);
    const certificates = [
      certificate('C-4', 'Ok'),
      certificate('C-3', 'Urgent'),
      certificate('C-1', 'Expired'),
    ];
    // The table's rows may lead somewhere: it renders inside a router.
    renderRoute(
      [{ path: '/', element: <CertificatesTable certificates={certificates} /> }],
      '/',
      'support-user',
    );
    const table = within(screen.getByRole('table', { name: 'Certificates' }));
    const cells = (number: string) =>
      within(table.getByRole('row', { name: new RegExp(number) })).getAllByRole('cell');
    expect(cells('C-4').map((cell) => cell.textContent)).toEqual([
      'C-4',
      '04/01/2025',
      '04/01/2026',
      'Passed',
      'OK',
    ]);
    expect(cells('C-1')[3]).toHaveTextContent('Failed');
    const badge = (number: string) => cells(number)[4]!.firstElementChild as HTMLElement;
    expect(badge('C-4').style.getPropertyValue('--badge-bg')).toContain(CERTIFICATE_COLOURS.Ok);
    expect(badge('C-3').style.getPropertyValue('--badge-bg')).toContain(CERTIFICATE_COLOURS.Urgent);
    expect(badge('C-1').style.getPropertyValue('--badge-bg')).toContain(CERTIFICATE_COLOURS.Expired);
    expect(badge('C-1').querySelector('svg')).not.toBeNull();
    expect(badge('C-4').querySelector('svg')).toBeNull();
  });

  it('says when there is none', () => {
    renderWithProviders(<CertificatesTable certificates={[]} />);
    expect(screen.getByText('No certificate for this device.')).toBeInTheDocument();
  });
});
