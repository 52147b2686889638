import { usableFeatures, type RoleCode } from '@fleet/contract';
import { waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { testMe } from '../testing/fixtures';
import { renderWithProviders } from '../testing/providers';
import { accessory, seriesDetail } from '../testing/series-fixtures';
import { i18n } from '../lib/i18n';
import { TITLE_SEPARATOR } from './document-title';
import { routes, SCREENS, type Screen } from './routes';

const DEVICE = 'ALIGN0000000001';
const ACCESSORY = 'ALIGA0000000042';
/** The product's name in the test variant (tool equipment). */
const PRODUCT = 'Fleet Console · Tool Equipment';

function open(path: string, role: RoleCode = 'administrator') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const me = testMe({ roles: [role], features: usableFeatures([role]), wholeFleet: true });
  renderWithProviders(<RouterProvider router={router} />, { me });
  return router;
}

beforeEach(() => {
  document.title = 'Fleet Console';
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/Series/User': { body: { series: [], totalCount: 0 } },
    'GET /api/Accessories': { body: { data: [] } },
    [`GET /api/Series/${DEVICE}`]: { body: seriesDetail() },
    'POST /api/HeartBeat/status': { body: {} },
    [`GET /api/Accessories/by-sn/${ACCESSORY}`]: { body: accessory() },
    [`GET /api/Series/${DEVICE}/geolocations`]: { body: { data: [], totalCount: 0 } },
  });
});

describe('browser tab titles', () => {
  it.each([
    ['/series/devices', `Devices · ${PRODUCT}`],
    ['/series/accessories', `Accessories · ${PRODUCT}`],
    [`/serie/${DEVICE}/info`, `${DEVICE} · Details · ${PRODUCT}`],
    [`/serie/${DEVICE}/geolocations`, `${DEVICE} · Geolocations · ${PRODUCT}`],
    [`/accessory/${ACCESSORY}/dataset`, `${ACCESSORY} · Data set · ${PRODUCT}`],
    ['/user-space/configuration-settings', `Configuration settings · ${PRODUCT}`],
    ['/about', `About · ${PRODUCT}`],
    ['/notfound', `Page not found · ${PRODUCT}`],
  ])('name the screen and the record of %s', async (path, title) => {
    open(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('follow the route: a redirect to a tab names that tab', async () => {
    const router = open(`/serie/${DEVICE}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/serie/${DEVICE}/info`));
    await waitFor(() => expect(document.title).toBe(`${DEVICE} · Details · ${PRODUCT}`));
  });
});

describe('every screen', () => {
  /** Each screen's title as the browser tab shows it, a record's number standing for `:param`. */
  function titles(screens: readonly Screen[], outer: string[] = []): [string, string][] {
    return screens.flatMap((screen) => {
      const part = screen.title && ('key' in screen.title ? i18n.t(screen.title.key) : '<record>');
      const parts = part ? [...outer, part] : outer;
      return [
        [screen.route.path, parts.join(TITLE_SEPARATOR)] as [string, string],
        ...titles(screen.children ?? [], parts),
      ];
    });
  }

  it('has a title of its own: no two screens name the browser tab alike', () => {
    const byTitle = new Map<string, string[]>();
    for (const [path, title] of titles(SCREENS)) {
      // A screen that leads to its first tab shares that tab's title: it is never shown as itself.
      if (SCREENS.some((screen) => screen.route.path === path && screen.children?.length)) continue;
      // A record's number tells apart two screens of one name (a device's details, an accessory's).
      if (title.includes('<record>')) continue;
      byTitle.set(title, [...(byTitle.get(title) ?? []), path]);
    }
    const shared = [...byTitle].filter(([, paths]) => paths.length > 1);
    expect(shared).toEqual([]);
  });
});
