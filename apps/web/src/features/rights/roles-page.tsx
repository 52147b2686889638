import { featuresOfRole, type RoleCode, type RoleKind } from '@fleet/contract';
import { Anchor, Badge, Code, Group, Spoiler, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallState } from '../../components/call-state';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { paths } from '../../config/paths';
import { rolesQueryOptions } from './api';
import { useRoleName } from '../../components/users/role-names';

const KIND_COLORS: Record<RoleKind, string> = { internal: 'blue', partner: 'grape', customer: 'teal' };

interface RoleRow {
  code: RoleCode;
  kind: RoleKind;
  userCount: number;
}

/** The features a role reaches, a few lines of them until the user asks for all. */
function RoleFeatures({ role }: { role: RoleRow }) {
  const { t } = useTranslation();
  const features = featuresOfRole(role.code);
  return (
    <Spoiler
      maxHeight={52}
      showLabel={t('rights.roles.show_all', { count: features.length })}
      hideLabel={t('rights.roles.show_less')}
    >
      <Group gap={4}>
        {features.map((feature) => (
          <Code key={feature}>{feature}</Code>
        ))}
      </Group>
    </Spoiler>
  );
}

function useRoleColumns(): DataColumn<RoleRow>[] {
  const { t } = useTranslation();
  const roleName = useRoleName();
  return [
    {
      prop: 'role',
      labelLang: 'rights.roles.columns.role',
      cell: (role) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm" fw={500}>
            {roleName(role.code)}
          </Text>
          <Code>{role.code}</Code>
        </div>
      ),
    },
    {
      prop: 'kind',
      labelLang: 'rights.roles.columns.kind',
      type: 'status',
      cell: (role) => (
        <Badge variant="light" color={KIND_COLORS[role.kind]} miw="max-content">
          {t(`rights.role_kinds.${role.kind}`)}
        </Badge>
      ),
    },
    {
      prop: 'users',
      labelLang: 'rights.roles.columns.users',
      cell: (role) => (
        <Anchor
          component={Link}
          to={`${paths.rightsUsers.path}?Role=${role.code}`}
          style={{ whiteSpace: 'nowrap' }}
        >
          {t('rights.roles.users', { count: role.userCount })}
        </Anchor>
      ),
    },
    {
      prop: 'features',
      labelLang: 'rights.roles.columns.features',
      cell: (role) => <RoleFeatures role={role} />,
    },
  ];
}

/**
 * Rights management's roles (RIGHTS.ROLES): the role catalogue with the features each role reaches,
 * drawn from the contract's feature tree, and how many users hold it. Read-only: roles are code.
 */
export function RolesPage() {
  const { t } = useTranslation();
  const roles = useQuery(rolesQueryOptions);
  const columns = useRoleColumns();
  return (
    <Stack gap="md">
      <Text>{t('rights.roles.intro')}</Text>
      <CallState call={roles}>
        {(data) => (
          <DataTable
            label={t('rights.roles.table')}
            columns={columns}
            items={data.roles}
            rowKey={(role) => role.code}
            minWidth={720}
          />
        )}
      </CallState>
    </Stack>
  );
}
