import {
  ROLE_CATALOGUE,
  rightsChangeProblems,
  type RightsUser,
  type RoleCode,
  type RoleKind,
} from '@fleet/contract';
import { MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogErrorText } from '../../components/dialogs';
import { DialogButtons } from '../../components/dialogs/dialog-buttons';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ValidationText } from '../../components/dialogs/validation-text';
import { companiesQueryOptions, deviceGroupsQueryOptions } from '../../lib/endpoints/directory';
import { i18n } from '../../lib/i18n';
import { changeUserRights } from './api';
import { useRoleName } from './role-names';

const KINDS: readonly RoleKind[] = ['internal', 'partner', 'customer'];

interface FormProps {
  user: RightsUser;
  actor: { id: string; roles: readonly string[] };
  finish: (user: RightsUser | null) => void;
}

function RightsForm({ user, actor, finish }: FormProps) {
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
      finish(await changeUserRights(user.id, { roles, companyId, groupIds: groupIds.map(Number) }));
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
        data-autofocus
      />
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
        confirmLabel={t('rights.users.save')}
        confirmDisabled={problem !== undefined}
        busy={busy}
      />
    </Stack>
  );
}

/** Edits a user's company, roles and groups; resolves with the user as saved, or null when dismissed. */
export function openUserRights(
  user: RightsUser,
  actor: { id: string; roles: readonly string[] },
): Promise<RightsUser | null> {
  return openDialog<RightsUser | null>(
    i18n.t('rights.users.edit_title', { name: user.name }),
    (finish) => <RightsForm user={user} actor={actor} finish={finish} />,
    null,
    'wide',
  );
}
