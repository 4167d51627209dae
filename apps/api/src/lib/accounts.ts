import { smsOptInOf, type TAuthUser } from '@residency/shared';
import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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
    // Only accounts with an e-mail can sign in (by password, Google or a mailed link), so a
    // signed-in user always has one; the desk's e-mail-less guests are never presented here.
    email: row.email ?? '',
    name: row.name,
    role: row.role,
    image: row.image,
    phone: row.phone,
    address: row.address,
    membershipNumber: row.membershipNumber,
    phoneVerifiedAt: row.phoneVerifiedAt?.toISOString() ?? null,
    smsOptIn: smsOptInOf(row.smsOptIn, row.phone),
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
 *
 * A guest without an e-mail (many walk-ins have none) is found again by the stay's phone among
 * the guest accounts that have no e-mail either, or gets a new account with none: it can't sign
 * in, and no mail goes to it. Only e-mail-less accounts are matched by phone, so a mistyped
 * number never puts a stay, or its mails, in the account of someone who signs in. When such a
 * guest later gives an e-mail at the desk that no account holds, it is added to their account
 * (they then set a password with "Forgot your password?").
 */
export async function findOrCreateGuestAccount(
  db: Executor,
  guest: { email?: string; name: string; phone: string },
): Promise<UserRow> {
  // One desk at a time per phone number: two desks booking the same new guest without an
  // e-mail must find one account, as they do by e-mail through its unique index.
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`guest-phone:${phoneKey(guest.phone)}`}, 0))`);
  const email = guest.email;
  const account = email
    ? ((await findActiveUserByEmail(db, email)) ??
      (await addEmailToPhoneGuest(db, guest.phone, email)) ??
      (await insertGuestAccount(db, { ...guest, email })) ??
      (await findActiveUserByEmail(db, email)))
    : ((await findEmaillessGuestByPhone(db, guest.phone)) ?? (await insertGuestAccount(db, guest)));
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

/**
 * A phone number reduced to what identifies it: its digits, with Bangladesh's +880 written as
 * the 0 of a local number ("+880 1711-000111" and "01711000111" are one phone).
 */
function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('880') ? `0${digits.slice(3)}` : digits;
}

/** The same key computed in SQL, for a phone column. */
const phoneKeyOf = (column: AnyColumn) =>
  sql`(case when regexp_replace(${column}, '[^0-9]', '', 'g') like '880%'
        then '0' || substr(regexp_replace(${column}, '[^0-9]', '', 'g'), 4)
        else regexp_replace(${column}, '[^0-9]', '', 'g') end)`;

/**
 * A search term that is a phone number (digits with the usual +, spaces, dashes and brackets)
 * matched against a phone column however either was written; undefined for other terms.
 */
export function phoneSearch(column: AnyColumn, term: string): SQL | undefined {
  if (!/^[+\d][\d\s()-]*$/.test(term.trim())) return undefined;
  const key = phoneKey(term);
  if (key.length < 5) return undefined;
  return sql`${phoneKeyOf(column)} like ${likePattern(key)}`;
}

const emaillessGuestWithPhone = (phone: string) =>
  and(activeUser, isNull(users.email), eq(users.role, 'user'), sql`${phoneKeyOf(users.phone)} = ${phoneKey(phone)}`);

/** The oldest open guest account with no e-mail and this phone. */
async function findEmaillessGuestByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(emaillessGuestWithPhone(phone)).orderBy(users.createdAt).limit(1);
  return row;
}

/** Gives the e-mail-less guest with this phone the e-mail they now gave at the desk (none holds it: checked before). */
async function addEmailToPhoneGuest(db: Executor, phone: string, email: string): Promise<UserRow | undefined> {
  const found = await findEmaillessGuestByPhone(db, phone);
  if (!found) return undefined;
  const [row] = await db
    .update(users)
    .set({ email: email.toLowerCase(), updatedAt: new Date() })
    .where(and(eq(users.id, found.id), isNull(users.email)))
    .returning();
  return row;
}

/** A new guest account, or undefined when an open account with this e-mail exists (or is being created). */
async function insertGuestAccount(db: Executor, guest: { email?: string; name: string; phone: string }) {
  const [row] = await db
    .insert(users)
    .values({ email: guest.email?.toLowerCase() ?? null, name: guest.name, phone: guest.phone, role: 'user' })
    .onConflictDoNothing()
    .returning();
  return row;
}
