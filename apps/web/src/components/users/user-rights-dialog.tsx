import {
  ROLE_CATALOGUE,
  rightsChangeProblems,
  rightsUserBodySchema,
  type RightsUser,
  type RightsUserBody,
  type RoleCode,
  type RoleKind,
} from '@fleet/contract';
import { Badge, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../hooks/use-contract-form';
import { companiesQueryOptions, deviceGroupsQueryOptions } from '../../lib/endpoints/directory';
import { i18n } from '../../lib/i18n';
import { openDialog } from '../dialogs/open-dialog';
import { ContractFormFrame } from '../records/record-form';
import { useRoleName } from './role-names';

const KINDS: readonly RoleKind[] = ['internal', 'partner', 'customer'];

/**
 * What the dialog changes: everything (rights management), or the company and groups alone, roles shown
 * but untouched (configuration's users, "move").
 */
export type UserRightsMode = 'rights' | 'placement';

export interface UserRightsEdit {
  mode: UserRightsMode;
  actor: { id: string; roles: readonly string[] };
  save: (user: RightsUser, body: RightsUserBody) => Promise<RightsUser>;
  /** The reads a saved change makes stale, by the first part of their key. */
  changes: readonly QueryKey[];
}

interface RightsValues {
  companyId: string | null;
  roles: RoleCode[];
  groupIds: string[];
}

interface FormProps {
  user: RightsUser;
  edit: UserRightsEdit;
  finish: (user: RightsUser | null) => void;
}

function RightsForm({ user, edit, finish }: FormProps) {
  const { actor, mode } = edit;
  const { t } = useTranslation();
  const roleName = useRoleName();
  const companies = useQuery(companiesQueryOptions);
  const groups = useQuery(deviceGroupsQueryOptions);
  const saving = useMutation({
    mutationFn: (body: RightsUserBody) => edit.save(user, body),
    meta: { changes: edit.changes },
  });
  const form = useContractForm<typeof rightsUserBodySchema, RightsValues>(
    rightsUserBodySchema,
    { companyId: user.companyId, roles: user.roles, groupIds: user.groupIds.map(String) },
    (values): RightsUserBody => ({ ...values, groupIds: values.groupIds.map(Number) }),
  );
  const { companyId, roles, groupIds } = form.values;
  const company = companies.data?.companies.find((candidate) => candidate.id === companyId);
  // The server checks the same rules; saying them here saves a round trip and names the role at fault.
  const problem = companies.data
    ? rightsChangeProblems({
        actor,
        target: { id: user.id, roles: user.roles },
        roles,
        companyKind: company?.kind ?? null,
      })[0]
    : undefined;
  const problemText =
    problem &&
    t(`rights.problems.${problem.code}`, {
      role: problem.values?.role ? roleName(problem.values.role as RoleCode) : '',
    });

  return (
    <ContractFormFrame
      form={{ ...form, failure: form.failure ?? problemText ?? null }}
      editing
      // A rule of rights broken (a role the actor may not give, say) is said before anything is sent.
      held={problem !== undefined}
      save={(body) => saving.mutateAsync(body)}
      onSaved={finish}
      onCancel={() => finish(null)}
      confirmLabel={t(mode === 'placement' ? 'rights.users.move' : 'rights.users.save')}
    >
      <Text size="sm" c="dimmed">
        {[user.username, user.email].filter(Boolean).join(' · ')}
      </Text>
      <Select
        label={t('rights.fields.company')}
        data={(companies.data?.companies ?? []).map((c) => ({
          value: c.id,
          label: `${c.name} (${t(`rights.company_kinds.${c.kind}`)})`,
        }))}
        value={companyId}
        onChange={(value) => form.set('companyId', value)}
        error={form.error('companyId')}
        searchable
        clearable
        placeholder={t('rights.fields.no_company')}
      />
      {mode === 'placement' ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('rights.fields.roles')}
          </Text>
          <Group gap={4}>
            {roles.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('rights.fields.no_role')}
              </Text>
            )}
            {roles.map((role) => (
              <Badge key={role} variant="light" tt="none" miw="max-content">
                {roleName(role)}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t('rights.users.roles_untouched')}
          </Text>
        </Stack>
      ) : (
        <MultiSelect
          label={t('rights.fields.roles')}
          data={KINDS.map((kind) => ({
            group: t(`rights.role_kinds.${kind}`),
            items: ROLE_CATALOGUE.filter((role) => role.kind === kind).map((role) => ({
              value: role.code,
              label: roleName(role.code),
            })),
          }))}
          value={roles}
          onChange={(value) => form.set('roles', value as RoleCode[])}
          error={form.error('roles')}
          searchable
          placeholder={roles.length === 0 ? t('rights.fields.no_role') : undefined}
        />
      )}
      <MultiSelect
        label={t('rights.fields.groups')}
        data={(groups.data?.groups ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
        value={groupIds}
        onChange={(value) => form.set('groupIds', value)}
        error={form.error('groupIds')}
        searchable
        placeholder={groupIds.length === 0 ? t('rights.fields.no_group') : undefined}
      />
      <Text size="xs" c="dimmed">
        {t('rights.users.takes_effect')}
      </Text>
    </ContractFormFrame>
  );
}

/** Edits a user's company, roles and groups; resolves with the user as saved, or null when dismissed. */
export function openUserRights(user: RightsUser, edit: UserRightsEdit): Promise<RightsUser | null> {
  return openDialog<RightsUser | null>(
    i18n.t(edit.mode === 'placement' ? 'rights.users.move_title' : 'rights.users.edit_title', {
      name: user.name,
    }),
    (finish) => <RightsForm user={user} edit={edit} finish={finish} />,
    null,
    'wide',
  );
}
