/** The three roles of spec section 6; a guest is a `user`. */
export const ROLES = ['admin', 'user', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** Where each role lands after signing in: `/{role}/dashboard`. */
export function dashboardPath(role: Role): string {
  return `/${role}/dashboard`;
}

/**
 * Where a person goes after signing in: back to the page that sent them to log in, unless that
 * page is another role's dashboard area (someone whose session ended as a guest may sign in as
 * staff, and must not be sent to /user/… only to be signed out by the route guard again).
 */
export function landingPath(role: Role, from?: string | null): string {
  if (!from) return dashboardPath(role);
  const area = /^\/(admin|user|staff)(\/|$)/.exec(from)?.[1];
  return area && area !== role ? dashboardPath(role) : from;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
