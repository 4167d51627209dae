import type { Role, TAuthUser, TUserListItem } from '@residency/shared';
import { INVITE_LINK_HOURS, MESSAGES, smsNumber } from '@residency/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { findActiveUserByEmail, findActiveUserById, presentUser, type UserRow } from '../../lib/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { escapeHtml, hotelFooter, mailLayout } from '../../lib/mail-layout.ts';
import { issuePasswordLink } from '../../lib/password-links.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { closeAccount, listActiveUsers, lockActiveAdmins, updateUser } from './users.repository.ts';

function toListItem(row: UserRow): TUserListItem {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: row.phone,
    membershipNumber: row.membershipNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

const userNotFound = () => AppError.notFound('This user does not exist or was deleted.', 'USER_NOT_FOUND');

export async function listUsers(db: Database, query: { page: number; limit: number; searchTerm?: string }) {
  const { data, total } = await listActiveUsers(db, query);
  return { data: data.map(toListItem), meta: { page: query.page, limit: query.limit, total } };
}

export async function getUser(db: Database, id: string): Promise<TUserListItem> {
  const row = await findActiveUserById(db, id);
  if (!row) throw userNotFound();
  return toListItem(row);
}

/**
 * An admin acting on their own account: demoting or closing it would lock them out mid-task, and
 * is never what the Users screen is for (another admin can do it).
 */
function refuseSelf(callerId: string, id: string, action: 'demote' | 'delete') {
  if (callerId !== id) return;
  throw AppError.conflict(
    action === 'delete'
      ? 'You cannot delete your own account. Another admin can do it.'
      : 'You cannot change your own role. Another admin can do it.',
    action === 'delete' ? 'SELF_DELETE' : 'SELF_DEMOTE',
  );
}

/** Changes a role; the hotel always keeps at least one admin, and no admin demotes themselves. */
export async function changeRole(db: Database, id: string, role: Role, callerId: string): Promise<TUserListItem> {
  if (role !== 'admin') refuseSelf(callerId, id, 'demote');
  return db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const target = await findActiveUserById(tx, id);
    if (!target) throw userNotFound();
    if (target.role === 'admin' && role !== 'admin' && admins.length <= 1) {
      throw AppError.conflict('This is the last admin. Make another user an admin first.', 'LAST_ADMIN');
    }
    const updated = await updateUser(tx, id, { role });
    return toListItem(updated!);
  });
}

export async function deleteUser(db: Database, id: string, callerId: string): Promise<void> {
  refuseSelf(callerId, id, 'delete');
  await db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const target = await findActiveUserById(tx, id);
    if (!target) throw userNotFound();
    if (target.role === 'admin' && admins.length <= 1) {
      throw AppError.conflict('This is the last admin and cannot be deleted.', 'LAST_ADMIN');
    }
    await closeAccount(tx, id);
  });
}

/** `PATCH /api/users/me`: empty strings clear a field. */
export async function updateProfile(
  db: Database,
  id: string,
  payload: { name?: string; phone?: string | null; address?: string | null; image?: string | null; smsOptIn?: boolean | null },
): Promise<TAuthUser> {
  const values: Partial<Pick<UserRow, 'name' | 'phone' | 'address' | 'image' | 'smsOptIn' | 'phoneVerifiedAt'>> = {};
  if (payload.name !== undefined) values.name = payload.name;
  if (payload.phone !== undefined) values.phone = payload.phone || null;
  if (payload.address !== undefined) values.address = payload.address || null;
  if (payload.image !== undefined) values.image = payload.image || null;
  if (payload.smsOptIn !== undefined) values.smsOptIn = payload.smsOptIn;
  if (values.phone !== undefined) {
    // A verified phone stays verified only while it is the same number (however it is written).
    const current = await findActiveUserById(db, id);
    const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && (smsNumber(a) ?? a) === (smsNumber(b) ?? b);
    if (current && !same(current.phone, values.phone)) values.phoneVerifiedAt = null;
  }
  const row = Object.keys(values).length > 0 ? await updateUser(db, id, values) : await findActiveUserById(db, id);
  if (!row) throw AppError.unauthorized(MESSAGES.noUserSignedIn, 'NO_USER');
  return presentUser(row);
}

const ROLE_NAMES: Record<Role, string> = { admin: 'an admin', staff: 'a member of staff', user: 'a guest' };

/**
 * An admin brings in a colleague: the account is made with the role and no password, and a
 * single-use link that sets the password (one hour) is mailed, in the same transaction. An
 * e-mail that already has an account is a 409: change that account's role instead.
 */
export async function inviteUser(
  deps: { db: Database; mailer: Mailer; config: Config },
  input: { name: string; email: string; role: Role },
  inviter: { name: string },
): Promise<TUserListItem> {
  const { db, mailer, config } = deps;
  const taken = () =>
    AppError.conflict('This e-mail already has an account. Find it on the list and change its role instead.', 'EMAIL_TAKEN');
  if (await findActiveUserByEmail(db, input.email)) throw taken();
  try {
    const row = await db.transaction(async (tx) => {
      const [account] = await tx.insert(users).values({ email: input.email, name: input.name, role: input.role }).returning();
      const link = await issuePasswordLink(tx, config, account!.id, INVITE_LINK_HOURS, { invite: true });
      const text = [
        `Hello ${input.name},`,
        '',
        `${inviter.name} has invited you to ${config.hotel.name} as ${ROLE_NAMES[input.role]}.`,
        `Open this link within one hour to choose your password:`,
        link,
        '',
        'If the link has expired, ask for a new one with "Forgot your password?" on the login page.',
      ].join('\n');
      await mailer.enqueue(tx, {
        kind: 'invite',
        to: input.email,
        subject: `You are invited to ${config.hotel.name}`,
        text,
        html: mailLayout({
          hotelName: config.hotel.name,
          heading: `Welcome to ${config.hotel.name}`,
          bodyHtml: `<p>Hello ${escapeHtml(input.name)},</p>
<p>${escapeHtml(inviter.name)} has invited you to ${escapeHtml(config.hotel.name)} as ${ROLE_NAMES[input.role]}. Open this link within one hour to choose your password:</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f3d3e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Choose my password</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(link)}</p>
<p>If the link has expired, ask for a new one with "Forgot your password?" on the login page.</p>`,
          footer: hotelFooter(config.hotel, 'en', { withEmail: false }),
        }),
      });
      return account!;
    });
    mailer.kick();
    return toListItem(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
