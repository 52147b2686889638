import {
  FLEET_EVENT_PAYLOADS,
  notificationMessage,
  type FleetEvent,
  type FleetEventType,
} from '@fleet/contract';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../hooks/use-date-format';
import { messageKey } from '../../lib/message-key';

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
      const message = notificationMessage(
        { type: event.type, data: parsed.data },
        {
          instant: date.long,
          day: date.short,
          orderStatus: (status) => t(`orders.status.${messageKey(status)}`),
        },
      );
      return t(`notifications.${message.key}`, message.values);
    },
    [t, date],
  );
}
