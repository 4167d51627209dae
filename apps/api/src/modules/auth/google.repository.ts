import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { activeUser, type UserRow } from '../../lib/accounts.ts';

/** The open account already linked to this Google subject; closed accounts never sign in again. */
export async function findActiveUserByGoogleSubject(db: Executor, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.googleSubject, subject), activeUser))
    .limit(1);
  return row;
}

/** Links a Google subject to an open account; undefined when the account was closed meanwhile. */
export async function linkGoogleSubject(db: Executor, userId: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ googleSubject: subject, updatedAt: new Date() })
    .where(and(eq(users.id, userId), activeUser))
    .returning();
  return row;
}
