import {
  deviceTypeListAnswerSchema,
  deviceTypeSchema,
  rolloutDeviceListAnswerSchema,
  rolloutListAnswerSchema,
  rolloutPreviewSchema,
  rolloutSchema,
  versionContentSchema,
  versionDownloadLinkSchema,
  versionSchema,
  type ListState,
  type Rollout,
  type RolloutAction,
  type RolloutRequest,
  type VersionAvailability,
  type VersionUploadFields,
} from '@fleet/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiUpload, noContent } from '../../lib/api';
import { offsetListRequest } from '../../lib/list-request';
import { VERSIONS_KEY, deviceTypePath as typePath } from '../../lib/endpoints/device-types';

export { VERSIONS_KEY, deviceTypeQueryOptions } from '../../lib/endpoints/device-types';
/** While a rollout runs, its progress is followed at this pace. */
export const ROLLOUT_PROGRESS_MS = 5000;

const versionPath = (type: string, number: string) =>
  `${typePath(type)}/versions/${encodeURIComponent(number)}`;

export function deviceTypesQueryOptions() {
  return queryOptions({
    queryKey: [...VERSIONS_KEY, 'types'],
    queryFn: ({ signal }) =>
      apiRequest('/Updates/DeviceTypes', { schema: deviceTypeListAnswerSchema, signal }),
  });
}

export function declareDeviceType(type: string) {
  return apiRequest(typePath(type), { method: 'POST', schema: deviceTypeSchema });
}

export function uploadVersion(
  type: string,
  fields: VersionUploadFields,
  file: File,
  options: { signal?: AbortSignal; onProgress?: (sent: number, total: number) => void },
) {
  const body = new FormData();
  // The fields first: the server reads them before the file streams in.
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) body.append(name, String(value));
  body.append('file', file, file.name);
  return apiUpload(`${typePath(type)}/versions`, { body, schema: versionSchema, ...options });
}

export function setVersionAvailability(type: string, number: string, availability: VersionAvailability) {
  return apiRequest(`${versionPath(type, number)}/availability`, {
    method: 'PUT',
    body: { availability },
    schema: versionSchema,
  });
}

export function deleteVersion(type: string, number: string) {
  return apiRequest(versionPath(type, number), { method: 'DELETE', schema: noContent });
}

export function versionContentQueryOptions(type: string, number: string) {
  return queryOptions({
    queryKey: [...VERSIONS_KEY, 'content', type, number],
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      apiRequest(`${versionPath(type, number)}/content`, { schema: versionContentSchema, signal }),
  });
}

export function versionDownloadLink(type: string, number: string) {
  return apiRequest(`${versionPath(type, number)}/specified-download-link`, {
    schema: versionDownloadLinkSchema,
  });
}

const following = (rollouts: readonly Rollout[] | undefined) =>
  rollouts?.some((rollout) => rollout.state === 'running') ? ROLLOUT_PROGRESS_MS : false;

export function rolloutsQueryOptions(type: string, list: ListState) {
  const query = offsetListRequest(list, { ...list.filters, DeviceType: [type] });
  return queryOptions({
    queryKey: [...VERSIONS_KEY, 'rollouts', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Updates/rollouts?${query}`, { schema: rolloutListAnswerSchema, signal }),
    refetchInterval: (current) => following(current.state.data?.data),
  });
}

export function rolloutQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...VERSIONS_KEY, 'rollout', id],
    queryFn: ({ signal }) => apiRequest(`/Updates/rollouts/${id}`, { schema: rolloutSchema, signal }),
    refetchInterval: (current) => following(current.state.data ? [current.state.data] : undefined),
  });
}

/** What changes when a rollout's devices do: their page is read again when it does. */
export function rolloutProgressKey(rollout: Rollout): string {
  return [rollout.state, rollout.currentWave, rollout.succeeded, rollout.failed, rollout.started].join(':');
}

export function rolloutDevicesQueryOptions(rollout: Rollout, list: ListState) {
  const query = offsetListRequest(list, list.filters);
  return queryOptions({
    queryKey: [...VERSIONS_KEY, 'rollout-devices', rollout.id, query.toString(), rolloutProgressKey(rollout)],
    queryFn: ({ signal }) =>
      apiRequest(`/Updates/rollouts/${rollout.id}/devices?${query}`, {
        schema: rolloutDeviceListAnswerSchema,
        signal,
      }),
    // The page in view stays while the next one loads: progress does not blink the table.
    placeholderData: keepPreviousData,
  });
}

export function previewRollout(request: RolloutRequest, signal?: AbortSignal) {
  return apiRequest('/Updates/rollouts/preview', {
    method: 'POST',
    body: request,
    schema: rolloutPreviewSchema,
    ...(signal ? { signal } : {}),
  });
}

export function startRollout(request: RolloutRequest) {
  return apiRequest('/Updates/rollouts', { method: 'POST', body: request, schema: rolloutSchema });
}

export function actOnRollout(id: number, action: RolloutAction) {
  return apiRequest(`/Updates/rollouts/${id}/${action}`, { method: 'POST', schema: rolloutSchema });
}
