import type { Role } from '@residency/shared';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { roleFromToken } from '../lib/jwt';
import { logout } from '../lib/session';
import { useAppDispatch, useAppSelector } from '../lib/store-hooks';

export type GuardDecision = 'allow' | 'login' | 'logout-and-login';

/**
 * The route guard of spec section 5: no token goes to /login; a role the route does not allow
 * logs out and goes to /login. (The server enforces the same rules on every call.)
 */
export function guardDecision(token: string | null, allowed: readonly Role[] | 'any'): GuardDecision {
  if (!token) return 'login';
  const role = roleFromToken(token);
  if (!role) return 'logout-and-login';
  if (allowed !== 'any' && !allowed.includes(role)) return 'logout-and-login';
  return 'allow';
}

export function RequireRole({ roles }: { roles: readonly Role[] | 'any' }) {
  const token = useAppSelector((state) => state.auth.token);
  const dispatch = useAppDispatch();
  const location = useLocation();
  const decision = guardDecision(token, roles);

  useEffect(() => {
    if (decision === 'logout-and-login') dispatch(logout());
  }, [decision, dispatch]);

  if (decision === 'allow') return <Outlet />;
  return <Navigate to="/login" replace state={{ from: decision === 'login' ? location.pathname : undefined }} />;
}
