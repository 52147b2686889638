import type { GroupSummary, RightsUser } from '@fleet/contract';
import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallState } from '../../components/call-state';
import { dialogErrorText } from '../../components/dialogs';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ValidationText } from '../../components/dialogs/validation-text';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { paths } from '../../config/paths';
import { i18n } from '../../lib/i18n';
import { changeGroupMemberMutation, rightsUsersQueryOptions } from './api';

const MEMBERS_SHOWN = 100;

const usersQuery = (filters: Record<string, string>, pageSize: number) =>
  rightsUsersQueryOptions(
    new URLSearchParams({
      PageNumber: '1',
      PageSize: String(pageSize),
      SortColumnName: 'Name',
      SortOrder: 'ASC',
      ...filters,
    }),
  );

/** A group's members, each taken out in one click, and a user found by name to add. */
function GroupMembers({ group, finish }: { group: GroupSummary; finish: () => void }) {
  const { t } = useTranslation();
  const members = useQuery(usersQuery({ Group: String(group.id) }, MEMBERS_SHOWN));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({
    ...usersQuery(debounced ? { Search: debounced } : {}, 20),
    placeholderData: keepPreviousData,
  });
  // A membership is changed in one click, by its address alone; the members reload once it is.
  const membership = useMutation(changeGroupMemberMutation);
  const change = (user: RightsUser, member: boolean) =>
    membership.mutate({ groupId: group.id, userId: user.id, member }, { onSuccess: () => setSearch('') });
  const changing = membership.isPending ? membership.variables.userId : null;
  const memberIds = new Set(members.data?.users.map((user) => user.id));
  const candidates = (found.data?.users ?? []).filter((user) => !memberIds.has(user.id));
  const columns: DataColumn<RightsUser>[] = [
    {
      prop: 'name',
      labelLang: 'rights.fields.name',
      forceNormalWordBreak: true,
      cell: (user) => (
        <>
          <Text size="sm" fw={500}>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed">
            {user.username ?? user.email ?? ''}
          </Text>
        </>
      ),
    },
    {
      prop: 'actions',
      labelLang: 'rights.fields.actions',
      type: 'action',
      styleJustify: 'right',
      cell: (user) => (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          loading={changing === user.id}
          onClick={() => change(user, false)}
          aria-label={t('rights.groups.remove_member_of', { name: user.name })}
        >
          {t('rights.groups.remove_member')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Select
        label={t('rights.groups.add_member')}
        placeholder={t('rights.groups.add_member_placeholder')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        data={candidates.map((user) => ({
          value: user.id,
          label: user.username ? `${user.name} (${user.username})` : user.name,
        }))}
        value={null}
        onChange={(id) => {
          const user = candidates.find((candidate) => candidate.id === id);
          if (user) change(user, true);
        }}
        nothingFoundMessage={debounced ? t('rights.groups.no_user_found') : undefined}
      />
      <ValidationText
        message={membership.error ? { kind: 'error', text: dialogErrorText(membership.error) } : null}
      />
      <CallState call={members}>
        {(data) =>
          data.users.length === 0 ? (
            <Text c="dimmed">{t('rights.groups.no_members')}</Text>
          ) : (
            <Stack gap="xs">
              <DataTable
                label={t('rights.groups.members_of', { name: group.name })}
                columns={columns}
                items={data.users}
                rowKey={(user) => user.id}
              />
              {data.totalCount > data.users.length && (
                <Anchor
                  component={Link}
                  to={`${paths.rightsUsers.path}?Group=${group.id}`}
                  onClick={finish}
                  size="sm"
                  td="underline"
                >
                  {t('rights.groups.all_members', { count: data.totalCount })}
                </Anchor>
              )}
            </Stack>
          )
        }
      </CallState>
      <Group justify="flex-end">
        <Button variant="default" onClick={finish}>
          {t('common.actions.close')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The members of a group, changed in place; resolves when closed. */
export const openGroupMembers = (group: GroupSummary) =>
  openDialog<null>(
    i18n.t('rights.groups.members_title', { name: group.name }),
    (finish) => <GroupMembers group={group} finish={() => finish(null)} />,
    null,
    'wide',
  );
