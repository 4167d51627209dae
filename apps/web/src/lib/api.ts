import type { Middleware } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { checkSession, logout, type SessionStore } from './session';
import { dynamicMiddleware, rootReducer } from './store-registry';

/** The slice of state the API layer reads: the token of the signed-in user. */
interface WithToken {
  auth: { token: string | null };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'include',
  timeout: 30_000,
  prepareHeaders(headers, { getState }) {
    const token = (getState() as WithToken).auth.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * A 401 on a call made with a token means the session is over (expired, account closed): sign
 * out. A 403 may mean the role changed since sign-in: ask the server who this is.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (!(api.getState() as WithToken).auth.token) return result;
  if (result.error?.status === 401) api.dispatch(logout());
  else if (result.error?.status === 403) checkSession(api as SessionStore);
  return result;
};

/** Cache tag types of the spec (section 3). */
const TAG_TYPES = [
  'User',
  'Room',
  'Booking',
  'Service',
  'Blog',
  'Gallery',
  'Event',
  'RoomCategory',
  'EmailTemplate',
  'HeroSlides',
] as const;

/** One API for the whole app; each feature adds its endpoints with `injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});

declare module './store-registry' {
  interface LazyLoadedSlices {
    [baseApi.reducerPath]: ReturnType<typeof baseApi.reducer>;
  }
}

/** Cached data belongs to whoever was signed in: a logout forgets all of it. */
const forgetOnLogout: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (logout.match(action)) store.dispatch(baseApi.util.resetApiState());
  return result;
};

// The API cache joins the store when the first screen that fetches data is loaded.
rootReducer.inject(baseApi);
dynamicMiddleware.addMiddleware(baseApi.middleware, forgetOnLogout);
