import {
  groupSummaryListAnswerSchema,
  groupSummarySchema,
  rightsUserListAnswerSchema,
  rightsUserSchema,
  roleSummaryListAnswerSchema,
  type RightsUserBody,
} from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../lib/api';
import { DIRECTORY_KEY } from '../../lib/endpoints/directory';

/** Every query of rights management starts with this key: a change reloads them all. */
export const RIGHTS_KEY = ['rights'] as const;

export function rightsUsersQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...RIGHTS_KEY, 'users', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Rights/Users?${query}`, { schema: rightsUserListAnswerSchema, signal }),
  });
}

export const rolesQueryOptions = queryOptions({
  queryKey: [...RIGHTS_KEY, 'roles'],
  queryFn: ({ signal }) => apiRequest('/Rights/Roles', { schema: roleSummaryListAnswerSchema, signal }),
});

export const groupsQueryOptions = queryOptions({
  queryKey: [...RIGHTS_KEY, 'groups'],
  queryFn: ({ signal }) => apiRequest('/Rights/Groups', { schema: groupSummaryListAnswerSchema, signal }),
});

export const changeUserRights = (id: string, body: RightsUserBody) =>
  apiRequest(`/Rights/Users/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: rightsUserSchema });

/** A group changed: rights management and the device groups every screen offers reload. */
const groupChanges = [RIGHTS_KEY, DIRECTORY_KEY];

/** A group created (no id) or renamed. */
export const saveGroupMutation = mutationOptions({
  mutationKey: [...RIGHTS_KEY, 'save-group'],
  mutationFn: ({ id, name }: { id: number | null; name: string }) =>
    id === null
      ? apiRequest('/Rights/Groups', { method: 'POST', body: { name }, schema: groupSummarySchema })
      : apiRequest(`/Rights/Groups/${id}`, { method: 'PUT', body: { name }, schema: groupSummarySchema }),
  meta: { changes: groupChanges },
});

export const deleteGroupMutation = mutationOptions({
  mutationKey: [...RIGHTS_KEY, 'delete-group'],
  mutationFn: (id: number) => apiRequest(`/Rights/Groups/${id}`, { method: 'DELETE', schema: noContent }),
  meta: { changes: groupChanges },
});

/** A user added to a group (member) or taken out of it. */
export const changeGroupMemberMutation = mutationOptions({
  mutationKey: [...RIGHTS_KEY, 'group-member'],
  mutationFn: ({ groupId, userId, member }: { groupId: number; userId: string; member: boolean }) =>
    apiRequest(`/Rights/Groups/${groupId}/Users/${encodeURIComponent(userId)}`, {
      method: member ? 'PUT' : 'DELETE',
      schema: noContent,
    }),
  meta: { changes: groupChanges },
});
