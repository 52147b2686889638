import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { stubFetch } from '../testing/fetch-stub';
import { testMe } from '../testing/fixtures';
import { renderWithProviders } from '../testing/providers';
import { useDateFormat } from './use-date-format';

const INSTANT = '2026-11-22T22:15:16.000Z';

function Dates() {
  const date = useDateFormat();
  return (
    <ul>
      <li aria-label="short">{date.short(INSTANT)}</li>
      <li aria-label="long">{date.long(INSTANT)}</li>
      <li aria-label="day">{date.day('2026-11-22')}</li>
    </ul>
  );
}

function serveTimeZone(timezone: string) {
  stubFetch({
    'GET /api/configurations/users/user-1': {
      body: { userId: 'user-1', content: JSON.stringify({ 'tool-equipment': { timezone } }) },
    },
  });
}

const text = (name: string) => screen.getByRole('listitem', { name }).textContent;

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('date format', () => {
  it('writes dates in the time zone of the configuration settings, short and long (spec §9)', async () => {
    serveTimeZone('Asia/Tokyo');
    renderWithProviders(<Dates />, { me: testMe() });
    expect(await screen.findByText('11/23/2026, 07:15:16')).toBeInTheDocument();
    expect(text('short')).toBe('11/23/2026');
    expect(text('day')).toBe('11/22/2026');
  });

  it('writes a calendar day as the same day wherever the user is', async () => {
    serveTimeZone('America/Los_Angeles');
    renderWithProviders(<Dates />, { me: testMe() });
    expect(await screen.findByText('11/22/2026, 14:15:16')).toBeInTheDocument();
    expect(text('day')).toBe('11/22/2026');
  });

  it('writes them in the user’s language', async () => {
    serveTimeZone('Europe/Paris');
    i18n.addResourceBundle('fr', 'translation', { app: { product: { name: 'Fleet Console' } } });
    await i18n.changeLanguage('fr');
    renderWithProviders(<Dates />, { me: testMe() });
    expect(await screen.findByText('22/11/2026 23:15:16')).toBeInTheDocument();
    expect(text('short')).toBe('22/11/2026');
  });
});
