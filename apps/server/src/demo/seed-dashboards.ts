import { eq } from 'drizzle-orm';
import { DASHBOARD_TEMPLATE, dashboardWidgetsSchema } from '@fleet/contract';
import type { Db } from '../db/client.ts';
import { companies, dashboards } from '../db/schema.ts';

/** One overview dashboard for the maker's staff and one per customer company, from the template. */
export async function seedDashboards(db: Db): Promise<void> {
  const widgets = dashboardWidgetsSchema.parse(DASHBOARD_TEMPLATE);
  const customers = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.kind, 'customer'));
  await db.insert(dashboards).values(
    [null, ...customers.map((company) => company.id)].map((companyId) => ({
      companyId,
      name: 'Overview',
      widgets,
    })),
  );
}
