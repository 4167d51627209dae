/** @vitest-environment jsdom */
// The sign-in kept in localStorage between visits, as a returning guest's browser holds it.
import type { TAuthUser } from '@residency/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { loginUser } from '../features/auth/auth-slice';
import { logout } from '../lib/session';
import { makeStore } from './store';
import { readStoredSignIn } from './stored-sign-in';

const guest = { _id: 'u1', email: 'guest@example.com', name: 'Guest', role: 'user' } as TAuthUser;

describe('the stored sign-in', () => {
  afterEach(() => localStorage.clear());

  it('is kept on sign-in in the format a browser already holds (persist:auth), and sign-out keeps nobody', () => {
    const { store } = makeStore();
    expect(localStorage.getItem('persist:auth')).toBeNull();
    store.dispatch(loginUser.fulfilled({ token: 'a.b.c', user: guest }, 'test', { email: guest.email, password: 'x' }));
    const stored = JSON.parse(localStorage.getItem('persist:auth') ?? '{}') as Record<string, string>;
    expect(JSON.parse(stored.user!)).toEqual(guest);
    expect(JSON.parse(stored.token!)).toBe('a.b.c');
    store.dispatch(logout());
    expect(JSON.parse(localStorage.getItem('persist:auth') ?? '{}').token).toBe('null');
    expect(readStoredSignIn()).toEqual({ user: null, token: null });
  });

  it('is read back as it was written by redux-persist before, and nothing unreadable signs anyone in', () => {
    localStorage.setItem(
      'persist:auth',
      JSON.stringify({ user: JSON.stringify(guest), token: JSON.stringify('a.b.c'), _persist: JSON.stringify({ version: -1, rehydrated: true }) }),
    );
    expect(readStoredSignIn()).toEqual({ user: guest, token: 'a.b.c' });
    localStorage.setItem('persist:auth', '{not json');
    expect(readStoredSignIn()).toBeUndefined();
    expect(makeStore().store.getState().auth.token).toBeNull();
  });
});
