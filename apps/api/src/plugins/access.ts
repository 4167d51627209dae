import type { Role } from '@residency/shared';

/**
 * Who may call a route. Every route declares one (the server refuses to start otherwise):
 * `'public'`, `'signed-in'` (any role) or the list of roles allowed.
 */
export type Access = 'public' | 'signed-in' | readonly Role[];

export function describeAccess(access: Access): string {
  if (access === 'public') return 'Public: anyone may call it.';
  if (access === 'signed-in') return 'Any signed-in user (admin, staff or user).';
  return `Roles: ${access.join(', ')}.`;
}

export const ADMIN: readonly Role[] = ['admin'];
export const ADMIN_STAFF: readonly Role[] = ['admin', 'staff'];
