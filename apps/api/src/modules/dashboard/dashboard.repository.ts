import { gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export async function accountCounts(db: Executor, since: Date) {
  const [row] = await db
    .select({
      users: sql<number>`count(*) filter (where ${users.role} = 'user')`.mapWith(Number),
      staff: sql<number>`count(*) filter (where ${users.role} = 'staff')`.mapWith(Number),
      admins: sql<number>`count(*) filter (where ${users.role} = 'admin')`.mapWith(Number),
      newUsers: sql<number>`count(*) filter (where ${users.role} = 'user' and ${gte(users.createdAt, since)})`.mapWith(
        Number,
      ),
    })
    .from(users)
    .where(isNull(users.deletedAt));
  return row!;
}
