import type { Db } from '../../db/client.ts';
import { surveys } from '../../db/schema.ts';

/**
 * A delivered order's survey, opened in the transaction that delivers it (docs/insights.md "Statistics"):
 * every delivered order has one, answered or not, which is what the response rate counts.
 */
export async function openSurvey(
  tx: Db,
  order: { id: number; companyId: string; serviceCenterId: number },
  deliveredAt: Date,
): Promise<void> {
  await tx
    .insert(surveys)
    .values({
      orderId: order.id,
      companyId: order.companyId,
      serviceCenterId: order.serviceCenterId,
      deliveredAt,
    })
    .onConflictDoNothing();
}
