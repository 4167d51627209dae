import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TAuthPayload, TAuthUser, TChangePasswordRequest, TProfileUpdateRequest, TRegisterRequest } from '@residency/shared';
// Value imports name the module: the package index would pull zod into the public pages.
import { MESSAGES } from '@residency/shared/messages';
import { ApiError, apiRequest, errorMessage } from '../../lib/http';
import { logout } from '../../lib/session';

/** Auth state of spec section 3; `user` and `token` persist under the key `auth`. */
export interface AuthState {
  user: TAuthUser | null;
  token: string | null;
  isLoading: boolean;
  isError: boolean;
  error: string | null;
  /** The server's error code (or the provider's, for Google), so the screen can say it in the reader's language. */
  errorCode: string | null;
}

export const initialAuthState: AuthState = {
  user: null,
  token: null,
  isLoading: false,
  isError: false,
  error: null,
  errorCode: null,
};

interface Rejection {
  message: string;
  code?: string;
  /** The fields the server refused, with its reasons (`errors: [{ path, message }]`). */
  errors?: { path: string; message: string }[];
}

interface ThunkConfig {
  state: { auth: AuthState };
  rejectValue: Rejection;
}

const rejection = (error: unknown): Rejection => ({
  message: errorMessage(error),
  code: error instanceof ApiError ? (error.code ?? String(error.status)) : undefined,
  ...(error instanceof ApiError && error.errors ? { errors: error.errors } : {}),
});

type Envelope<T> = { success: true; message?: string; data: T };

export const createUser = createAsyncThunk<TAuthPayload, TRegisterRequest, ThunkConfig>(
  'auth/createUser',
  async (input, { rejectWithValue }) => {
    try {
      return (await apiRequest<Envelope<TAuthPayload>>('/auth/register', { method: 'POST', body: input })).data;
    } catch (error) {
      return rejectWithValue(rejection(error));
    }
  },
);

export const loginUser = createAsyncThunk<TAuthPayload, { email: string; password: string }, ThunkConfig>(
  'auth/loginUser',
  async (input, { rejectWithValue }) => {
    try {
      return (await apiRequest<Envelope<TAuthPayload>>('/auth/login', { method: 'POST', body: input })).data;
    } catch (error) {
      return rejectWithValue(rejection(error));
    }
  },
);

/**
 * Finishes a Google sign-in: the server's callback hands the browser a token, which is
 * exchanged here for the user. A provider failure arrives as an error code instead.
 */
export const googleLogin = createAsyncThunk<TAuthPayload, { token?: string; error?: string }, ThunkConfig>(
  'auth/googleLogin',
  async ({ token, error }, { rejectWithValue }) => {
    if (!token) return rejectWithValue({ message: error ?? 'internal-error', code: error ?? 'internal-error' });
    try {
      const me = await apiRequest<Envelope<TAuthUser>>('/auth/me', { token });
      return { user: me.data, token };
    } catch (err) {
      return rejectWithValue(rejection(err));
    }
  },
);

/** Asks for the password-reset e-mail; resolves with the server's confirmation. */
export const resetPassword = createAsyncThunk<string, { email: string }, ThunkConfig>(
  'auth/resetPassword',
  async (input, { rejectWithValue }) => {
    try {
      return (await apiRequest<{ message: string }>('/auth/forgot-password', { method: 'POST', body: input })).message;
    } catch (error) {
      return rejectWithValue(rejection(error));
    }
  },
);

export const updateProfile = createAsyncThunk<TAuthUser, TProfileUpdateRequest, ThunkConfig>(
  'auth/updateProfile',
  async (payload, { getState, dispatch, rejectWithValue }) => {
    const { user, token } = getState().auth;
    if (!user || !token) return rejectWithValue({ message: MESSAGES.noUserSignedIn, code: 'NO_USER' });
    try {
      return (await apiRequest<Envelope<TAuthUser>>('/users/me', { method: 'PATCH', body: payload, token })).data;
    } catch (error) {
      // The session ended on the server (expired, account closed): sign out, as every other call does.
      if (error instanceof ApiError && error.status === 401) dispatch(logout());
      return rejectWithValue(rejection(error));
    }
  },
);

/**
 * Changes the signed-in person's password. The server ends every other sign-in and answers a
 * new token for this one, which replaces the stored token (the old one no longer works).
 */
export const changePassword = createAsyncThunk<string, TChangePasswordRequest, ThunkConfig>(
  'auth/changePassword',
  async (payload, { getState, dispatch, rejectWithValue }) => {
    const { user, token } = getState().auth;
    if (!user || !token) return rejectWithValue({ message: MESSAGES.noUserSignedIn, code: 'NO_USER' });
    try {
      return (await apiRequest<Envelope<{ token: string }>>('/auth/change-password', { method: 'POST', body: payload, token })).data.token;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) dispatch(logout());
      return rejectWithValue(rejection(error));
    }
  },
);

const signInThunks = [createUser, loginUser, googleLogin] as const;

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    clearAuthError(state) {
      state.isError = false;
      state.error = null;
      state.errorCode = null;
    },
    /** Keeps the stored user in step after a screen refreshes it from the server. */
    setUser(state, action: PayloadAction<TAuthUser>) {
      state.user = action.payload;
    },
  },
  extraReducers(builder) {
    // Signing out is lib's action (lib/session.ts): lib code signs out without knowing this slice.
    builder.addCase(logout, (state) => {
      state.user = null;
      state.token = null;
      state.isLoading = false;
      state.isError = false;
      state.error = null;
      state.errorCode = null;
    });
    for (const thunk of signInThunks) {
      builder
        .addCase(thunk.pending, (state) => {
          state.isLoading = true;
          state.isError = false;
          state.error = null;
          state.errorCode = null;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          state.isLoading = false;
          state.user = action.payload.user;
          state.token = action.payload.token;
        })
        .addCase(thunk.rejected, (state, action) => {
          state.isLoading = false;
          state.isError = true;
          state.error = action.payload?.message ?? action.error.message ?? 'Something went wrong';
          state.errorCode = action.payload?.code ?? null;
          state.user = null;
          state.token = null;
        });
    }
    builder
      .addCase(resetPassword.pending, (state) => {
        state.isLoading = true;
        state.isError = false;
        state.error = null;
        state.errorCode = null;
      })
      .addCase(resetPassword.fulfilled, (state) => {
        state.isLoading = false;
      })
      .addCase(resetPassword.rejected, (state, action) => {
        state.isLoading = false;
        state.isError = true;
        state.error = action.payload?.message ?? 'Something went wrong';
        state.errorCode = action.payload?.code ?? null;
      })
      .addCase(changePassword.fulfilled, (state, action) => {
        // Only while the same person is still signed in (a logout meanwhile wins).
        if (state.token) state.token = action.payload;
      })
      .addCase(updateProfile.fulfilled, (state, action) => {
        state.user = action.payload;
      })
      .addCase(updateProfile.rejected, (state, action) => {
        state.isError = true;
        state.error = action.payload?.message ?? 'Something went wrong';
        state.errorCode = action.payload?.code ?? null;
      });
  },
});

export const { clearAuthError, setUser } = authSlice.actions;
export const authReducer = authSlice.reducer;

// app/store.ts adds this slice before the store is made: every page has it.
declare module '../../lib/store-registry' {
  interface StartSlices {
    auth: AuthState;
  }
}
