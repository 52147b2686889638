import {
  RIGHTS_USER_LIST,
  RIGHTS_USER_TOKENS,
  type RightsUser,
  type RightsUserBody,
  type RightsUserListAnswer,
} from '@fleet/contract';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../hooks/use-date-format';
import { useMe } from '../../hooks/use-me';
import { companiesQueryOptions, deviceGroupsQueryOptions } from '../../lib/endpoints/directory';
import { TokenListFrame } from '../list/token-list-frame';
import { useTokenList } from '../list/use-token-list';
import type { TokenOptions } from '../search-tokens/token-options';
import { showSuccess } from '../show-success';
import type { DataColumn } from '../table/data-table';
import { useRoleName } from './role-names';
import { openUserRights, type UserRightsMode } from './user-rights-dialog';

function useDirectory() {
  const companies = useQuery(companiesQueryOptions);
  const groups = useQuery(deviceGroupsQueryOptions);
  return {
    companies: companies.data?.companies,
    groups: groups.data?.groups,
    company: (id: string | null) =>
      companies.data?.companies.find((company) => company.id === id)?.name ?? null,
    group: (id: number) => groups.data?.groups.find((group) => group.id === id)?.name ?? String(id),
  };
}

function useUserTokenOptions(directory: ReturnType<typeof useDirectory>): TokenOptions {
  const roleName = useRoleName();
  const { companies, groups } = directory;
  return useCallback<TokenOptions>(
    (definition) => {
      switch (definition.type) {
        case 'Role':
          return definition.choices?.map((value) => ({ value, label: roleName(value as never) }));
        case 'Company':
          return companies?.map((company) => ({ value: company.id, label: company.name }));
        case 'Group':
          return groups?.map((group) => ({ value: String(group.id), label: group.name }));
        default:
          return undefined;
      }
    },
    [roleName, companies, groups],
  );
}

/** The users table's columns; a user's button opens their dialog (`edit`). */
function useUserColumns(
  directory: ReturnType<typeof useDirectory>,
  action: 'move' | 'edit',
  edit: (user: RightsUser) => Promise<void>,
): DataColumn<RightsUser>[] {
  const { t } = useTranslation();
  const date = useDateFormat();
  const roleName = useRoleName();
  return [
    {
      prop: 'name',
      labelLang: 'rights.fields.name',
      sortable: true,
      sortBy: 'Name',
      forceNormalWordBreak: true,
      cell: (user) => (
        <>
          <Text size="sm" fw={500}>
            {user.name}
          </Text>
          {user.email && (
            <Text size="xs" c="dimmed">
              {user.email}
            </Text>
          )}
        </>
      ),
    },
    {
      prop: 'username',
      labelLang: 'rights.fields.username',
      sortable: true,
      sortBy: 'Username',
      cell: (user) => user.username ?? '—',
    },
    {
      prop: 'company',
      labelLang: 'rights.fields.company',
      forceNormalWordBreak: true,
      cell: (user) => directory.company(user.companyId) ?? '—',
    },
    {
      prop: 'roles',
      labelLang: 'rights.fields.roles',
      cell: (user) => (
        <Group gap={4}>
          {user.roles.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('rights.fields.no_role')}
            </Text>
          )}
          {user.roles.map((role) => (
            <Badge key={role} variant="light" tt="none" miw="max-content">
              {roleName(role)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      prop: 'groups',
      labelLang: 'rights.fields.groups',
      forceNormalWordBreak: true,
      cell: (user) => user.groupIds.map(directory.group).join(', ') || '—',
    },
    {
      prop: 'lastSeen',
      labelLang: 'rights.fields.last_seen',
      sortable: true,
      sortBy: 'LastSeen',
      type: 'date',
      cell: (user) => (user.lastSeenAt ? date.long(user.lastSeenAt) : t('rights.users.never')),
    },
    {
      prop: 'actions',
      labelLang: 'rights.fields.actions',
      type: 'action',
      cell: (user) => (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => void edit(user)}
          aria-label={t(`rights.users.${action}_of`, { name: user.name })}
        >
          {t(`rights.users.${action}`)}
        </Button>
      ),
    },
  ];
}

interface UsersListProps<TKey extends QueryKey> {
  mode: UserRightsMode;
  /** Where the list's state is remembered between visits. */
  rememberAs: string;
  query: (
    request: URLSearchParams,
  ) => UseQueryOptions<RightsUserListAnswer, Error, RightsUserListAnswer, TKey>;
  save: (user: RightsUser, body: RightsUserBody) => Promise<RightsUser>;
  /** The reads a saved change makes stale, by the first part of their key. */
  changes: readonly QueryKey[];
}

/**
 * Users searched and filtered on the list engine (docs/company-tools.md): in rights management each one's
 * company, roles and groups changed in a dialog; in configuration each one moved to another company or
 * groups, roles untouched. The same rules hold for both, said before sending and enforced by the server.
 */
export function UsersList<TKey extends QueryKey>({
  mode,
  rememberAs,
  query,
  save,
  changes,
}: UsersListProps<TKey>) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const directory = useDirectory();
  const users = useTokenList({
    definition: RIGHTS_USER_LIST,
    rememberAs,
    tokens: RIGHTS_USER_TOKENS,
    query,
    errorAction: mode === 'placement' ? 'configuration.users' : 'rights.users',
  });
  const options = useUserTokenOptions(directory);

  const edit = async (user: RightsUser) => {
    if (!me) return;
    const saved = await openUserRights(user, {
      mode,
      actor: { id: me.sub, roles: me.roles },
      save,
      changes,
    });
    if (!saved) return;
    showSuccess(t(mode === 'placement' ? 'rights.users.moved' : 'rights.users.saved', { name: saved.name }));
  };
  const action = mode === 'placement' ? 'move' : 'edit';

  const columns = useUserColumns(directory, action, edit);

  return (
    <TokenListFrame
      state={users}
      items={(data) => data.users}
      summary={(count) => t('rights.users.total', { count })}
      empty={{ title: t('rights.users.empty_title'), text: t('rights.users.empty_text') }}
      freeTextType="Search"
      options={options}
      table={{
        label: t('rights.users.table'),
        columns,
        rowKey: (user) => user.id,
        minWidth: 900,
        rowClick: { mode: 'callback', onClick: (user) => void edit(user), focusable: false },
      }}
    />
  );
}
