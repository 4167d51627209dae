import { createAction, type Dispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from './store-registry';

/**
 * Signs out. The auth slice (features/auth) forgets who was signed in, and the API cache
 * (lib/api.ts) forgets its data; lib code dispatches it without knowing the auth feature.
 */
export const logout = createAction('auth/logout');

/** The store as the session check needs it. */
export interface SessionStore {
  getState(): RootState;
  dispatch: Dispatch<UnknownAction>;
}

type SessionCheck = (store: SessionStore) => void;
let sessionCheck: SessionCheck = () => {};

/**
 * Sets how to ask the server who the stored sign-in belongs to (app/store.ts registers the auth
 * feature's check, loaded lazily). lib/api.ts calls it when the server refuses a call (403): the
 * role may have changed since sign-in.
 */
export function registerSessionCheck(check: SessionCheck): void {
  sessionCheck = check;
}

/** Asks the server who is signed in (see registerSessionCheck); nothing waits for the answer. */
export function checkSession(store: SessionStore): void {
  sessionCheck(store);
}
