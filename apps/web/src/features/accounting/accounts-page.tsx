import {
  ACCOUNT_TYPES,
  accountCreateBodySchema,
  type Account,
  type AccountCreateBody,
  type AccountType,
} from '@fleet/contract';
import { Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { confirm } from '../../components/dialogs';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ContractFormFrame } from '../../components/records/record-form';
import { showError } from '../../components/show-error';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { useContractForm } from '../../hooks/use-contract-form';
import { i18n } from '../../lib/i18n';
import { accountsQuery, deleteAccountMutation, saveAccountMutation } from './api';

function AccountForm({ account, finish }: { account: Account | null; finish: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const form = useContractForm(accountCreateBodySchema, {
    code: account?.code ?? '',
    name: account?.name ?? '',
    type: account?.type ?? 'revenue',
  });
  const values = form.values;
  // A code has one rule, said better by the chart's own words than by its pattern.
  const problem = (field: keyof AccountCreateBody) =>
    field === 'code' && form.refused(field) ? t('accounting.accounts.problems.code') : form.error(field);
  const save = useMutation(saveAccountMutation);

  return (
    <ContractFormFrame
      form={form}
      editing={account !== null}
      save={({ code, ...change }) =>
        save.mutateAsync(
          account ? { code: account.code, body: change } : { code: null, body: { code, ...change } },
        )
      }
      onSaved={() => finish(true)}
      onCancel={() => finish(false)}
      confirmLabel={account ? t('accounting.accounts.save') : t('accounting.accounts.add')}
    >
      <TextInput
        label={t('accounting.accounts.code')}
        description={t('accounting.accounts.code_hint')}
        value={values.code}
        onChange={(event) => form.set('code', event.currentTarget.value.trim())}
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
        onChange={(event) => form.set('name', event.currentTarget.value)}
        required
        maxLength={120}
        error={problem('name')}
      />
      <Select
        label={t('accounting.accounts.type')}
        description={account?.hasEntries ? t('accounting.accounts.type_locked') : undefined}
        data={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`accounting.accounts.types.${type}`) }))}
        value={values.type}
        onChange={(type) => type && form.set('type', type as AccountType)}
        allowDeselect={false}
        disabled={account?.hasEntries}
        error={problem('type')}
      />
    </ContractFormFrame>
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

/** Whether the console posts to an account, and whether entries name it. */
function AccountUse({ account }: { account: Account }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {account.posted && <Badge variant="light">{t('accounting.accounts.posted')}</Badge>}
      {account.hasEntries && (
        <Badge variant="light" color="gray">
          {t('accounting.accounts.has_entries')}
        </Badge>
      )}
    </Group>
  );
}

/** The chart of accounts (ACCOUNTING_MANAGE.ACCOUNTS): added and renamed; removed while no entry names it. */
export function AccountsPage() {
  const { t } = useTranslation();
  const accounts = useQuery(accountsQuery);
  const deletion = useMutation(deleteAccountMutation);
  // The dialog's change reloads the chart before it closes.
  const edit = (account: Account | null) => openAccountDialog(account);
  const remove = async (account: Account) => {
    const sure = await confirm({
      title: t('accounting.accounts.delete_title', { code: account.code, name: account.name }),
      message: t('accounting.accounts.delete_text'),
      confirmLabel: t('accounting.accounts.delete'),
      danger: true,
    });
    if (!sure) return;
    try {
      await deletion.mutateAsync(account.code);
    } catch (error) {
      showError(error);
    }
  };
  const columns: DataColumn<Account>[] = [
    {
      prop: 'code',
      labelLang: 'accounting.accounts.columns.code',
      cell: (account) => (
        <Text span inherit ff="monospace">
          {account.code}
        </Text>
      ),
    },
    {
      prop: 'name',
      labelLang: 'accounting.accounts.columns.name',
      forceNormalWordBreak: true,
      cell: (account) => account.name,
    },
    {
      prop: 'type',
      labelLang: 'accounting.accounts.columns.type',
      cell: (account) => t(`accounting.accounts.types.${account.type}`),
    },
    {
      prop: 'use',
      labelLang: 'accounting.accounts.columns.use',
      type: 'status',
      cell: (account) => <AccountUse account={account} />,
    },
    {
      prop: 'actions',
      labelLang: 'accounting.accounts.columns.actions',
      type: 'action',
      cell: (account) => (
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
      ),
    },
  ];

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
          <DataTable
            label={t('accounting.accounts.table')}
            columns={columns}
            items={data.accounts}
            rowKey={(account) => account.code}
            minWidth={640}
          />
        )}
      </CallState>
    </Stack>
  );
}
