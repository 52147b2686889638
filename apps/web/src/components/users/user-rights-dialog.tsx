import {
  ROLE_CATALOGUE,
  rightsChangeProblems,
  type RightsUser,
  type RightsUserBody,
  type RoleCode,
  type RoleKind,
} from '@fleet/contract';
import { Badge, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companiesQueryOptions, deviceGroupsQueryOptions } from '../../lib/endpoints/directory';
import { i18n } from '../../lib/i18n';
import { dialogErrorText } from '../dialogs';
import { DialogButtons } from '../dialogs/dialog-buttons';
import { openDialog } from '../dialogs/open-dialog';
import { ValidationText } from '../dialogs/validation-text';
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
  const [companyId, setCompanyId] = useState(user.companyId);
  const [roles, setRoles] = useState<RoleCode[]>(user.roles);
  const [groupIds, setGroupIds] = useState(user.groupIds.map(String));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
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

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      finish(await edit.save(user, { roles, companyId, groupIds: groupIds.map(Number) }));
    } catch (error) {
      setFailure(dialogErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
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
        onChange={setCompanyId}
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
          onChange={(value) => setRoles(value as RoleCode[])}
          searchable
          placeholder={roles.length === 0 ? t('rights.fields.no_role') : undefined}
        />
      )}
      <MultiSelect
        label={t('rights.fields.groups')}
        data={(groups.data?.groups ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
        value={groupIds}
        onChange={setGroupIds}
        searchable
        placeholder={groupIds.length === 0 ? t('rights.fields.no_group') : undefined}
      />
      <Text size="xs" c="dimmed">
        {t('rights.users.takes_effect')}
      </Text>
      <ValidationText
        message={
          failure
            ? { kind: 'error', text: failure }
            : problemText
              ? { kind: 'error', text: problemText }
              : null
        }
      />
      <DialogButtons
        onCancel={() => finish(null)}
        onConfirm={() => void submit()}
        confirmLabel={t(mode === 'placement' ? 'rights.users.move' : 'rights.users.save')}
        confirmDisabled={problem !== undefined}
        busy={busy}
      />
    </Stack>
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
