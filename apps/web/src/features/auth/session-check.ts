import type { TAuthUser } from '@residency/shared';
import { roleFromToken } from '../../lib/jwt';
import { ApiError, apiRequest } from '../../lib/http';
import { logout, type SessionStore } from '../../lib/session';
import { setUser } from './auth-slice';

let inFlight: Promise<void> | null = null;

/**
 * Asks the server who the stored sign-in belongs to. The browser keeps the token and user for a
 * week, while the server may have closed the account, ended the session with a password reset or
 * changed the role since: a 401, or a role other than the token's, signs out (the next sign-in
 * gets a token with the current role); otherwise the stored user is refreshed. A network failure
 * changes nothing: the server still checks every call.
 */
export function verifySession(store: SessionStore): Promise<void> {
  const { token } = store.getState().auth;
  if (!token) return Promise.resolve();
  inFlight ??= (async () => {
    try {
      const me = await apiRequest<{ data: TAuthUser }>('/auth/me', { token });
      if (store.getState().auth.token !== token) return; // signed out or in again meanwhile
      if (me.data.role !== roleFromToken(token)) store.dispatch(logout());
      else store.dispatch(setUser(me.data));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && store.getState().auth.token === token) {
        store.dispatch(logout());
      }
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}
