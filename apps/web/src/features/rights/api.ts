import {
  groupSummaryListAnswerSchema,
  groupSummarySchema,
  rightsUserListAnswerSchema,
  rightsUserSchema,
  roleSummaryListAnswerSchema,
  type RightsUserBody,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../lib/api';

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

export const createGroup = (name: string) =>
  apiRequest('/Rights/Groups', { method: 'POST', body: { name }, schema: groupSummarySchema });

export const renameGroup = (id: number, name: string) =>
  apiRequest(`/Rights/Groups/${id}`, { method: 'PUT', body: { name }, schema: groupSummarySchema });

export const deleteGroup = (id: number) =>
  apiRequest(`/Rights/Groups/${id}`, { method: 'DELETE', schema: noContent });

const membership = (groupId: number, userId: string, method: 'PUT' | 'DELETE') =>
  apiRequest(`/Rights/Groups/${groupId}/Users/${encodeURIComponent(userId)}`, { method, schema: noContent });
export const addGroupMember = (groupId: number, userId: string) => membership(groupId, userId, 'PUT');
export const removeGroupMember = (groupId: number, userId: string) => membership(groupId, userId, 'DELETE');
