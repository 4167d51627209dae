/**
 * Auth, as other features see it: changing the signed-in person's profile and password (users).
 * Both update the sign-in this feature keeps (the stored user, a new token). Who is signed in,
 * and signing out, are lib's (lib/use-session.ts, lib/session.ts): every feature needs them.
 */
export { changePassword, updateProfile } from './auth-slice';
