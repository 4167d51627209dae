import { configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistStore } from 'redux-persist';
import { verifySession } from '../features/auth/session-check';
import { dynamicMiddleware, rootReducer } from '../lib/store-registry';

export function makeStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(
        dynamicMiddleware.middleware,
      ),
  });
  // Once the stored sign-in is back, the server says whether it still holds.
  const persistor = persistStore(store, null, () => void verifySession(store));
  return { store, persistor };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
