import { dashboardPath } from '@residency/shared/roles';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { roleFromToken } from './jwt';
import { logout } from './session';
import { useAppDispatch, useAppSelector } from './store-hooks';

/** Who is signed in, their dashboard path, and logout. */
export function useSession() {
  const { user, token } = useAppSelector((state) => state.auth);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const role = roleFromToken(token) ?? user?.role ?? null;

  const signOut = useCallback(
    (to = '/') => {
      // Tokens are stateless; the call only tells the server, the client forgets the token.
      void fetch('/api/auth/logout', { method: 'POST' }).catch(() => {});
      // The API cache forgets itself on logout (api.ts), without this hook loading it.
      dispatch(logout());
      navigate(to);
    },
    [dispatch, navigate],
  );

  return {
    user: token ? user : null,
    token,
    role,
    dashboard: role ? dashboardPath(role) : null,
    signOut,
  };
}
