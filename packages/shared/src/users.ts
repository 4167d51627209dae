import { z } from 'zod';
import { ROLES } from './roles.ts';
import { ZPageQuery } from './api.ts';
import { ZEmail, ZPersonName } from './auth.ts';
import { zText } from './text.ts';

export const ZUserListQuery = ZPageQuery.extend({
  searchTerm: zText().trim().max(100).optional(),
});

/** A row of the admin Users screen. */
export const ZUserListItem = z.object({
  _id: z.string(),
  name: z.string(),
  /** Null for a guest booked at the desk with a name and phone only: they can't sign in yet. */
  email: z.string().nullable(),
  role: z.enum(ROLES),
  phone: z.string().nullable(),
  membershipNumber: z.string(),
  createdAt: z.string(),
});
export type TUserListItem = z.infer<typeof ZUserListItem>;

export const ZUpdateRoleRequest = z.object({
  role: z.enum(ROLES, { message: 'Role must be admin, user or staff.' }),
});

/** How long an invitation's link works: one hour, like a password reset. */
export const INVITE_LINK_HOURS = 1;

/** `POST /api/users/invite`: an admin brings in a colleague, who sets a password with the mailed link. */
export const ZInviteRequest = z.object({
  name: ZPersonName,
  email: ZEmail,
  role: z.enum(ROLES, { message: 'Role must be admin, user or staff.' }),
});
export type TInviteRequest = z.input<typeof ZInviteRequest>;
