import type { TAuthUser } from '@residency/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from './app-error.ts';

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
 * Run it in the booking's transaction, so a refused booking leaves no account behind. Two desks
 * booking one new e-mail at once both get the same account: the second insert waits for the
 * first transaction and then does nothing, and the look-up after it finds the committed row.
 * A staff or admin account is never taken as the guest (409): a walk-in is a guest, and the
 * desk must not put stays in a colleague's name by typing their e-mail.
 */
export async function findOrCreateGuestAccount(
  db: Executor,
  guest: { email: string; name: string; phone?: string },
): Promise<UserRow> {
  const account =
    (await findActiveUserByEmail(db, guest.email)) ??
    (await insertGuestAccount(db, guest)) ??
    (await findActiveUserByEmail(db, guest.email));
  // Only when the account that won the race was closed in the same instant.
  if (!account) throw AppError.conflict('This guest account just changed. Please try again.', 'GUEST_ACCOUNT_CHANGED');
  if (account.role !== 'user') {
    throw AppError.conflict(
      "This e-mail belongs to a staff or admin account. A walk-in booking is for a guest: please use the guest's own e-mail.",
      'EMAIL_NOT_A_GUEST',
    );
  }
  return account;
}

/** A new guest account, or undefined when an open account with this e-mail exists (or is being created). */
async function insertGuestAccount(db: Executor, guest: { email: string; name: string; phone?: string }) {
  const [row] = await db
    .insert(users)
    .values({ email: guest.email.toLowerCase(), name: guest.name, phone: guest.phone ?? null, role: 'user' })
    .onConflictDoNothing()
    .returning();
  return row;
}
