import type { Role } from '@residency/shared';
import { isRole } from '@residency/shared/roles';

interface Claims {
  role?: unknown;
  exp?: unknown;
}

function claims(token: string): Claims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    return JSON.parse(json) as Claims;
  } catch {
    return null;
  }
}

/**
 * The role claim of a token (spec: "the role is read from the login token"); null when unreadable
 * or expired, so an expired sign-in is treated like none instead of failing on every call.
 */
export function roleFromToken(token: string | null | undefined, now = Date.now()): Role | null {
  if (!token) return null;
  const found = claims(token);
  if (!found) return null;
  if (typeof found.exp === 'number' && found.exp * 1000 <= now) return null;
  return isRole(found.role) ? found.role : null;
}
