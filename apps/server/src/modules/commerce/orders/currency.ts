import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { ALL_LANGUAGES, currencyOfLanguage, pickLanguage } from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import { companies } from '../../../db/schema.ts';
import { acceptedLanguages } from '../../../lib/request.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';

/** The currency of the user's language (spec §1), the console sending it as Accept-Language. */
function languageCurrency(request: FastifyRequest): string {
  return currencyOfLanguage(
    pickLanguage(acceptedLanguages(request.headers['accept-language']), ALL_LANGUAGES),
  );
}

/** A customer or partner company's billing currency; the maker's own staff buy for no company of theirs. */
export async function billingCurrencyOf(db: Db, companyId: string | null): Promise<string | null> {
  if (!companyId) return null;
  const [company] = await db
    .select({ billingCurrency: companies.billingCurrency, kind: companies.kind })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company && company.kind !== 'maker' ? company.billingCurrency : null;
}

/**
 * What a user's calibration request is priced in (docs/commerce.md "Currencies"): their company's billing
 * currency whatever language they read; staff, who order for other companies, see their language's until
 * the devices name the company.
 */
export async function userCurrency(db: Db, user: SignedInUser, request: FastifyRequest): Promise<string> {
  return (await billingCurrencyOf(db, user.companyId)) ?? languageCurrency(request);
}
