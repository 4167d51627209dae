import type { TAuthUser } from '@residency/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** Account look-ups shared by the auth and users features (one table, two features). */
export type UserRow = typeof users.$inferSelect;

export const activeUser = isNull(users.deletedAt);

export async function findActiveUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), activeUser)).limit(1);
  return row;
}

export async function findActiveUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, activeUser))
    .limit(1);
  return row;
}

/** The signed-in user as the web app sees it (spec section 3). */
export function presentUser(row: UserRow): TAuthUser {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    image: row.image,
    phone: row.phone,
    address: row.address,
    membershipNumber: row.membershipNumber,
  };
}

/** `ILIKE` pattern for a search term, with the term's own wildcards taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The account of a guest booked at the front desk: the open account with that e-mail, or a
 * new one without a password (the guest can set one later with "Forgot your password?").
 */
export async function findOrCreateGuestAccount(
  db: Executor,
  guest: { email: string; name: string; phone?: string },
): Promise<UserRow> {
  const existing = await findActiveUserByEmail(db, guest.email);
  if (existing) return existing;
  const [row] = await db
    .insert(users)
    .values({ email: guest.email.toLowerCase(), name: guest.name, phone: guest.phone ?? null, role: 'user' })
    .returning();
  return row!;
}
