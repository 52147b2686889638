import { and, asc, eq, ne } from 'drizzle-orm';
import type { BillingCurrencyBody, BillingCurrencyListAnswer } from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import { companies, currencies, orders } from '../../../db/schema.ts';
import { invalid, notFound } from '../../../lib/errors.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';
import { recordAudit } from '../../audit/service.ts';

/** The companies that buy (customers and partners) with their billing currency and their orders' currencies. */
export async function listBillingCurrencies(db: Db): Promise<BillingCurrencyListAnswer> {
  const [rows, used, sold] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.name,
        code: companies.code,
        country: companies.country,
        billingCurrency: companies.billingCurrency,
      })
      .from(companies)
      .where(ne(companies.kind, 'maker'))
      .orderBy(asc(companies.name)),
    db
      .selectDistinct({ companyId: orders.companyId, currency: orders.currency })
      .from(orders)
      .orderBy(asc(orders.currency)),
    db
      .select({ code: currencies.code })
      .from(currencies)
      .where(eq(currencies.active, true))
      .orderBy(asc(currencies.code)),
  ]);
  return {
    billingCurrencies: rows.map(({ billingCurrency, ...company }) => ({
      company,
      billingCurrency,
      orderCurrencies: used.filter((row) => row.companyId === company.id).map((row) => row.currency),
    })),
    currencies: sold.map((row) => row.code),
  };
}

/**
 * Sets a company's billing currency, audited. Orders placed before keep the currency they were priced and
 * paid in: nothing is re-priced.
 */
export async function setBillingCurrency(
  db: Db,
  user: SignedInUser,
  companyId: string,
  body: BillingCurrencyBody,
) {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ billingCurrency: companies.billingCurrency, name: companies.name })
      .from(companies)
      .where(and(eq(companies.id, companyId), ne(companies.kind, 'maker')))
      .for('update');
    if (!company) throw notFound(`No company ${companyId} that buys`);
    const [sold] = await tx
      .select()
      .from(currencies)
      .where(and(eq(currencies.code, body.currency), eq(currencies.active, true)));
    if (!sold)
      throw invalid([
        { field: 'body.currency', message: 'is not a currency the shop sells in', rule: { kind: 'unknown' } },
      ]);
    if (company.billingCurrency === body.currency) return;
    await tx.update(companies).set({ billingCurrency: body.currency }).where(eq(companies.id, companyId));
    await recordAudit(tx, user, {
      action: 'company.billing-currency',
      subjectType: 'company',
      subjectId: companyId,
      details: { company: company.name, from: company.billingCurrency, to: body.currency },
    });
  });
}
