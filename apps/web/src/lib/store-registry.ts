import { combineSlices, createDynamicMiddleware, type Dispatch, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';

/**
 * Slices every page has from its start: app/store.ts adds them before the store is made. The
 * feature that owns one declares it here (module augmentation), so lib and the features type
 * their selectors without importing app/ (e.g. `auth` in features/auth/auth-slice.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StartSlices {}

/**
 * Slices that arrive with the screens that need them (the RTK Query cache comes with the first
 * screen that fetches data), so the public pages' first paint stays light.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** The store's reducer: empty until app/store.ts and the screens inject their slices. */
export const rootReducer = combineSlices().withLazyLoadedSlices<StartSlices & LazyLoadedSlices>();
export const dynamicMiddleware = createDynamicMiddleware();

/** The store's state: the start slices always there, the lazy ones once their screen loaded. */
export type RootState = ReturnType<typeof rootReducer> & StartSlices;
/** The store's dispatch (plain actions and thunks); app/store.ts checks that its store has it. */
export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction> & Dispatch<UnknownAction>;
