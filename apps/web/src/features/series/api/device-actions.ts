import {
  bulkActionAnswerSchema,
  deviceKeyAnswerSchema,
  fromPartOf,
  partNumberOf,
  seriesDetailSchema,
  type BulkEarlyAccessBody,
  type DeviceAction,
  type DeviceKeyAnswer,
  type SeriesDetail,
  type StoreAttachmentBody,
  type Variant,
} from '@fleet/contract';
import { mutationOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../../lib/api';
import { ACCESSORIES_KEY, SERIES_DETAIL_KEY, SERIES_LIST_KEY } from '../../../lib/query-keys';
import { seriesDetailQueryKey } from './series-detail';

/** The status actions of docs/device-statuses.md that need nothing but the device. */
export type StatusAction = Extract<
  DeviceAction,
  | 'deactivate'
  | 'reactivate'
  | 'blacklist'
  | 'unblacklist'
  | 'discard'
  | 'undoDiscard'
  | 'refurbish'
  | 'deassociate'
  | 'delete'
>;
/** Those the server answers with the device as changed. */
export type AnsweredStatusAction = Exclude<StatusAction, 'deassociate' | 'delete'>;

const series = (serialNumber: string) => `/Series/${encodeURIComponent(serialNumber)}`;

/** The lists that may show a device (its badges, its store, its status): each change of a device reloads them. */
const LISTS_OF_DEVICES = [SERIES_LIST_KEY, ACCESSORIES_KEY];

/**
 * A change of one device that the server answers with the device as changed: its page shows that answer,
 * and the lists that may show it reload.
 */
function answeredChange<V>(
  serialNumber: string,
  name: string,
  call: (variables: V) => Promise<SeriesDetail>,
) {
  return mutationOptions({
    mutationKey: [...seriesDetailQueryKey(serialNumber), name],
    mutationFn: call,
    onSuccess: (answer, _variables, _result, { client }) =>
      client.setQueryData(seriesDetailQueryKey(serialNumber), answer),
    meta: { changes: LISTS_OF_DEVICES },
  });
}

const bySerialNumber = (path: string, serialNumber: string) =>
  apiRequest(path, { method: 'POST', body: { serialNumber }, schema: seriesDetailSchema });

/** The status actions that answer the device as changed. */
function runStatusAction(action: AnsweredStatusAction, serialNumber: string): Promise<SeriesDetail> {
  const encoded = encodeURIComponent(serialNumber);
  switch (action) {
    case 'deactivate':
      return bySerialNumber('/Series/Deactivations/Deactivate', serialNumber);
    case 'reactivate':
      return bySerialNumber('/Series/Deactivations/Reactivate', serialNumber);
    case 'blacklist':
      return apiRequest(`/Series/blacklist/${encoded}`, { method: 'POST', schema: seriesDetailSchema });
    case 'unblacklist':
      return apiRequest(`/Series/blacklist/${encoded}`, { method: 'DELETE', schema: seriesDetailSchema });
    case 'discard':
      return bySerialNumber('/Series/Discard', serialNumber);
    case 'undoDiscard':
      return apiRequest(`/Series/Discard/BySN/${encoded}`, { method: 'DELETE', schema: seriesDetailSchema });
    case 'refurbish':
      return bySerialNumber('/Series/Refurbish', serialNumber);
  }
}

/** The changes of one device, each naming what it makes stale. */
export function deviceMutations(serialNumber: string) {
  const device = series(serialNumber);
  return {
    status: answeredChange(serialNumber, 'status', (action: AnsweredStatusAction) =>
      runStatusAction(action, serialNumber),
    ),
    /** Its users taken off: the server answers nothing, so the page reloads with the lists. */
    deassociate: mutationOptions({
      mutationKey: [...seriesDetailQueryKey(serialNumber), 'deassociate'],
      mutationFn: () =>
        apiRequest('/Series/Deassociate', { method: 'POST', body: { serialNumber }, schema: noContent }),
      meta: { changes: [seriesDetailQueryKey(serialNumber), ...LISTS_OF_DEVICES] },
    }),
    /** Deleted: the lists reload; the page, which has no device any more, is left by the screen. */
    remove: mutationOptions({
      mutationKey: [...seriesDetailQueryKey(serialNumber), 'delete'],
      mutationFn: () => apiRequest(device, { method: 'DELETE', schema: noContent }),
      meta: { changes: LISTS_OF_DEVICES },
    }),
    description: answeredChange(serialNumber, 'description', (description: string) =>
      apiRequest(`${device}/description`, {
        method: 'PATCH',
        body: { description },
        schema: seriesDetailSchema,
      }),
    ),
    /** The description for one product (this console's variant). */
    productDescription: answeredChange(
      serialNumber,
      'product-description',
      ({ product, description }: { product: Variant; description: string }) =>
        apiRequest(`${device}/${product}-description`, {
          method: 'PUT',
          body: { description },
          schema: seriesDetailSchema,
        }),
    ),
    earlyAccess: answeredChange(serialNumber, 'early-access', (earlyAccess: boolean) =>
      apiRequest(`/Series/EarlyAccessStatus/${encodeURIComponent(serialNumber)}`, {
        method: 'PUT',
        body: { earlyAccess },
        schema: seriesDetailSchema,
      }),
    ),
    /** `day` is YYYY-MM-DD. */
    activationDate: answeredChange(serialNumber, 'activation-date', (day: string) =>
      apiRequest(`${device}/activation`, {
        method: 'POST',
        body: { UtcActivationDateTime: day, enforceNewDate: true },
        schema: seriesDetailSchema,
      }),
    ),
    /** The activation date becomes today: the warranty starts again. */
    resetActivation: answeredChange(serialNumber, 'reset-activation', () =>
      apiRequest(`${device}/activation`, {
        method: 'POST',
        body: { resetWarranty: true },
        schema: seriesDetailSchema,
      }),
    ),
    /** A store code, or the whole attachment with the dealer code the device takes. */
    attachStore: answeredChange(serialNumber, 'attach-store', (attachment: string | StoreAttachmentBody) =>
      apiRequest(`${device}/store`, {
        method: 'POST',
        body: typeof attachment === 'string' ? { storeCode: attachment } : attachment,
        schema: seriesDetailSchema,
      }),
    ),
    detachStore: answeredChange(serialNumber, 'detach-store', (officialStoreCode: string) =>
      apiRequest(`${device}/store?${new URLSearchParams({ officialStoreCode })}`, {
        method: 'DELETE',
        schema: seriesDetailSchema,
      }),
    ),
    associateUser: answeredChange(serialNumber, 'associate-user', (username: string) =>
      apiRequest(`${device}/users`, {
        method: 'POST',
        // Spec §7: the device's part number and 'from' part travel with the names.
        body: { seriePN: partNumberOf(serialNumber), from: fromPartOf(serialNumber), userNames: [username] },
        schema: seriesDetailSchema,
      }),
    ),
  };
}

/**
 * Early access for a selection (at most 100 devices): the server answers what became of each one. The
 * lists reload, and so do the pages of devices open.
 */
export const earlyAccessOfSelectionMutation = mutationOptions({
  mutationKey: [...SERIES_LIST_KEY, 'early-access'],
  mutationFn: ({
    serialNumbers,
    earlyAccess,
  }: {
    serialNumbers: readonly string[];
    earlyAccess: boolean;
  }) => {
    const body: BulkEarlyAccessBody = { serialNumbers: [...serialNumbers], earlyAccess };
    return apiRequest('/Series/EarlyAccessStatus', { method: 'PUT', body, schema: bulkActionAnswerSchema });
  },
  meta: { changes: [SERIES_LIST_KEY, SERIES_DETAIL_KEY] },
});

/**
 * Issues a new key for the device; its previous key stops working at once. The answer holds the private
 * key, shown this once: it is handed to the screen only, never to a query cache or a log.
 */
export function issueDeviceKey(serialNumber: string): Promise<DeviceKeyAnswer> {
  return apiRequest(`${series(serialNumber)}/device-key`, { method: 'POST', schema: deviceKeyAnswerSchema });
}
