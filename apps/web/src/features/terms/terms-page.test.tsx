import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { changeLanguage, i18n } from '../../lib/i18n';
import { renderRoute } from '../../testing/render-route';
import { TermsPage } from './terms-page';

function open(path: string) {
  return renderRoute(
    [
      { path: '/terms-and-conditions/:versionNumber', element: <TermsPage /> },
      { path: '/notfound', element: <p>Nothing here</p> },
    ],
    path,
    'customer-engineering-user',
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
});

describe('the terms and conditions', () => {
  it('are public, as the footer link to them is', () => {
    expect(paths.terms.feature).toBeNull();
  });

  it('show the last version with its sections, binding in English', () => {
    open('/terms-and-conditions/last-version');
    expect(screen.getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeVisible();
    expect(screen.getByText(/^Version 2, in force since/)).toBeVisible();
    expect(screen.getByText(/binding in English/)).toBeVisible();
    expect(screen.getByRole('heading', { name: '1. Scope' })).toBeVisible();
    expect(screen.getByRole('heading', { name: '9. Changes' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Read the English version' })).toBeNull();
  });

  it('show an earlier version by its number, without the sections added since', () => {
    open('/terms-and-conditions/1');
    expect(screen.getByText(/^Version 1, in force since/)).toBeVisible();
    expect(screen.getByRole('heading', { name: '6. Changes' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: '9. Changes' })).toBeNull();
  });

  it('are read in the reader’s language, which names the English text as binding and shows it', async () => {
    await changeLanguage('fr');
    const user = userEvent.setup();
    open('/terms-and-conditions/last-version');
    expect(screen.getByRole('heading', { name: 'Conditions générales', level: 1 })).toBeVisible();
    expect(screen.getByText(/Seule la version anglaise de ces conditions fait foi/)).toBeVisible();
    const payment = screen.getByRole('heading', { name: '7. Paiement' });
    expect(payment.closest('[lang]')).toHaveAttribute('lang', 'fr');

    await user.click(screen.getByRole('button', { name: 'Lire la version anglaise' }));
    const english = await screen.findByRole('heading', { name: '7. Payment' });
    expect(english.closest('[lang]')).toHaveAttribute('lang', 'en');
    expect(screen.getByText(/^Orders paid by card are charged when placed/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Lire la traduction' }));
    expect(await screen.findByRole('heading', { name: '7. Paiement' })).toBeVisible();
  });

  it('lead a version that does not exist to the page not found', async () => {
    const router = open('/terms-and-conditions/7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'));
    expect(screen.getByText('Nothing here')).toBeVisible();
  });
});
