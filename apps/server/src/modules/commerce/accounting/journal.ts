import type { OrderLineKind } from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import { journalEntries, journalLines } from '../../../db/schema.ts';
import { nextDocumentNumber } from '../orders/numbering.ts';

/** Chart of accounts (docs/commerce.md "Accounting"), seeded by migration 0018. */
export const ACCOUNTS = {
  receivables: '1100',
  paymentProvider: '1200',
  bank: '1210',
  discounts: '4900',
} as const;

/** The revenue account of each kind of order line. */
export const REVENUE_ACCOUNTS: Record<OrderLineKind, string> = {
  calibration: '4000',
  part: '4100',
  shipping: '4200',
  service: '4300',
  discount: ACCOUNTS.discounts,
};

interface EntryLine {
  accountCode: string;
  companyId?: string | null;
  debitMinor?: number;
  creditMinor?: number;
}

interface Entry {
  journal: 'sales' | 'payments';
  at: Date;
  companyId: string;
  orderId: number;
  invoiceId?: number;
  paymentId?: string;
  currency: string;
  /** What the entry is worth to the customer: the invoice's total, the payment's amount. */
  amountMinor: number;
  description: string;
  lines: EntryLine[];
}

/** Writes a balanced entry with its number; an unbalanced one is a programming error and writes nothing. */
async function postEntry(tx: Db, entry: Entry): Promise<string> {
  const debits = entry.lines.reduce((sum, line) => sum + (line.debitMinor ?? 0), 0);
  const credits = entry.lines.reduce((sum, line) => sum + (line.creditMinor ?? 0), 0);
  if (debits !== credits)
    throw new Error(`Unbalanced ${entry.journal} entry: ${debits} debit, ${credits} credit`);
  const number = await nextDocumentNumber(tx, entry.journal, entry.at);
  const [created] = await tx
    .insert(journalEntries)
    .values({
      journal: entry.journal,
      number,
      at: entry.at,
      companyId: entry.companyId,
      orderId: entry.orderId,
      invoiceId: entry.invoiceId ?? null,
      paymentId: entry.paymentId ?? null,
      currency: entry.currency,
      amountMinor: entry.amountMinor,
      description: entry.description,
    })
    .returning({ id: journalEntries.id });
  await tx.insert(journalLines).values(
    entry.lines
      .filter((line) => (line.debitMinor ?? 0) !== 0 || (line.creditMinor ?? 0) !== 0)
      .map((line) => ({
        entryId: created!.id,
        accountCode: line.accountCode,
        companyId: line.companyId ?? null,
        debitMinor: line.debitMinor ?? 0,
        creditMinor: line.creditMinor ?? 0,
      })),
  );
  return number;
}

/**
 * The sales entry of an invoice: the customer's receivable debited with the total, each line's revenue
 * account credited (a discount debits the discounts account).
 */
export async function postSale(
  tx: Db,
  sale: {
    at: Date;
    companyId: string;
    orderId: number;
    invoiceId: number;
    invoiceNumber: string;
    currency: string;
    lines: readonly { kind: OrderLineKind; amountMinor: number }[];
  },
): Promise<string> {
  const byAccount = new Map<string, number>();
  for (const line of sale.lines) {
    const account = REVENUE_ACCOUNTS[line.kind];
    byAccount.set(account, (byAccount.get(account) ?? 0) + line.amountMinor);
  }
  const total = sale.lines.reduce((sum, line) => sum + line.amountMinor, 0);
  return postEntry(tx, {
    journal: 'sales',
    at: sale.at,
    companyId: sale.companyId,
    orderId: sale.orderId,
    invoiceId: sale.invoiceId,
    currency: sale.currency,
    amountMinor: total,
    description: `Invoice ${sale.invoiceNumber}`,
    lines: [
      { accountCode: ACCOUNTS.receivables, companyId: sale.companyId, debitMinor: total },
      ...[...byAccount].map(([accountCode, amount]) =>
        amount >= 0 ? { accountCode, creditMinor: amount } : { accountCode, debitMinor: -amount },
      ),
    ],
  });
}

/** The payments entry of money received: the provider's clearing account or the bank debited, the customer credited. */
export async function postPayment(
  tx: Db,
  payment: {
    at: Date;
    companyId: string;
    orderId: number;
    paymentId: string;
    method: string;
    currency: string;
    amountMinor: number;
    description: string;
  },
): Promise<string> {
  return postEntry(tx, {
    journal: 'payments',
    at: payment.at,
    companyId: payment.companyId,
    orderId: payment.orderId,
    paymentId: payment.paymentId,
    currency: payment.currency,
    amountMinor: payment.amountMinor,
    description: payment.description,
    lines: [
      {
        accountCode: payment.method === 'card' ? ACCOUNTS.paymentProvider : ACCOUNTS.bank,
        debitMinor: payment.amountMinor,
      },
      { accountCode: ACCOUNTS.receivables, companyId: payment.companyId, creditMinor: payment.amountMinor },
    ],
  });
}
