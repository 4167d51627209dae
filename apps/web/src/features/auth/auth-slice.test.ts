import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAuthUser } from '@residency/shared';
import {
  authReducer,
  changePassword,
  createUser,
  googleLogin,
  initialAuthState,
  loginUser,
  resetPassword,
  updateProfile,
  type AuthState,
} from './auth-slice';
import { logout } from '../../lib/session';

const user: TAuthUser = {
  _id: '1',
  email: 'guest@example.com',
  name: 'Guest',
  role: 'user',
  image: null,
  phone: null,
  address: null,
  membershipNumber: 'RS100001',
  phoneVerifiedAt: null,
  smsOptIn: false,
};

const signedIn: AuthState = { ...initialAuthState, user, token: 'token-1' };

function storeWith(auth: AuthState) {
  return configureStore({ reducer: { auth: authReducer }, preloadedState: { auth } });
}

function respond(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('auth transitions (spec section 4)', () => {
  for (const thunk of [createUser, loginUser, googleLogin]) {
    it(`${thunk.typePrefix}: pending sets loading, success stores user and token`, () => {
      const pending = authReducer(initialAuthState, { type: thunk.pending.type });
      expect(pending.isLoading).toBe(true);
      const done = authReducer(pending, { type: thunk.fulfilled.type, payload: { user, token: 't' } });
      expect(done).toMatchObject({ isLoading: false, user, token: 't', isError: false });
    });

    it(`${thunk.typePrefix}: failure stores the message and clears user and token`, () => {
      const failed = authReducer(signedIn, {
        type: thunk.rejected.type,
        payload: { message: 'Incorrect e-mail or password.', code: 'BAD_CREDENTIALS' },
      });
      expect(failed).toMatchObject({
        isLoading: false,
        isError: true,
        error: 'Incorrect e-mail or password.',
        errorCode: 'BAD_CREDENTIALS',
        user: null,
        token: null,
      });
    });
  }

  it('logout clears user and token', () => {
    expect(authReducer(signedIn, logout())).toMatchObject({ user: null, token: null });
  });

  it('password reset sets loading, then clears it on success or records the error', () => {
    const pending = authReducer(signedIn, { type: resetPassword.pending.type });
    expect(pending.isLoading).toBe(true);
    expect(authReducer(pending, { type: resetPassword.fulfilled.type, payload: 'sent' }).isLoading).toBe(false);
    const failed = authReducer(pending, { type: resetPassword.rejected.type, payload: { message: 'Too many attempts.' } });
    expect(failed).toMatchObject({ isLoading: false, isError: true, error: 'Too many attempts.' });
    // A failed reset request does not sign anybody out.
    expect(failed.token).toBe('token-1');
  });

  it('profile update fails with the spec message when nobody is signed in', async () => {
    const store = storeWith(initialAuthState);
    const result = await store.dispatch(updateProfile({ name: 'New' }));
    expect(result.payload).toEqual({ message: 'No user is currently signed in.', code: 'NO_USER' });
    expect(store.getState().auth.error).toBe('No user is currently signed in.');
  });

  it('profile update replaces the stored user with the server answer', async () => {
    respond(200, { success: true, data: { ...user, name: 'Renamed', image: 'https://img.example/a.png' } });
    const store = storeWith(signedIn);
    await store.dispatch(updateProfile({ name: 'Renamed' }));
    expect(store.getState().auth.user).toMatchObject({ name: 'Renamed', image: 'https://img.example/a.png', role: 'user' });
    expect(fetch).toHaveBeenCalledWith('/api/users/me', expect.objectContaining({ method: 'PATCH' }));
  });

  it('login shows the server message of a 401', async () => {
    respond(401, { success: false, code: 'BAD_CREDENTIALS', message: 'Incorrect e-mail or password.' });
    const store = storeWith(initialAuthState);
    await store.dispatch(loginUser({ email: 'a@b.co', password: 'wrong-pass' }));
    expect(store.getState().auth).toMatchObject({ isError: true, error: 'Incorrect e-mail or password.', token: null });
  });

  it('a network failure is reported as FETCH_ERROR', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const store = storeWith(initialAuthState);
    await store.dispatch(loginUser({ email: 'a@b.co', password: 'whatever1' }));
    expect(store.getState().auth.errorCode).toBe('FETCH_ERROR');
  });

  it('a Google error code from the callback is stored as the error', async () => {
    const store = storeWith(initialAuthState);
    await store.dispatch(googleLogin({ error: 'popup-closed-by-user' }));
    expect(store.getState().auth).toMatchObject({ isError: true, errorCode: 'popup-closed-by-user', token: null });
  });

  it('a password change keeps the session going on the token the server answers', async () => {
    const store = storeWith(signedIn);
    respond(200, { success: true, data: { token: 'token-2' } });
    const result = await store.dispatch(changePassword({ currentPassword: 'old-password', newPassword: 'new-password' }));
    expect(changePassword.fulfilled.match(result)).toBe(true);
    expect(store.getState().auth).toMatchObject({ user, token: 'token-2' });
  });

  it("a refused password change keeps the token and carries the server's field errors", async () => {
    const store = storeWith(signedIn);
    const errors = [{ path: 'currentPassword', message: 'Your current password is not correct.' }];
    respond(400, { success: false, code: 'WRONG_PASSWORD', message: 'Your current password is not correct.', errors });
    const result = await store.dispatch(changePassword({ currentPassword: 'wrong', newPassword: 'new-password' }));
    expect(result.payload).toMatchObject({ code: 'WRONG_PASSWORD', errors });
    expect(store.getState().auth.token).toBe('token-1');
  });

  it('a password change on a session the server ended signs out', async () => {
    const store = storeWith(signedIn);
    respond(401, { success: false, code: 'TOKEN_INVALID', message: 'Your session has expired. Please log in again.' });
    await store.dispatch(changePassword({ currentPassword: 'old-password', newPassword: 'new-password' }));
    expect(store.getState().auth).toMatchObject({ user: null, token: null });
  });
});
