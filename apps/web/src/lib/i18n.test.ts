import { describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { changeLanguage, htmlLang, i18n, initialLanguage, rememberSavedLanguage } from './i18n';

describe('language loading', () => {
  it('loads a locale on demand and sets <html lang>', async () => {
    await expect(changeLanguage('fr')).resolves.toBe('fr');
    expect(i18n.t('settings.page.save')).toBe('Enregistrer');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('uses the BCP 47 code for Japanese', async () => {
    await changeLanguage('jp');
    expect(document.documentElement.lang).toBe('ja');
    expect(htmlLang('zh-CN')).toBe('zh-CN');
  });

  it('falls back to English when a locale cannot be loaded', async () => {
    await expect(changeLanguage('xx')).resolves.toBe('en');
    expect(i18n.t('settings.page.save')).toBe('Save');
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts with the last saved configuration language, else the browser’s', () => {
    const available = ['de', 'en', 'fr'];
    expect(initialLanguage(available)).toBe('en');
    rememberSavedLanguage('de');
    expect(initialLanguage(available)).toBe('de');
    rememberSavedLanguage('jp');
    expect(initialLanguage(available)).toBe('en');
  });
});

describe('served texts', () => {
  const served = (texts: Record<string, string>) => ({
    body: { language: 'fr', target: 'tool-equipment', texts },
  });

  it('merges the served texts over the bundled ones, again on every switch', async () => {
    const fetch = stubFetch({ 'GET /api/Translations/fr': served({ 'settings.page.save': 'Sauver' }) });
    await changeLanguage('fr');
    expect(i18n.t('settings.page.save')).toBe('Sauver');
    expect(i18n.t('settings.page.title')).not.toBe('settings.page.title');
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/Translations/fr?target=tool-equipment');

    // The override is removed: the next switch shows the bundled text again.
    stubFetch({ 'GET /api/Translations/fr': served({}) });
    await changeLanguage('en');
    await changeLanguage('fr');
    expect(i18n.t('settings.page.save')).toBe('Enregistrer');
  });

  it('starts with the bundled texts when the server gives none', async () => {
    stubFetch({ 'GET /api/Translations/de': { status: 503, body: { status: 503, message: 'down' } } });
    await expect(changeLanguage('de')).resolves.toBe('de');
    expect(i18n.t('settings.page.save')).toBe('Speichern');
  });

  it('shows a language added in translations management, English where it has no text', async () => {
    stubFetch({ 'GET /api/Translations/nl': served({ 'settings.page.save': 'Opslaan' }) });
    await expect(changeLanguage('nl')).resolves.toBe('nl');
    expect(i18n.t('settings.page.save')).toBe('Opslaan');
    expect(i18n.t('settings.page.title')).toBe(i18n.getFixedT('en')('settings.page.title'));
    expect(document.documentElement.lang).toBe('nl');
  });
});
