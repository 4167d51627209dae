import type { Role, TAuthUser, TUserListItem } from '@residency/shared';
import { MESSAGES } from '@residency/shared';
import type { Database } from '../../db/client.ts';
import { findActiveUserById, presentUser, type UserRow } from '../../lib/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
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

/** Changes a role; the hotel always keeps at least one admin. */
export async function changeRole(db: Database, id: string, role: Role): Promise<TUserListItem> {
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

export async function deleteUser(db: Database, id: string): Promise<void> {
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
  payload: { name?: string; phone?: string | null; address?: string | null; image?: string | null },
): Promise<TAuthUser> {
  const values: Partial<Pick<UserRow, 'name' | 'phone' | 'address' | 'image'>> = {};
  if (payload.name !== undefined) values.name = payload.name;
  if (payload.phone !== undefined) values.phone = payload.phone || null;
  if (payload.address !== undefined) values.address = payload.address || null;
  if (payload.image !== undefined) values.image = payload.image || null;
  const row = Object.keys(values).length > 0 ? await updateUser(db, id, values) : await findActiveUserById(db, id);
  if (!row) throw AppError.unauthorized(MESSAGES.noUserSignedIn, 'NO_USER');
  return presentUser(row);
}
