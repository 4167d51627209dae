import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { activeUser, likePattern, phoneSearch, type UserRow } from '../../lib/accounts.ts';

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, id), activeUser))
    .returning();
  return row;
}

export async function listActiveUsers(db: Executor, options: { page: number; limit: number; searchTerm?: string }) {
  const term = options.searchTerm ? likePattern(options.searchTerm) : undefined;
  // A guest without an e-mail is found by the phone the desk took, however it was written.
  const byPhone = options.searchTerm ? phoneSearch(users.phone, options.searchTerm) : undefined;
  const where = term ? and(activeUser, or(ilike(users.name, term), ilike(users.email, term), ...(byPhone ? [byPhone] : []))) : activeUser;
  const [data, [totalRow]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { data, total: totalRow?.total ?? 0 };
}

/** Locks every active admin row, so two admins demoting each other at once cannot both succeed. */
export async function lockActiveAdmins(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), activeUser))
    .for('update');
  return rows.map((r) => r.id);
}

/** Closes an account: it can no longer sign in, and its e-mail is free for a new sign-up. */
export async function closeAccount(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletedAt: new Date(), updatedAt: new Date(), googleSubject: null })
    .where(and(eq(users.id, id), activeUser))
    .returning({ id: users.id });
  return rows.length > 0;
}
