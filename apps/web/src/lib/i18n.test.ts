import { describe, expect, it } from 'vitest';
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
