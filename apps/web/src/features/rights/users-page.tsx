import { RIGHTS_USER_LIST, RIGHTS_USER_TOKENS, type RightsUser } from '@fleet/contract';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ListContent } from '../../components/list/list-content';
import { ListControls } from '../../components/list/list-controls';
import { ListSummary } from '../../components/list/list-summary';
import { Pager } from '../../components/list/pager';
import { SearchTokenBar } from '../../components/search-tokens/search-token-bar';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { useAvailableTokens } from '../../components/search-tokens/use-available-tokens';
import { useTokenFilters } from '../../components/search-tokens/use-token-filters';
import { showSuccess } from '../../components/show-success';
import { useDateFormat } from '../../hooks/use-date-format';
import { useErrorToastOnce } from '../../hooks/use-error-toast-once';
import { useListState } from '../../hooks/use-list-state';
import { useMe } from '../../hooks/use-me';
import { usePageInRange } from '../../hooks/use-page-in-range';
import { companiesQueryOptions, deviceGroupsQueryOptions } from '../../lib/endpoints/directory';
import { offsetListRequest } from '../../lib/list-request';
import { RIGHTS_KEY, rightsUsersQueryOptions } from './api';
import { useRoleName } from './role-names';
import { openUserRights } from './user-rights-dialog';

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

/**
 * Rights management's users (RIGHTS.USERS, docs/company-tools.md): users searched and filtered on the
 * list engine; each one's company, roles and groups changed in a dialog.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const roleName = useRoleName();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const directory = useDirectory();
  const [list, dispatch] = useListState(RIGHTS_USER_LIST, 'rights-users');
  const definitions = useAvailableTokens(RIGHTS_USER_TOKENS);
  const { tokens, filters, limitProblem, blocked, setTokens } = useTokenFilters(list, dispatch, definitions);
  const options = useUserTokenOptions(directory);
  const users = useQuery({
    ...rightsUsersQueryOptions(offsetListRequest(list, filters)),
    enabled: !limitProblem,
  });
  useErrorToastOnce(users, {
    action: 'rights.users',
    resetKey: JSON.stringify([filters, list.sortColumnName]),
  });
  usePageInRange(list, dispatch, users.data?.totalCount);

  const edit = async (user: RightsUser) => {
    if (!me) return;
    const saved = await openUserRights(user, { id: me.sub, roles: me.roles });
    if (!saved) return;
    showSuccess(t('rights.users.saved', { name: saved.name }));
    await queryClient.invalidateQueries({ queryKey: RIGHTS_KEY });
  };

  return (
    <Stack gap="md">
      <SearchTokenBar
        definitions={definitions}
        tokens={tokens}
        onChange={setTokens}
        options={options}
        freeTextType="Search"
      />
      <Group justify="space-between" align="flex-end">
        <ListSummary
          text={users.data ? t('rights.users.total', { count: users.data.totalCount }) : null}
          refreshing={users.isFetching && users.data !== undefined}
        />
        <ListControls
          list={list}
          dispatch={dispatch}
          columns={[
            { value: 'Name', label: t('rights.fields.name') },
            { value: 'Username', label: t('rights.fields.username') },
            { value: 'LastSeen', label: t('rights.fields.last_seen') },
          ]}
        />
      </Group>
      <ListContent
        items={users.data?.users ?? null}
        failed={users.isError && !users.data}
        call={users}
        empty={{ title: t('rights.users.empty_title'), text: t('rights.users.empty_text') }}
        filters={{ active: tokens.length > 0, onClear: () => dispatch({ type: 'filters', filters: {} }) }}
        skeleton={{ kind: 'rows', count: Math.min(list.pageSize, 20) }}
        blocked={blocked}
      >
        {(page) => (
          <Table.ScrollContainer minWidth={900}>
            <Table highlightOnHover verticalSpacing="sm" aria-label={t('rights.users.table')}>
              <Table.Thead>
                <Table.Tr>
                  {['name', 'username', 'company', 'roles', 'groups', 'last_seen', 'actions'].map(
                    (column) => (
                      <Table.Th key={column}>{t(`rights.fields.${column}`)}</Table.Th>
                    ),
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.map((user) => (
                  <Table.Tr key={user.id} data-testid="rights-user">
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {user.name}
                      </Text>
                      {user.email && (
                        <Text size="xs" c="dimmed">
                          {user.email}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{user.username ?? '—'}</Table.Td>
                    <Table.Td>{directory.company(user.companyId) ?? '—'}</Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                    <Table.Td>{user.groupIds.map(directory.group).join(', ') || '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {user.lastSeenAt ? date.long(user.lastSeenAt) : t('rights.users.never')}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => void edit(user)}
                        aria-label={t('rights.users.edit_of', { name: user.name })}
                      >
                        {t('rights.users.edit')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListContent>
      {!limitProblem && (
        <Pager
          pageNumber={list.pageNumber}
          pageSize={list.pageSize}
          totalCount={users.data?.totalCount ?? null}
          onPage={(pageNumber) => dispatch({ type: 'page', pageNumber })}
          failed={users.isError && !users.data}
        />
      )}
    </Stack>
  );
}
