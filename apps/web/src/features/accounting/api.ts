import {
  billingCurrencyListAnswerSchema,
  accountListAnswerSchema,
  accountSchema,
  customerAccountListAnswerSchema,
  customsDeclarationListAnswerSchema,
  journalAnswerSchema,
  taskRequestAnswerSchema,
  type AccountCreateBody,
  type AccountUpdateBody,
  type BillingCurrencyBody,
  type Journal,
  type ListExportRequestInput,
} from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, noContent } from '../../lib/api';

/** Every accounting query starts with this key: a change reloads them all. */
export const ACCOUNTING_KEY = ['accounting'] as const;

export const accountsQuery = queryOptions({
  queryKey: [...ACCOUNTING_KEY, 'accounts'],
  queryFn: ({ signal }) => apiRequest('/Accounting/Accounts', { schema: accountListAnswerSchema, signal }),
});

const accountPath = (code: string) => `/Accounting/Accounts/${encodeURIComponent(code)}`;

/** An account added (no code yet) or changed: the chart and the journals that name it reload. */
export const saveAccountMutation = mutationOptions({
  mutationKey: [...ACCOUNTING_KEY, 'save-account'],
  mutationFn: ({ code, body }: { code: string | null; body: AccountCreateBody | AccountUpdateBody }) =>
    code === null
      ? apiRequest('/Accounting/Accounts', { method: 'POST', body, schema: accountSchema })
      : apiRequest(accountPath(code), { method: 'PUT', body, schema: accountSchema }),
  meta: { changes: [ACCOUNTING_KEY] },
});

export const deleteAccountMutation = mutationOptions({
  mutationKey: [...ACCOUNTING_KEY, 'delete-account'],
  mutationFn: (code: string) => apiRequest(accountPath(code), { method: 'DELETE', schema: noContent }),
  meta: { changes: [ACCOUNTING_KEY] },
});

/** The path of each journal's calls. */
export const JOURNAL_PATHS: Record<Journal, string> = {
  sales: '/Accounting/SalesJournal',
  payments: '/Accounting/PaymentsJournal',
};

export const journalQuery = (journal: Journal) => (query: URLSearchParams) =>
  queryOptions({
    queryKey: [...ACCOUNTING_KEY, journal, query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`${JOURNAL_PATHS[journal]}?${query}`, { schema: journalAnswerSchema, signal }),
  });

export function customerAccountsQuery(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...ACCOUNTING_KEY, 'customer-accounts', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Accounting/CustomerAccounts?${query}`, {
        schema: customerAccountListAnswerSchema,
        signal,
      }),
  });
}

export function customsDeclarationsQuery(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...ACCOUNTING_KEY, 'customs', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Accounting/CustomsDeclarations?${query}`, {
        schema: customsDeclarationListAnswerSchema,
        signal,
      }),
  });
}

export const customsDocument = (id: number) =>
  apiRequest(`/Accounting/CustomsDeclarations/${id}/Document`, {
    schema: z.object({ mediaLink: z.string() }),
  });

/** Queues the export of a list of accounting (its path without `/Export`). */
export const requestAccountingExport = (path: string) => (body: ListExportRequestInput) =>
  apiRequest(`${path}/Export`, { method: 'POST', body, schema: taskRequestAnswerSchema });

export const billingCurrenciesQuery = queryOptions({
  queryKey: [...ACCOUNTING_KEY, 'billing-currencies'],
  queryFn: ({ signal }) =>
    apiRequest('/Accounting/BillingCurrencies', { schema: billingCurrencyListAnswerSchema, signal }),
});

/** A company's billing currency set: the orders placed after it use it. */
export const setBillingCurrencyMutation = mutationOptions({
  mutationKey: [...ACCOUNTING_KEY, 'billing-currency'],
  mutationFn: ({ companyId, body }: { companyId: string; body: BillingCurrencyBody }) =>
    apiRequest(`/Accounting/BillingCurrencies/${encodeURIComponent(companyId)}`, {
      method: 'PUT',
      body,
      schema: noContent,
    }),
  meta: { changes: [ACCOUNTING_KEY] },
});
