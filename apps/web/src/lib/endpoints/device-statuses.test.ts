import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { requestsAt } from '../../testing/polling';
import { requestsTo } from '../../testing/render-route';
import { heartbeatStatusesQueryOptions } from './device-statuses';

describe('the online status of the devices shown', () => {
  it('is asked for again every 30 s (spec §9)', async () => {
    const fetchSpy = stubFetch({ 'POST /api/HeartBeat/status': { body: { SN1: true } } });
    const calls = () => requestsTo(fetchSpy, 'POST', '/api/HeartBeat/status').length;
    expect(
      await requestsAt(heartbeatStatusesQueryOptions(['SN1']), calls, [0, 29_999, 30_000, 60_000]),
    ).toEqual([1, 1, 2, 3]);
  });
});
