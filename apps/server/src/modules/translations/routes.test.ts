import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like } from 'drizzle-orm';
import type { TranslationEntry, TranslationLanguage, TranslationObject } from '@fleet/contract';
import { auditLog, skus, translationOverrides } from '../../db/schema.ts';
import { englishTexts } from './bundled.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
let nodeB: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // A second node of the same server (same database): what one writes, the other serves.
  nodeB = await startTestServer({}, server);
});
afterAll(async () => {
  await nodeB?.close();
  await server?.close();
});

const call: TestServer['call'] = (...args) => server.call(...args);

/** The served texts as the console loads them: no sign-in, optionally revalidating an ETag. */
function served(path: string, etag?: string, on: TestServer = server) {
  return on.app.inject({ url: path, headers: etag ? { 'if-none-match': etag } : {} });
}

const put = (language: string, body: object, user = 'administrator') =>
  call(user, 'PUT', `/api/Translations/${language}/Overrides`, body);
const remove = (language: string, place: Record<string, string>, user = 'administrator') =>
  call(user, 'DELETE', `/api/Translations/${language}/Overrides?${new URLSearchParams(place)}`);

async function auditCount(subjectLike: string) {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'translation'), like(auditLog.subjectId, subjectLike)));
  return row!.n;
}

async function overrideCount() {
  const [row] = await server.database.db.select({ n: count() }).from(translationOverrides);
  return row!.n;
}

describe('served translations', () => {
  it('answers with an ETag the browser revalidates, 304 while nothing changed', async () => {
    const first = await served('/api/Translations/fr?target=tool-equipment');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await served('/api/Translations/fr?target=tool-equipment', etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(
      (await served('/api/Translations/fr?target=tool-equipment', `W/${etag}, "other"`)).statusCode,
    ).toBe(304);
  });

  it('shows an edit on the next load, with a new ETag on every node, and forgets it when removed', async () => {
    const url = '/api/Translations/de?target=tool-equipment';
    const before = await served(url);
    const etag = String(before.headers.etag);
    const saved = await put('de', {
      target: 'all',
      namespace: 'company',
      key: 'page.title',
      text: 'Firmenmenü',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ language: 'de', target: 'all', text: 'Firmenmenü' });

    const after = await served(url, etag, nodeB);
    expect(after.statusCode).toBe(200);
    expect(after.json().texts['company.page.title']).toBe('Firmenmenü');
    const edited = String(after.headers.etag);
    expect(edited).not.toBe(etag);
    expect((await served(url, edited)).statusCode).toBe(304);

    // The same text again is a write too: the answer is the same, and so is its ETag.
    await put('de', { target: 'all', namespace: 'company', key: 'page.title', text: 'Firmenmenü!' });
    const changed = await served(url, edited);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(edited);

    expect((await remove('de', { target: 'all', namespace: 'company', key: 'page.title' })).statusCode).toBe(
      204,
    );
    const removed = await served(url, String(changed.headers.etag), nodeB);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().texts['company.page.title']).toBeUndefined();
    expect(removed.headers.etag).toBe(etag);
    expect((await remove('de', { target: 'all', namespace: 'company', key: 'page.title' })).statusCode).toBe(
      404,
    );

    const actions = await server.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.subjectId, 'de/all/company.page.title'))
      .orderBy(auditLog.id);
    expect(actions.map((row) => row.action)).toEqual([
      'translation.updated',
      'translation.updated',
      'translation.removed',
    ]);
    expect(actions[1]!.details).toMatchObject({ from: 'Firmenmenü', to: 'Firmenmenü!' });
  });

  it('gives a variant’s override precedence over the one for all targets', async () => {
    const key = { namespace: 'company', key: 'tools.logs.title' };
    expect((await put('es', { ...key, target: 'all', text: 'Registros' })).statusCode).toBe(200);
    expect((await put('es', { ...key, target: 'tyre-pressure', text: 'Bitácora' })).statusCode).toBe(200);
    const text = async (target: string) =>
      (await served(`/api/Translations/es?target=${target}`)).json().texts['company.tools.logs.title'];
    expect(await text('tyre-pressure')).toBe('Bitácora');
    expect(await text('tool-equipment')).toBe('Registros');
    expect(await text('all')).toBe('Registros');
    await remove('es', { ...key, target: 'tyre-pressure' });
    expect(await text('tyre-pressure')).toBe('Registros');
    await remove('es', { ...key, target: 'all' });
  });

  it('is read by anyone, signed in or not; refuses a language the console does not have', async () => {
    expect((await call('customer-engineering-user', 'GET', '/api/Translations/en')).statusCode).toBe(200);
    const unknown = await served('/api/Translations/xx');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('path.language');
    expect((await served('/api/Translations/not-a-tag')).json().message).toContain('path.language');
    expect((await served('/api/Translations/fr?target=everyone')).json().message).toContain('target');
  });
});

describe('managing overrides', () => {
  const good = { target: 'all', namespace: 'company', key: 'page.title', text: 'Société' };

  it.each([
    ['target', { ...good, target: 'desktop' }, 'body.target'],
    ['namespace', { ...good, namespace: 'nothing_here' }, 'body.namespace'],
    ['key', { ...good, key: 'page.no_such_key' }, 'body.key'],
    ['key that is a group', { ...good, key: 'page' }, 'body.key'],
    ['empty text', { ...good, text: '   ' }, 'body.text'],
    ['placeholder with no value', { ...good, text: 'Société {{name}}' }, 'body.text'],
  ])('refuses an unknown %s with a 400 naming it, writing nothing', async (_, body, field) => {
    const [audits, overrides] = [await auditCount('fr/%'), await overrideCount()];
    const response = await put('fr', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(field);
    expect([await auditCount('fr/%'), await overrideCount()]).toEqual([audits, overrides]);
  });

  it('refuses a language that is not the console’s', async () => {
    const response = await put('xx', good);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('path.language');
    const removal = await remove('xx', { target: 'all', namespace: 'company', key: 'page.title' });
    expect(removal.json().message).toContain('path.language');
    const unknownKey = await remove('fr', { target: 'all', namespace: 'company', key: 'nope' });
    expect(unknownKey.json().message).toContain('query.key');
  });

  it('keeps a placeholder the English has', async () => {
    const place = { target: 'all', namespace: 'list', key: 'saved_filters.button_other' };
    const english = await call(
      'administrator',
      'GET',
      '/api/Translations/fr/Keys?Namespace=list&Search=button_other',
    );
    expect((english.json().keys as TranslationEntry[]).map((entry) => entry.english)).toContain(
      'Saved filters ({{count}})',
    );
    expect((await put('fr', { ...place, text: 'Mes filtres ({{ count }})' })).statusCode).toBe(200);
    await remove('fr', place);
  });

  it('is for administrators and old administrators only', async () => {
    for (const user of ['support-manager', 'customer-engineering-manager', 'devops-manager']) {
      expect((await put('fr', good, user)).statusCode, user).toBe(403);
      expect((await call(user, 'GET', '/api/Translations/fr/Keys')).statusCode, user).toBe(403);
      expect((await call(user, 'GET', '/api/Translations/Languages')).statusCode, user).toBe(403);
    }
    expect((await put('pt', { ...good, text: 'Empresa' }, 'old-administrator')).statusCode).toBe(200);
    await remove('pt', { target: 'all', namespace: 'company', key: 'page.title' }, 'old-administrator');
  });
});

describe('the keys of a language', () => {
  it('pages every key with its English, bundled text, override and state, filtered', async () => {
    const all = await call('administrator', 'GET', '/api/Translations/fr/Keys?PageSize=10');
    expect(all.statusCode, all.body).toBe(200);
    const list = all.json();
    expect(list.keys).toHaveLength(10);
    expect(list.totalCount).toBeGreaterThan(1000);
    expect(list.namespaces).toContain('company');

    await put('fr', { target: 'tyre-pressure', namespace: 'company', key: 'page.none', text: 'Aucun outil' });
    const company = await call(
      'administrator',
      'GET',
      '/api/Translations/fr/Keys?Namespace=company&Target=tyre-pressure&State=overridden',
    );
    expect(company.json().keys).toEqual([
      expect.objectContaining({
        namespace: 'company',
        key: 'page.none',
        english: 'No company tool is open to you.',
        override: 'Aucun outil',
        inherited: null,
        state: 'overridden',
      }),
    ]);
    const forAll = await call(
      'administrator',
      'GET',
      '/api/Translations/fr/Keys?Namespace=company&Search=page.none',
    );
    expect(forAll.json().keys[0]).toMatchObject({ override: null, state: 'bundled' });
    await remove('fr', { target: 'tyre-pressure', namespace: 'company', key: 'page.none' });

    const bad = await call('administrator', 'GET', '/api/Translations/fr/Keys?Namespace=nothing&State=gone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((problem: { field: string }) => problem.field)).toEqual([
      'query.Namespace',
      'query.State',
    ]);
  });
});

describe('languages and targets', () => {
  it('lists the shipped languages complete, adds one that starts empty, and audits it', async () => {
    const before = await call('administrator', 'GET', '/api/Translations/Languages');
    const shipped = (before.json().languages as TranslationLanguage[]).filter((language) => language.shipped);
    expect(shipped.map((language) => language.code).sort()).toEqual([
      'de',
      'en',
      'es',
      'fr',
      'jp',
      'pt',
      'zh-CN',
    ]);
    for (const language of shipped) expect(language.translated).toBe(language.keys);
    expect(shipped.find((language) => language.code === 'jp')?.offered).toBe(false);

    expect((await served('/api/Translations/nl')).statusCode).toBe(400);
    const added = await call('administrator', 'POST', '/api/Translations/Languages', {
      code: 'nl',
      name: 'Nederlands',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ code: 'nl', shipped: false, translated: 0 });
    expect((await served('/api/Translations/nl')).json().texts).toEqual({});
    const missing = await call('administrator', 'GET', '/api/Translations/nl/Keys?State=missing&PageSize=10');
    expect(missing.json().totalCount).toBe(added.json().keys);

    await put('nl', { target: 'all', namespace: 'company', key: 'page.title', text: 'Bedrijf' });
    const after = await call('administrator', 'GET', '/api/Translations/Languages');
    expect((after.json().languages as TranslationLanguage[]).find((l) => l.code === 'nl')).toMatchObject({
      translated: 1,
      overrides: 1,
    });
    const [audited] = await server.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'translation-language.added'), eq(auditLog.subjectId, 'nl')));
    expect(audited!.n).toBe(1);

    const again = await call('administrator', 'POST', '/api/Translations/Languages', {
      code: 'nl',
      name: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await call('administrator', 'POST', '/api/Translations/Languages', { code: 'fr', name: 'x' }))
        .statusCode,
    ).toBe(409);
    for (const code of ['Dutch', 'nl_NL', 'nl-nl', 'abcd-EFGH-IJ']) {
      const bad = await call('administrator', 'POST', '/api/Translations/Languages', { code, name: 'x' });
      expect(bad.statusCode, code).toBe(400);
      expect(bad.json().message).toContain('body.code');
    }
    const unnamed = await call('administrator', 'POST', '/api/Translations/Languages', {
      code: 'sv',
      name: ' ',
    });
    expect(unnamed.json().message).toContain('body.name');
  });

  it('counts the overrides of each target', async () => {
    await put('fr', { target: 'tool-equipment', namespace: 'company', key: 'page.none', text: 'Rien' });
    const answer = await call('administrator', 'GET', '/api/Translations/Targets');
    expect(answer.statusCode).toBe(200);
    const targets = answer.json().targets as { target: string; current: boolean; overrides: number }[];
    expect(targets.map((target) => target.target)).toEqual(['all', 'tool-equipment', 'tyre-pressure']);
    const [rows] = await server.database.db
      .select({ n: count() })
      .from(translationOverrides)
      .where(eq(translationOverrides.target, 'tool-equipment'));
    expect(targets[1]).toMatchObject({ current: true, overrides: rows!.n });
    expect(targets[2]!.current).toBe(false);
    const [objects] = await server.database.db
      .select({ n: count() })
      .from(translationOverrides)
      .where(
        and(
          eq(translationOverrides.target, 'all'),
          eq(translationOverrides.language, 'fr'),
          eq(translationOverrides.namespace, 'objects'),
        ),
      );
    const french = answer
      .json()
      .targets[0].languages.find((row: { language: string }) => row.language === 'fr');
    expect(french.objects).toBe(objects!.n);
    expect(french.overrides).toBeGreaterThanOrEqual(objects!.n);
    await remove('fr', { target: 'tool-equipment', namespace: 'company', key: 'page.none' });
  });
});

describe('objects', () => {
  it('lists statuses and SKU names, and serves an object’s text at the key the console reads', async () => {
    const answer = await call('administrator', 'GET', '/api/Translations/fr/Objects');
    expect(answer.statusCode, answer.body).toBe(200);
    const objects = answer.json().objects as TranslationObject[];
    expect(objects.find((o) => o.kind === 'device_status' && o.code === 'activated')).toMatchObject({
      namespace: 'series',
      key: 'device_status.activated',
      english: 'Activated',
    });
    const sku = objects.find((o) => o.kind === 'sku' && o.code === 'CAL-ANY');
    expect(sku).toMatchObject({ namespace: 'objects', key: 'sku.CAL-ANY', bundled: null });
    const english = (await call('administrator', 'GET', '/api/Translations/en/Objects')).json().objects;
    expect(english.find((o: TranslationObject) => o.kind === 'sku' && o.code === 'CAL-ANY')).toMatchObject({
      bundled: 'Calibration of a measuring device',
      state: 'bundled',
    });

    const save = (body: object) => call('administrator', 'PUT', '/api/Translations/zh-CN/Objects', body);
    expect(
      (await save({ target: 'all', kind: 'device_status', code: 'activated', text: '已启用' })).statusCode,
    ).toBe(200);
    expect(
      (await save({ target: 'all', kind: 'sku', code: 'CAL-ANY', text: '测量设备校准' })).statusCode,
    ).toBe(200);
    const texts = (await served('/api/Translations/zh-CN?target=tool-equipment')).json().texts;
    expect(texts['series.device_status.activated']).toBe('已启用');
    expect(texts['objects.sku.CAL-ANY']).toBe('测量设备校准');

    const unknown = await save({ target: 'all', kind: 'sku', code: 'NO-SUCH-SKU', text: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('body.code');
    const badKind = await save({ target: 'all', kind: 'planet', code: 'x', text: 'x' });
    expect(badKind.json().message).toContain('body.kind');

    const removal = await call(
      'administrator',
      'DELETE',
      '/api/Translations/zh-CN/Objects?target=all&kind=device_status&code=activated',
    );
    expect(removal.statusCode).toBe(204);
    await call('administrator', 'DELETE', '/api/Translations/zh-CN/Objects?target=all&kind=sku&code=CAL-ANY');
    expect(
      (await served('/api/Translations/zh-CN')).json().texts['series.device_status.activated'],
    ).toBeUndefined();
  });
});

describe('the demo seed', () => {
  it('names only keys the console has and SKUs the catalogue has', async () => {
    const db = server.database.db;
    const rows = await db.select().from(translationOverrides);
    const english = await englishTexts('all');
    const codes = new Set((await db.select({ code: skus.code }).from(skus)).map((sku) => sku.code));
    const unknown = rows.filter((row) =>
      row.namespace === 'objects'
        ? !codes.has(row.key.replace(/^sku\./, ''))
        : !english.has(`${row.namespace}.${row.key}`),
    );
    expect(rows.length).toBeGreaterThan(20);
    expect(unknown).toEqual([]);
    expect(
      (await served('/api/Translations/it?target=tool-equipment')).json().texts['app.top_bar.company'],
    ).toBe('Azienda');
  });
});
