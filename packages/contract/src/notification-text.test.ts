import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { notificationMessage } from './notification-text.ts';
import { FLEET_EVENT_TYPES, type FleetEventType } from './notifications.ts';

const ENGLISH = JSON.parse(
  readFileSync(new URL('../../translations/locales/en/notifications.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

const writing = {
  instant: (iso: string) => `instant ${iso}`,
  day: (iso: string) => `day ${iso}`,
  orderStatus: (status: string) => `status ${status}`,
};

/** The English text of a key, as i18next finds it: the plural form `_other` for a count. */
function text(key: string, count: boolean): string | undefined {
  let node: unknown = ENGLISH;
  const parts = key.split('.');
  if (count) parts[parts.length - 1] += '_other';
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

describe('what a notification says', () => {
  it('has a sentence for every event, whose every placeholder it fills', () => {
    for (const type of FLEET_EVENT_TYPES as FleetEventType[]) {
      const message = notificationMessage(
        { type, data: { reason: 'result', minutes: 60, failures: 10 } },
        writing,
      );
      const sentence = text(message.key, 'count' in message.values);
      expect(sentence, `${type}: ${message.key}`).toBeDefined();
      for (const [, name] of sentence!.matchAll(/\{\{(\w+)\}\}/g))
        expect(message.values, `${type}: ${name}`).toHaveProperty(name!);
    }
  });

  it('writes instants, days and order statuses the reader’s way', () => {
    const online = notificationMessage(
      { type: 'device.online', data: { serialNumber: 'A1', offlineSince: '2026-11-29T08:00:00.000Z' } },
      writing,
    );
    expect(online.values).toEqual({ serialNumber: 'A1', since: 'instant 2026-11-29T08:00:00.000Z' });
    const expiring = notificationMessage(
      {
        type: 'calibration.expiring',
        data: { serialNumber: 'A1', endOfValidity: '2026-12-29T00:00:00.000Z' },
      },
      writing,
    );
    expect(expiring.values.date).toBe('day 2026-12-29T00:00:00.000Z');
    const order = notificationMessage(
      { type: 'order.needs-action', data: { number: 'O-1', status: 'paid' } },
      writing,
    );
    expect(order).toEqual({
      key: 'event.order.needs_action',
      values: { number: 'O-1', status: 'status paid' },
    });
    const check = notificationMessage(
      { type: 'job.failed', data: { reason: 'calibration-check', jobId: 7 } },
      writing,
    );
    expect(check.key).toBe('event.job.failed_calibration_check');
  });
});
