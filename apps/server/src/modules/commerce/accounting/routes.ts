import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountCreateBodySchema,
  accountListAnswerSchema,
  accountSchema,
  accountUpdateBodySchema,
  billingCurrencyBodySchema,
  billingCurrencyListAnswerSchema,
  customerAccountListAnswerSchema,
  customsDeclarationListAnswerSchema,
  idParamSchema,
  journalAnswerSchema,
  orderSchema,
  type Journal,
} from '@fleet/contract';
import { listQuerySchema } from '../../../lib/list-request.ts';
import { signedInUser } from '../../../lib/request.ts';
import { listExportRoute } from '../../tasks/list-export.ts';
import { getOrder } from '../orders/service.ts';
import { listBillingCurrencies, setBillingCurrency } from './billing-currencies.ts';
import { customsDeclarationLink } from './customs-document.ts';
import {
  customerAccountsExportSource,
  customsDeclarationsExportSource,
  paymentsJournalExportSource,
  salesJournalExportSource,
} from './export.ts';
import {
  CUSTOMER_ACCOUNT_QUERY,
  CUSTOMS_QUERY,
  JOURNAL_QUERY,
  createAccount,
  deleteAccount,
  listAccounts,
  listCustomerAccounts,
  listCustomsDeclarations,
  listJournal,
  updateAccount,
} from './service.ts';

const tags = ['accounting'];
const codeParams = z.object({
  code: z
    .string()
    .max(10, 'must be at most 10 digits')
    .regex(/^[0-9]+$/, 'must be digits'),
});
const JOURNAL_FILTERS_TEXT = 'Filters are those of its list (Search, Currency, From, To).';

/** Accounting (docs/commerce.md "Accounting"): chart of accounts, journals, customer accounts, customs. */
export async function accountingRoutes(
  app: FastifyInstance,
  locale: { section: string; languages: readonly string[] },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  routes.get(
    '/api/Accounting/Accounts',
    {
      config: { access: { feature: 'ACCOUNTING_MANAGE.ACCOUNTS' } },
      schema: {
        operationId: 'listAccounts',
        tags,
        summary: 'The chart of accounts, by code, each saying whether entries name it',
        response: { 200: accountListAnswerSchema },
      },
    },
    async () => listAccounts(db()),
  );
  routes.post(
    '/api/Accounting/Accounts',
    {
      config: {
        access: { feature: 'ACCOUNTING_MANAGE.ACCOUNTS' },
        audit: { actions: ['account.create'] },
      },
      schema: {
        operationId: 'createAccount',
        tags,
        summary: 'Adds an account to the chart (409 when its code exists)',
        body: accountCreateBodySchema,
        response: { 201: accountSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAccount(db(), signedInUser(request), request.body)),
  );
  routes.put(
    '/api/Accounting/Accounts/:code',
    {
      config: {
        access: { feature: 'ACCOUNTING_MANAGE.ACCOUNTS' },
        audit: { actions: ['account.update'] },
      },
      schema: {
        operationId: 'updateAccount',
        tags,
        summary: 'Renames an account; its type changes only while no entry names it (409 otherwise)',
        params: codeParams,
        body: accountUpdateBodySchema,
        response: { 200: accountSchema },
      },
    },
    async (request) => updateAccount(db(), signedInUser(request), request.params.code, request.body),
  );
  routes.delete(
    '/api/Accounting/Accounts/:code',
    {
      config: {
        access: { feature: 'ACCOUNTING_MANAGE.ACCOUNTS' },
        audit: { actions: ['account.delete'] },
      },
      schema: {
        operationId: 'deleteAccount',
        tags,
        summary: 'Removes an account no entry names and the console does not post to (409 otherwise)',
        params: codeParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteAccount(db(), signedInUser(request), request.params.code);
      return reply.status(204).send(null);
    },
  );

  const journals: {
    journal: Journal;
    path: string;
    name: string;
    feature: 'SALES_JOURNAL' | 'PAYMENTS_JOURNAL';
  }[] = [
    { journal: 'sales', path: 'SalesJournal', name: 'Sales', feature: 'SALES_JOURNAL' },
    { journal: 'payments', path: 'PaymentsJournal', name: 'Payments', feature: 'PAYMENTS_JOURNAL' },
  ];
  for (const { journal, path, name, feature } of journals) {
    routes.get(
      `/api/Accounting/${path}`,
      {
        config: { access: { feature: `ACCOUNTING_MANAGE.${feature}` } },
        schema: {
          operationId: `list${name}Journal`,
          tags,
          summary: `The ${journal} journal's entries with their lines, newest first, and its totals per currency`,
          querystring: listQuerySchema(JOURNAL_QUERY),
          response: { 200: journalAnswerSchema },
        },
      },
      async (request) => listJournal(db(), journal, request.query),
    );
  }
  listExportRoute(
    app,
    locale,
    {
      path: '/api/Accounting/SalesJournal/Export',
      operationId: 'exportSalesJournal',
      tags,
      summary: "Exports the sales journal's entries, a row per line, to a CSV or XLSX file, as a task",
      description: JOURNAL_FILTERS_TEXT,
    },
    salesJournalExportSource,
  );
  listExportRoute(
    app,
    locale,
    {
      path: '/api/Accounting/PaymentsJournal/Export',
      operationId: 'exportPaymentsJournal',
      tags,
      summary: "Exports the payments journal's entries, a row per line, to a CSV or XLSX file, as a task",
      description: JOURNAL_FILTERS_TEXT,
    },
    paymentsJournalExportSource,
  );

  routes.get(
    '/api/Accounting/BillingCurrencies',
    {
      config: { access: { feature: 'ACCOUNTING_MANAGE.CUSTOMER_ACCOUNTS' } },
      schema: {
        operationId: 'listBillingCurrencies',
        tags,
        summary: "Each buying company's billing currency, its orders' currencies, and the currencies sold in",
        response: { 200: billingCurrencyListAnswerSchema },
      },
    },
    async () => listBillingCurrencies(db()),
  );
  routes.put(
    '/api/Accounting/BillingCurrencies/:companyId',
    {
      config: {
        access: { feature: 'ACCOUNTING_MANAGE.CUSTOMER_ACCOUNTS' },
        audit: { actions: ['company.billing-currency'] },
      },
      schema: {
        operationId: 'setBillingCurrency',
        tags,
        summary: "Sets a company's billing currency for the orders placed after (those before keep theirs)",
        params: z.object({ companyId: z.uuid() }),
        body: billingCurrencyBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await setBillingCurrency(db(), signedInUser(request), request.params.companyId, request.body);
      return reply.status(204).send(null);
    },
  );
  routes.get(
    '/api/Accounting/Orders/:id',
    {
      config: { access: { feature: 'ACCOUNTING_MANAGE' } },
      schema: {
        operationId: 'getAccountingOrder',
        tags,
        summary: 'The order behind a journal entry, whole and read-only (no action is open from accounting)',
        params: z.object({ id: idParamSchema }),
        response: { 200: orderSchema },
      },
    },
    async (request) => getOrder(db(), signedInUser(request), request.params.id, 'accounting'),
  );
  routes.get(
    '/api/Accounting/CustomerAccounts',
    {
      config: { access: { feature: 'ACCOUNTING_MANAGE.CUSTOMER_ACCOUNTS' } },
      schema: {
        operationId: 'listCustomerAccounts',
        tags,
        summary: "Each company's receivables per currency: invoiced, paid and the balance due",
        querystring: listQuerySchema(CUSTOMER_ACCOUNT_QUERY),
        response: { 200: customerAccountListAnswerSchema },
      },
    },
    async (request) => listCustomerAccounts(db(), request.query),
  );
  listExportRoute(
    app,
    locale,
    {
      path: '/api/Accounting/CustomerAccounts/Export',
      operationId: 'exportCustomerAccounts',
      tags,
      summary: 'Exports the customer accounts to a CSV or XLSX file, as a task',
      description: 'Filters are those of its list (Search, Currency, Balance).',
    },
    customerAccountsExportSource,
  );

  routes.get(
    '/api/Accounting/CustomsDeclarations',
    {
      config: { access: { feature: 'ACCOUNTING_MANAGE.CUSTOMS_DECLARATION' } },
      schema: {
        operationId: 'listCustomsDeclarations',
        tags,
        summary: 'Customs declarations of the packages that crossed a border, newest first',
        querystring: listQuerySchema(CUSTOMS_QUERY),
        response: { 200: customsDeclarationListAnswerSchema },
      },
    },
    async (request) => listCustomsDeclarations(db(), request.query),
  );
  routes.get(
    '/api/Accounting/CustomsDeclarations/:id/Document',
    {
      config: { access: { feature: 'ACCOUNTING_MANAGE.CUSTOMS_DECLARATION' } },
      schema: {
        operationId: 'getCustomsDeclarationDocument',
        tags,
        summary: 'A link to a customs declaration as a PDF',
        params: z.object({ id: idParamSchema }),
        response: { 200: z.object({ mediaLink: z.string() }) },
      },
    },
    async (request) => ({ mediaLink: await customsDeclarationLink(db(), app.media, request.params.id) }),
  );
  listExportRoute(
    app,
    locale,
    {
      path: '/api/Accounting/CustomsDeclarations/Export',
      operationId: 'exportCustomsDeclarations',
      tags,
      summary: 'Exports the customs declarations, a row per declared item, to a CSV or XLSX file, as a task',
      description: 'Filters are those of its list (Search, Region, From, To).',
    },
    customsDeclarationsExportSource,
  );
}
