import { configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistStore } from 'redux-persist';
import { dynamicMiddleware, rootReducer } from '../lib/store-registry';

export function makeStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(
        dynamicMiddleware.middleware,
      ),
  });
  // Once the stored sign-in is back, the server says whether it still holds (loaded after first
  // paint: the home page's JS budget is tight, and nothing waits for the answer).
  const persistor = persistStore(store, null, () => {
    if (store.getState().auth.token) void import('../features/auth/session-check').then((m) => m.verifySession(store));
  });
  return { store, persistor };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
