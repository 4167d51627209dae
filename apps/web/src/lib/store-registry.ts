import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';
import storage from 'redux-persist/es/storage';
import { authReducer, type AuthState } from '../features/auth/auth-slice';

/** Only who is signed in is kept between visits; loading and error flags start fresh. */
const persistedAuth = persistReducer<AuthState>(
  { key: 'auth', storage, whitelist: ['user', 'token'], timeout: 5000 },
  authReducer,
);

/**
 * Slices that arrive with the screens that need them (the RTK Query cache comes with the first
 * screen that fetches data), so the public pages' first paint stays light.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices({ auth: persistedAuth }).withLazyLoadedSlices<LazyLoadedSlices>();
export const dynamicMiddleware = createDynamicMiddleware();
