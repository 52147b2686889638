import {
  ACCOUNT_TYPES,
  accountCreateBodySchema,
  type Account,
  type AccountCreateBody,
  type AccountType,
} from '@fleet/contract';
import { Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { confirm, dialogErrorText } from '../../components/dialogs';
import { DialogButtons } from '../../components/dialogs/dialog-buttons';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ValidationText } from '../../components/dialogs/validation-text';
import { showError } from '../../components/show-error';
import { i18n } from '../../lib/i18n';
import { ACCOUNTING_KEY, accountsQuery, createAccount, deleteAccount, updateAccount } from './api';

function AccountForm({ account, finish }: { account: Account | null; finish: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<AccountCreateBody>({
    code: account?.code ?? '',
    name: account?.name ?? '',
    type: account?.type ?? 'revenue',
  });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const checked = accountCreateBodySchema.safeParse(values);
  const problem = (field: keyof AccountCreateBody) =>
    tried && !checked.success && checked.error.issues.some((issue) => issue.path[0] === field)
      ? t(`accounting.accounts.problems.${field}`)
      : undefined;

  const submit = async () => {
    setTried(true);
    if (!checked.success) return;
    setBusy(true);
    setFailure(null);
    try {
      const { code: _code, ...change } = checked.data;
      await (account ? updateAccount(account.code, change) : createAccount(checked.data));
      finish(true);
    } catch (error) {
      setFailure(dialogErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('accounting.accounts.code')}
          description={t('accounting.accounts.code_hint')}
          value={values.code}
          onChange={(event) => setValues({ ...values, code: event.currentTarget.value.trim() })}
          disabled={account !== null}
          required
          inputMode="numeric"
          maxLength={10}
          data-autofocus
          error={problem('code')}
        />
        <TextInput
          label={t('accounting.accounts.name')}
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
          required
          maxLength={120}
          error={problem('name')}
        />
        <Select
          label={t('accounting.accounts.type')}
          description={account?.hasEntries ? t('accounting.accounts.type_locked') : undefined}
          data={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`accounting.accounts.types.${type}`) }))}
          value={values.type}
          onChange={(type) => type && setValues({ ...values, type: type as AccountType })}
          allowDeselect={false}
          disabled={account?.hasEntries}
        />
        <ValidationText message={failure ? { kind: 'error', text: failure } : null} />
        <DialogButtons
          onCancel={() => finish(false)}
          onConfirm={() => void submit()}
          confirmLabel={account ? t('accounting.accounts.save') : t('accounting.accounts.add')}
          busy={busy}
        />
      </Stack>
    </form>
  );
}

const openAccountDialog = (account: Account | null) =>
  openDialog<boolean>(
    account
      ? i18n.t('accounting.accounts.edit_title', { code: account.code })
      : i18n.t('accounting.accounts.add_title'),
    (finish) => <AccountForm account={account} finish={finish} />,
    false,
  );

/** The chart of accounts (ACCOUNTING_MANAGE.ACCOUNTS): added and renamed; removed while no entry names it. */
export function AccountsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accounts = useQuery(accountsQuery);
  const reload = () => queryClient.invalidateQueries({ queryKey: ACCOUNTING_KEY });

  const edit = async (account: Account | null) => {
    if (await openAccountDialog(account)) await reload();
  };
  const remove = async (account: Account) => {
    const sure = await confirm({
      title: t('accounting.accounts.delete_title', { code: account.code, name: account.name }),
      message: t('accounting.accounts.delete_text'),
      confirmLabel: t('accounting.accounts.delete'),
      danger: true,
    });
    if (!sure) return;
    try {
      await deleteAccount(account.code);
      await reload();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" maw={720}>
          {t('accounting.accounts.intro')}
        </Text>
        <Button onClick={() => void edit(null)}>{t('accounting.accounts.add')}</Button>
      </Group>
      <CallState call={accounts}>
        {(data) => (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-label={t('accounting.accounts.table')}>
              <Table.Thead>
                <Table.Tr>
                  {['code', 'name', 'type', 'use', 'actions'].map((column) => (
                    <Table.Th key={column}>{t(`accounting.accounts.columns.${column}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.accounts.map((account) => (
                  <Table.Tr key={account.code} data-testid="account-row">
                    <Table.Td ff="monospace">{account.code}</Table.Td>
                    <Table.Td>{account.name}</Table.Td>
                    <Table.Td>{t(`accounting.accounts.types.${account.type}`)}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {account.posted && <Badge variant="light">{t('accounting.accounts.posted')}</Badge>}
                        {account.hasEntries && (
                          <Badge variant="light" color="gray">
                            {t('accounting.accounts.has_entries')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => void edit(account)}
                          aria-label={t('accounting.accounts.edit_of', { code: account.code })}
                        >
                          {t('accounting.accounts.edit')}
                        </Button>
                        {!account.posted && !account.hasEntries && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            onClick={() => void remove(account)}
                            aria-label={t('accounting.accounts.delete_of', { code: account.code })}
                          >
                            {t('accounting.accounts.delete')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </CallState>
    </Stack>
  );
}
