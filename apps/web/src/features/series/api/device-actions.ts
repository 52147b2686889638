import {
  bulkActionAnswerSchema,
  deviceKeyAnswerSchema,
  fromPartOf,
  partNumberOf,
  seriesDetailSchema,
  type BulkActionAnswer,
  type BulkEarlyAccessBody,
  type DeviceAction,
  type DeviceKeyAnswer,
  type SeriesDetail,
} from '@fleet/contract';
import { apiRequest, noContent } from '../../../lib/api';

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

const series = (serialNumber: string) => `/Series/${encodeURIComponent(serialNumber)}`;

/** Each answers the changed device, or null when the server answers nothing (204). */
export function runStatusAction(action: StatusAction, serialNumber: string): Promise<SeriesDetail | null> {
  const encoded = encodeURIComponent(serialNumber);
  const bySerialNumber = (path: string) =>
    apiRequest(path, { method: 'POST', body: { serialNumber }, schema: seriesDetailSchema });
  switch (action) {
    case 'deactivate':
      return bySerialNumber('/Series/Deactivations/Deactivate');
    case 'reactivate':
      return bySerialNumber('/Series/Deactivations/Reactivate');
    case 'blacklist':
      return apiRequest(`/Series/blacklist/${encoded}`, { method: 'POST', schema: seriesDetailSchema });
    case 'unblacklist':
      return apiRequest(`/Series/blacklist/${encoded}`, { method: 'DELETE', schema: seriesDetailSchema });
    case 'discard':
      return bySerialNumber('/Series/Discard');
    case 'undoDiscard':
      return apiRequest(`/Series/Discard/BySN/${encoded}`, { method: 'DELETE', schema: seriesDetailSchema });
    case 'refurbish':
      return bySerialNumber('/Series/Refurbish');
    case 'deassociate':
      return apiRequest('/Series/Deassociate', { method: 'POST', body: { serialNumber }, schema: noContent });
    case 'delete':
      return apiRequest(series(serialNumber), { method: 'DELETE', schema: noContent });
  }
}

export function editDescription(serialNumber: string, description: string): Promise<SeriesDetail> {
  return apiRequest(`${series(serialNumber)}/description`, {
    method: 'PATCH',
    body: { description },
    schema: seriesDetailSchema,
  });
}

export function setEarlyAccess(serialNumber: string, earlyAccess: boolean): Promise<SeriesDetail> {
  return apiRequest(`/Series/EarlyAccessStatus/${encodeURIComponent(serialNumber)}`, {
    method: 'PUT',
    body: { earlyAccess },
    schema: seriesDetailSchema,
  });
}

/** Early access for a selection (at most 100 devices): the server answers what became of each one. */
export function setEarlyAccessOfSelection(
  serialNumbers: readonly string[],
  earlyAccess: boolean,
): Promise<BulkActionAnswer> {
  const body: BulkEarlyAccessBody = { serialNumbers: [...serialNumbers], earlyAccess };
  return apiRequest('/Series/EarlyAccessStatus', { method: 'PUT', body, schema: bulkActionAnswerSchema });
}

/**
 * Issues a new key for the device; its previous key stops working at once. The answer holds the private
 * key, shown this once: it is handed to the screen only, never to a query cache or a log.
 */
export function issueDeviceKey(serialNumber: string): Promise<DeviceKeyAnswer> {
  return apiRequest(`${series(serialNumber)}/device-key`, { method: 'POST', schema: deviceKeyAnswerSchema });
}

/** `day` is YYYY-MM-DD. */
export function setActivationDate(serialNumber: string, day: string): Promise<SeriesDetail> {
  return apiRequest(`${series(serialNumber)}/activation`, {
    method: 'POST',
    body: { UtcActivationDateTime: day, enforceNewDate: true },
    schema: seriesDetailSchema,
  });
}

/** The activation date becomes today: the warranty starts again. */
export function resetActivation(serialNumber: string): Promise<SeriesDetail> {
  return apiRequest(`${series(serialNumber)}/activation`, {
    method: 'POST',
    body: { resetWarranty: true },
    schema: seriesDetailSchema,
  });
}

export function attachStore(serialNumber: string, storeCode: string): Promise<SeriesDetail> {
  return apiRequest(`${series(serialNumber)}/store`, {
    method: 'POST',
    body: { storeCode },
    schema: seriesDetailSchema,
  });
}

export function detachStore(serialNumber: string, officialStoreCode: string): Promise<SeriesDetail> {
  return apiRequest(`${series(serialNumber)}/store?${new URLSearchParams({ officialStoreCode })}`, {
    method: 'DELETE',
    schema: seriesDetailSchema,
  });
}

export function associateUser(serialNumber: string, username: string): Promise<SeriesDetail> {
  return apiRequest(`${series(serialNumber)}/users`, {
    method: 'POST',
    // Spec §7: the device's part number and 'from' part travel with the names.
    body: { seriePN: partNumberOf(serialNumber), from: fromPartOf(serialNumber), userNames: [username] },
    schema: seriesDetailSchema,
  });
}
