import { describe, expect, it } from 'vitest';
import { guardDecision } from './route-guard';

/** A token with the given payload (the signature is not checked by the browser). */
const token = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;

describe('route guard (spec section 5)', () => {
  it('logs out a visitor whose token has expired', () => {
    expect(guardDecision(token({ role: 'admin', exp: Math.floor(Date.now() / 1000) - 60 }), ['admin'])).toBe('logout-and-login');
  });
  it('sends a visitor without a token to /login', () => {
    expect(guardDecision(null, ['admin'])).toBe('login');
  });
  it('lets a role in when the route allows it', () => {
    expect(guardDecision(token({ role: 'admin' }), ['admin'])).toBe('allow');
    expect(guardDecision(token({ role: 'staff' }), 'any')).toBe('allow');
  });
  it('logs out a role the route does not allow', () => {
    expect(guardDecision(token({ role: 'user' }), ['admin'])).toBe('logout-and-login');
    expect(guardDecision(token({ role: 'staff' }), ['user'])).toBe('logout-and-login');
  });
  it('logs out a token it cannot read', () => {
    expect(guardDecision('not-a-token', 'any')).toBe('logout-and-login');
    expect(guardDecision(token({ role: 'owner' }), 'any')).toBe('logout-and-login');
  });
});
