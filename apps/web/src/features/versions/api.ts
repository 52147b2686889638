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
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiUpload, noContent } from '../../lib/api';
import { followDownloadLink } from '../../lib/download';
import { offsetListRequest } from '../../lib/list-request';
import { VERSIONS_KEY, deviceTypePath as typePath } from '../../lib/endpoints/device-types';

export { deviceTypeQueryOptions } from '../../lib/endpoints/device-types';
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

/** A device type declared before any of its versions is uploaded. */
export const declareDeviceTypeMutation = mutationOptions({
  mutationKey: [...VERSIONS_KEY, 'declare'],
  mutationFn: (type: string) => apiRequest(typePath(type), { method: 'POST', schema: deviceTypeSchema }),
  meta: { changes: [VERSIONS_KEY] },
});

/** A declared device type nothing uses (no device, no version) removed. */
export const deleteDeviceTypeMutation = mutationOptions({
  mutationKey: [...VERSIONS_KEY, 'delete-type'],
  mutationFn: (type: string) => apiRequest(typePath(type), { method: 'DELETE', schema: noContent }),
  meta: { changes: [VERSIONS_KEY] },
});

/** A version uploaded with its fields, the upload's progress told as it goes. */
export const uploadVersionMutation = mutationOptions({
  mutationKey: [...VERSIONS_KEY, 'upload'],
  mutationFn: ({
    type,
    fields,
    file,
    ...options
  }: {
    type: string;
    fields: VersionUploadFields;
    file: File;
    signal?: AbortSignal;
    onProgress?: (sent: number, total: number) => void;
  }) => {
    const body = new FormData();
    // The fields first: the server reads them before the file streams in.
    for (const [name, value] of Object.entries(fields))
      if (value !== undefined) body.append(name, String(value));
    body.append('file', file, file.name);
    return apiUpload(`${typePath(type)}/versions`, { body, schema: versionSchema, ...options });
  },
  meta: { changes: [VERSIONS_KEY] },
});

export const versionAvailabilityMutation = mutationOptions({
  mutationKey: [...VERSIONS_KEY, 'availability'],
  mutationFn: ({
    type,
    number,
    availability,
  }: {
    type: string;
    number: string;
    availability: VersionAvailability;
  }) =>
    apiRequest(`${versionPath(type, number)}/availability`, {
      method: 'PUT',
      body: { availability },
      schema: versionSchema,
    }),
  meta: { changes: [VERSIONS_KEY] },
});

export const deleteVersionMutation = mutationOptions({
  mutationKey: [...VERSIONS_KEY, 'delete'],
  mutationFn: ({ type, number }: { type: string; number: string }) =>
    apiRequest(versionPath(type, number), { method: 'DELETE', schema: noContent }),
  meta: { changes: [VERSIONS_KEY] },
});

export function versionContentQueryOptions(type: string, number: string) {
  return queryOptions({
    queryKey: [...VERSIONS_KEY, 'content', type, number],
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      apiRequest(`${versionPath(type, number)}/content`, { schema: versionContentSchema, signal }),
  });
}

/** Downloads a version's file through the link the server gives: nothing changes. */
export const downloadVersionMutation = mutationOptions({
  mutationKey: [...VERSIONS_KEY, 'download'],
  mutationFn: async ({ type, number }: { type: string; number: string }) => {
    const { mediaLink } = await apiRequest(`${versionPath(type, number)}/specified-download-link`, {
      schema: versionDownloadLinkSchema,
    });
    followDownloadLink(mediaLink);
  },
});

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

export const startRolloutMutation = mutationOptions({
  mutationKey: [...VERSIONS_KEY, 'rollout', 'start'],
  mutationFn: (request: RolloutRequest) =>
    apiRequest('/Updates/rollouts', { method: 'POST', body: request, schema: rolloutSchema }),
  meta: { changes: [VERSIONS_KEY] },
});

/** A rollout paused, resumed or cancelled. */
export const rolloutActionMutation = mutationOptions({
  mutationKey: [...VERSIONS_KEY, 'rollout', 'action'],
  mutationFn: ({ id, action }: { id: number; action: RolloutAction }) =>
    apiRequest(`/Updates/rollouts/${id}/${action}`, { method: 'POST', schema: rolloutSchema }),
  meta: { changes: [VERSIONS_KEY] },
});
