import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpdateOffer } from '@fleet/contract';
import { Updater, type DeviceSend } from './updater.ts';

const file = Buffer.from('firmware 6.1.0');
const offer: UpdateOffer = {
  kind: 'software',
  version: '6.1.0',
  fileName: 'fw.bin',
  size: file.length,
  sha256: createHash('sha256').update(file).digest('hex'),
  url: '/api/media/versions%2Ffw.bin?expires=1&signature=s',
  notes: '',
  rolloutId: 3,
};

/** A device whose server offers `offered` and serves `served` at the offer's link; answers its reports. */
function deviceWith(offered: UpdateOffer, served: Buffer, failureChance = 0) {
  const reports: { state: string; percent?: number; details?: string }[] = [];
  const send: DeviceSend = async (method, _path, body) => {
    if (method === 'GET') return Response.json({ offers: [offered] });
    reports.push(JSON.parse(body!) as (typeof reports)[number]);
    return new Response(null, { status: 204 });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL) => {
      expect(url.href).toBe(`http://server${offered.url}`);
      return new Response(new Uint8Array(served));
    }),
  );
  const updater = new Updater({ server: 'http://server', send, random: () => 0.5, failureChance, stepMs: 1 });
  return { updater, reports };
}

afterEach(() => vi.unstubAllGlobals());

describe('simulated device updates', () => {
  it('downloads the offer, checks its checksum, reports progress and success', async () => {
    const { updater, reports } = deviceWith(offer, file);
    expect(await updater.checkAndInstall()).toEqual([offer]);
    expect(reports.map((r) => [r.state, r.percent])).toEqual([
      ['started', 0],
      ['progress', 25],
      ['progress', 50],
      ['progress', 75],
      ['succeeded', undefined],
    ]);
  });

  it('reports a failure on a wrong checksum, and now and then on its own', async () => {
    const tampered = deviceWith(offer, Buffer.from('firmware 6.1.1'));
    expect(await tampered.updater.checkAndInstall()).toEqual([]);
    expect(tampered.reports.at(-1)).toMatchObject({
      state: 'failed',
      details: expect.stringContaining('Checksum'),
    });
    const unlucky = deviceWith(offer, file, 1);
    expect(await unlucky.updater.checkAndInstall()).toEqual([]);
    expect(unlucky.reports.at(-1)?.state).toBe('failed');
  });

  it('installs one given offer for the hub, telling each percent, busy while another install runs', async () => {
    const { updater, reports } = deviceWith(offer, file);
    const percents: number[] = [];
    const installing = updater.install(offer, (percent) => percents.push(percent));
    expect(updater.installing).toBe(true);
    expect(await updater.install(offer, () => {})).toBe('busy');
    expect(await installing).toBeNull();
    expect(percents).toEqual([0, 25, 50, 75]);
    expect(reports.at(-1)?.state).toBe('succeeded');
    expect(updater.installing).toBe(false);
    const unlucky = deviceWith(offer, file, 1);
    expect(await unlucky.updater.install(offer, () => {})).toEqual(expect.any(String));
  });
});
