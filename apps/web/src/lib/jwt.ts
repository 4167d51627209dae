import type { Role } from '@residency/shared';
import { isRole } from '@residency/shared/roles';

/** The role claim of a token (spec: "the role is read from the login token"); null when unreadable. */
export function roleFromToken(token: string | null | undefined): Role | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const role = (JSON.parse(json) as { role?: unknown }).role;
    return isRole(role) ? role : null;
  } catch {
    return null;
  }
}
