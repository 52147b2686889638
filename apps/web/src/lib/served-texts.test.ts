import { describe, expect, it } from 'vitest';
import { applyServedTexts } from './served-texts';

describe('served texts over the bundled ones', () => {
  const bundled = { company: { page: { title: 'Company', none: 'None' } }, app: { name: 'Fleet' } };

  it('replaces a text by its full key and leaves the bundled messages as loaded', () => {
    const merged = applyServedTexts(bundled, { 'company.page.title': 'Société' });
    expect(merged).toEqual({ company: { page: { title: 'Société', none: 'None' } }, app: { name: 'Fleet' } });
    expect(bundled.company.page.title).toBe('Company');
    expect(merged.app).toBe(bundled.app);
  });

  it('adds texts the bundle has no key for (catalogue objects)', () => {
    const merged = applyServedTexts(bundled, { 'objects.sku.CAL-ANY': 'Étalonnage' });
    expect(merged.objects).toEqual({ sku: { 'CAL-ANY': 'Étalonnage' } });
  });

  it('never turns a text into a group or a group into a text', () => {
    const merged = applyServedTexts(bundled, { 'app.name.short': 'F', company: 'x', 'company.page': 'y' });
    expect(merged).toEqual(bundled);
  });
});
