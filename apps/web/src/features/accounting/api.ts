import {
  accountListAnswerSchema,
  accountSchema,
  customerAccountListAnswerSchema,
  customsDeclarationListAnswerSchema,
  journalAnswerSchema,
  taskRequestAnswerSchema,
  type AccountCreateBody,
  type AccountUpdateBody,
  type Journal,
  type ListExportRequestInput,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, noContent } from '../../lib/api';

/** Every accounting query starts with this key: a change reloads them all. */
export const ACCOUNTING_KEY = ['accounting'] as const;

export const accountsQuery = queryOptions({
  queryKey: [...ACCOUNTING_KEY, 'accounts'],
  queryFn: ({ signal }) => apiRequest('/Accounting/Accounts', { schema: accountListAnswerSchema, signal }),
});

export const createAccount = (body: AccountCreateBody) =>
  apiRequest('/Accounting/Accounts', { method: 'POST', body, schema: accountSchema });
export const updateAccount = (code: string, body: AccountUpdateBody) =>
  apiRequest(`/Accounting/Accounts/${encodeURIComponent(code)}`, {
    method: 'PUT',
    body,
    schema: accountSchema,
  });
export const deleteAccount = (code: string) =>
  apiRequest(`/Accounting/Accounts/${encodeURIComponent(code)}`, { method: 'DELETE', schema: noContent });

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
