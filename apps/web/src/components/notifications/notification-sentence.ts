import {
  FLEET_EVENT_PAYLOADS,
  type FleetEvent,
  type FleetEventPayload,
  type FleetEventType,
} from '@fleet/contract';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat, type DateFormat } from '../../hooks/use-date-format';
import { messageKey } from '../../lib/message-key';

interface Words {
  t: TFunction;
  date: DateFormat;
}

type Sentences = { [Type in FleetEventType]: (data: FleetEventPayload<Type>, words: Words) => string };

const say = (t: TFunction, key: string, values: Record<string, unknown>) =>
  t(`notifications.event.${key}`, values);

const orderStatus = (t: TFunction, status: string) => t(`orders.status.${messageKey(status)}`);

/** What each event says, from its payload: dates in the reader's format and time zone. */
const SENTENCES: Sentences = {
  'device.offline': (data, { t }) =>
    say(t, 'device.offline', { serialNumber: data.serialNumber, count: data.minutes }),
  'device.online': (data, { t, date }) =>
    say(t, 'device.online', { serialNumber: data.serialNumber, since: date.long(data.offlineSince) }),
  'calibration.expiring': (data, { t, date }) =>
    say(t, 'calibration.expiring', { serialNumber: data.serialNumber, date: date.short(data.endOfValidity) }),
  'calibration.expired': (data, { t, date }) =>
    say(t, 'calibration.expired', { serialNumber: data.serialNumber, date: date.short(data.endOfValidity) }),
  'job.created': (data, { t }) =>
    say(t, 'job.created', { serialNumber: data.serialNumber, jobId: data.jobId }),
  'job.failed': (data, { t }) =>
    say(t, `job.failed_${messageKey(data.reason)}`, { serialNumber: data.serialNumber, jobId: data.jobId }),
  'job.corrupted': (data, { t }) => say(t, 'job.corrupted', { serialNumber: data.serialNumber }),
  'rollout.stopped': (data, { t }) =>
    say(t, 'rollout.stopped', { version: data.version, deviceType: data.deviceType }),
  'rollout.finished': (data, { t }) =>
    say(t, 'rollout.finished', { version: data.version, deviceType: data.deviceType }),
  'task.finished': (data, { t }) => say(t, 'task.finished', { description: data.description }),
  'task.failed': (data, { t }) => say(t, 'task.failed', { description: data.description }),
  'order.status-changed': (data, { t }) =>
    say(t, 'order.status_changed', { number: data.number, status: orderStatus(t, data.status) }),
  'order.needs-action': (data, { t }) =>
    say(t, 'order.needs_action', { number: data.number, status: orderStatus(t, data.status) }),
  'webhook.disabled': (data, { t }) => say(t, 'webhook.disabled', { url: data.url, count: data.failures }),
};

/** An event type's name in the reader's language ("Device offline"). */
export function eventTypeName(t: TFunction, type: FleetEventType): string {
  return t(`notifications.kind.${messageKey(type)}.name`);
}

/**
 * What happened, as a sentence in the reader's language; a payload this console cannot read (a newer
 * version of it) is named by its type.
 */
export function useNotificationSentence(): (event: FleetEvent) => string {
  const { t } = useTranslation();
  const date = useDateFormat();
  return useCallback(
    (event) => {
      const parsed = FLEET_EVENT_PAYLOADS[event.type].safeParse(event.data);
      if (!parsed.success) return eventTypeName(t, event.type);
      const sentence = SENTENCES[event.type] as (data: unknown, words: Words) => string;
      return sentence(parsed.data, { t, date });
    },
    [t, date],
  );
}
