import { z } from 'zod';
import { ROLES } from './roles.ts';
import { ZPageQuery } from './api.ts';
import { zText } from './text.ts';

export const ZUserListQuery = ZPageQuery.extend({
  searchTerm: zText().trim().max(100).optional(),
});

/** A row of the admin Users screen. */
export const ZUserListItem = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  phone: z.string().nullable(),
  membershipNumber: z.string(),
  createdAt: z.string(),
});
export type TUserListItem = z.infer<typeof ZUserListItem>;

export const ZUpdateRoleRequest = z.object({
  role: z.enum(ROLES, { message: 'Role must be admin, user or staff.' }),
});
