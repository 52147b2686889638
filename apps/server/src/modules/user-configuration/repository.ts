import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userConfigurations } from '../../db/schema.ts';

export async function readConfiguration(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ content: userConfigurations.content })
    .from(userConfigurations)
    .where(eq(userConfigurations.userId, userId));
  return row?.content;
}

export async function writeConfiguration(db: Db, userId: string, content: string): Promise<void> {
  await db
    .insert(userConfigurations)
    .values({ userId, content, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: userConfigurations.userId,
      set: { content: sql`excluded.content`, updatedAt: sql`excluded.updated_at` },
    });
}
