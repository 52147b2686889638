import { eq } from 'drizzle-orm';
import { CURRENT_TERMS_VERSION } from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import { paymentMethodTypes } from '../../../db/schema.ts';
import type { FieldProblem } from '../../../lib/errors.ts';

/**
 * What a customer accepts, placing an order or accepting a quote (docs/commerce.md "Customer side"):
 * the current terms and a payment method offered. Every problem at once; none when both hold.
 */
export async function acceptanceProblems(
  db: Db,
  body: { acceptedTermsVersion: string; paymentMethodType: string },
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  if (body.acceptedTermsVersion !== CURRENT_TERMS_VERSION)
    problems.push({
      field: 'body.acceptedTermsVersion',
      message: `must be the current terms, version ${CURRENT_TERMS_VERSION}`,
      rule: { kind: 'invalid' },
    });
  const [method] = await db
    .select()
    .from(paymentMethodTypes)
    .where(eq(paymentMethodTypes.code, body.paymentMethodType));
  if (!method?.active)
    problems.push({
      field: 'body.paymentMethodType',
      message: 'is not a payment method offered',
      rule: { kind: 'unavailable' },
    });
  return problems;
}
