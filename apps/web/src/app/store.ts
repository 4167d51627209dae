import { configureStore, type Reducer } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import storage from 'redux-persist/es/storage';
import { authReducer, type AuthState } from '../features/auth/auth-slice';
import { registerSessionCheck, type SessionStore } from '../lib/session';
import { dynamicMiddleware, rootReducer, type AppDispatch, type RootState } from '../lib/store-registry';

/** Only who is signed in is kept between visits; loading and error flags start fresh. */
const persistedAuth = persistReducer<AuthState>(
  { key: 'auth', storage, whitelist: ['user', 'token'], timeout: 5000 },
  authReducer,
);
/**
 * The sign-in is part of every page from the start; the other slices join with their screens.
 * (Its state also carries redux-persist's own `_persist` entry, which no one else reads.)
 */
const reducer = rootReducer.inject({ reducerPath: 'auth', reducer: persistedAuth as unknown as Reducer<AuthState> });

/**
 * The server's word on the stored sign-in (features/auth/session-check.ts), loaded after first
 * paint: the home page's JS budget is tight, and nothing waits for the answer.
 */
const verifySession = (store: SessionStore) => void import('../features/auth/session-check').then((m) => m.verifySession(store));
registerSessionCheck(verifySession);

export function makeStore() {
  const store = configureStore({
    reducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(
        dynamicMiddleware.middleware,
      ),
  });
  // lib/store-registry.ts types the hooks of lib and the features: the store must be what it says.
  store satisfies { dispatch: AppDispatch; getState(): RootState };
  // Once the stored sign-in is back, the server says whether it still holds.
  const persistor = persistStore(store, null, () => {
    if (store.getState().auth.token) verifySession(store);
  });
  return { store, persistor };
}
