import { describe, expect, it } from 'vitest';
import { landingPath } from './roles.ts';

describe('landingPath', () => {
  it("goes to the role's dashboard when nothing sent the person to log in", () => {
    expect(landingPath('staff')).toBe('/staff/dashboard');
    expect(landingPath('user', null)).toBe('/user/dashboard');
  });

  it('goes back to the page that asked for a sign-in', () => {
    expect(landingPath('user', '/booking/42?checkIn=2026-12-01')).toBe('/booking/42?checkIn=2026-12-01');
    expect(landingPath('admin', '/admin/users')).toBe('/admin/users');
    expect(landingPath('staff', '/profile')).toBe('/profile');
  });

  it("never sends someone into another role's area, where the guard would sign them out again", () => {
    expect(landingPath('staff', '/user/dashboard')).toBe('/staff/dashboard');
    expect(landingPath('user', '/admin/users')).toBe('/user/dashboard');
    expect(landingPath('user', '/staff')).toBe('/user/dashboard');
    expect(landingPath('user', '/userguide')).toBe('/userguide');
  });
});
