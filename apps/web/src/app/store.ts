import { configureStore } from '@reduxjs/toolkit';
import { authReducer, initialAuthState } from '../features/auth/auth-slice';
import { registerSessionCheck, type SessionStore } from '../lib/session';
import { dynamicMiddleware, rootReducer, type AppDispatch, type RootState } from '../lib/store-registry';
import { readStoredSignIn, writeStoredSignIn, type StoredSignIn } from './stored-sign-in';

/** The sign-in is part of every page from the start; the other slices join with their screens. */
const reducer = rootReducer.inject({ reducerPath: 'auth', reducer: authReducer });

/**
 * The server's word on the stored sign-in (features/auth/session-check.ts), loaded after first
 * paint: the home page's JS budget is tight, and nothing waits for the answer.
 */
const verifySession = (store: SessionStore) => void import('../features/auth/session-check').then((m) => m.verifySession(store));
registerSessionCheck(verifySession);

export function makeStore() {
  // Only who is signed in is kept between visits (stored-sign-in.ts); loading and error flags start fresh.
  const stored = readStoredSignIn();
  const store = configureStore({
    reducer,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
    preloadedState: stored ? { auth: { ...initialAuthState, ...stored } } : undefined,
  });
  // lib/store-registry.ts types the hooks of lib and the features: the store must be what it says.
  store satisfies { dispatch: AppDispatch; getState(): RootState };
  let kept: StoredSignIn = { user: store.getState().auth.user, token: store.getState().auth.token };
  store.subscribe(() => {
    const { user, token } = store.getState().auth;
    if (user === kept.user && token === kept.token) return;
    kept = { user, token };
    writeStoredSignIn(kept);
  });
  // The server says whether the stored sign-in still holds.
  if (kept.token) verifySession(store);
  return { store };
}
