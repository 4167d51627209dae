import { configureStore } from '@reduxjs/toolkit';
import type { TAuthUser } from '@residency/shared';
import { makeStore } from '../app/store';
import { authReducer, initialAuthState, loginUser } from '../features/auth/auth-slice';

/**
 * Stores for the features' tests. Like app/, the test harness may wire the features together; a
 * feature's test takes its store from here instead of importing app/ or another feature's
 * insides (the web layers of eslint.config.js hold for tests too).
 */
export { makeStore };

type TestStore = ReturnType<typeof makeStore>['store'];

/** Signs `user` in on the app's store, as a successful login does. */
function signIn(store: TestStore, user: TAuthUser, token = 'token'): void {
  store.dispatch(loginUser.fulfilled({ token, user }, 'test', { email: user.email, password: 'x' }));
}

/** The app's store (it reads the stored sign-in back as it is made), signed in as `user`. */
export async function makeSignedInStore(user: TAuthUser, token = 'token') {
  const { store } = makeStore();
  signIn(store, user, token);
  return store;
}

/** A store that holds only the sign-in (no persistence, no session check), signed in as `user`. */
export function makeAuthOnlyStore(user: TAuthUser, token: string) {
  return configureStore({ reducer: { auth: authReducer }, preloadedState: { auth: { ...initialAuthState, user, token } } });
}
