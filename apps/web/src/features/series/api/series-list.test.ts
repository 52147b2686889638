import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { requestsAt } from '../../../testing/polling';
import { requestsTo } from '../../../testing/render-route';
import { seriesListQueryOptions } from './series-list';

describe('the devices list', () => {
  it('reloads itself every 2 minutes while shown (spec §9)', async () => {
    const fetchSpy = stubFetch({ 'GET /api/Series/User': { body: { series: [], totalCount: 0 } } });
    const calls = () => requestsTo(fetchSpy, 'GET', '/api/Series/User').length;
    const options = seriesListQueryOptions(new URLSearchParams({ pageNumber: '1', pageSize: '20' }));
    expect(await requestsAt(options, calls, [0, 119_999, 120_000, 240_000])).toEqual([1, 1, 2, 3]);
  });
});
