/** The three roles of spec section 6; a guest is a `user`. */
export const ROLES = ['admin', 'user', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** Where each role lands after signing in: `/{role}/dashboard`. */
export function dashboardPath(role: Role): string {
  return `/${role}/dashboard`;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
