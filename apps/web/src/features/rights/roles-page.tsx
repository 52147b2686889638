import { featuresOfRole, type RoleKind } from '@fleet/contract';
import { Anchor, Badge, Code, Group, Spoiler, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallState } from '../../components/call-state';
import { paths } from '../../config/paths';
import { rolesQueryOptions } from './api';
import { useRoleName } from '../../components/users/role-names';

const KIND_COLORS: Record<RoleKind, string> = { internal: 'blue', partner: 'grape', customer: 'teal' };

/**
 * Rights management's roles (RIGHTS.ROLES): the role catalogue with the features each role reaches,
 * drawn from the contract's feature tree, and how many users hold it. Read-only: roles are code.
 */
export function RolesPage() {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const roles = useQuery(rolesQueryOptions);
  return (
    <Stack gap="md">
      <Text>{t('rights.roles.intro')}</Text>
      <CallState call={roles}>
        {(data) => (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" aria-label={t('rights.roles.table')}>
              <Table.Thead>
                <Table.Tr>
                  {['role', 'kind', 'users', 'features'].map((column) => (
                    <Table.Th key={column}>{t(`rights.roles.columns.${column}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.roles.map((role) => {
                  const features = featuresOfRole(role.code);
                  return (
                    <Table.Tr key={role.code} data-testid="rights-role">
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm" fw={500}>
                          {roleName(role.code)}
                        </Text>
                        <Code>{role.code}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={KIND_COLORS[role.kind]} miw="max-content">
                          {t(`rights.role_kinds.${role.kind}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Anchor component={Link} to={`${paths.rightsUsers.path}?Role=${role.code}`}>
                          {t('rights.roles.users', { count: role.userCount })}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
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
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </CallState>
    </Stack>
  );
}
