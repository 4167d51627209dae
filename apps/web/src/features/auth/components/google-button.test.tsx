import { configureStore } from '@reduxjs/toolkit';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TAuthUser } from '@residency/shared';
import { initTestI18n } from '../../../test/i18n';
import { authReducer } from '../auth-slice';
import AuthCallbackPage from '../pages/auth-callback-page';
import { GOOGLE_MESSAGE, GoogleButton, RETURN_KEY, rememberReturnPath, safeReturnPath, takeReturnPath } from './google-button';

const user: TAuthUser = {
  _id: '1',
  email: 'guest@example.com',
  name: 'Guest',
  role: 'user',
  image: null,
  phone: null,
  address: null,
  membershipNumber: 'RS100001',
  phoneVerifiedAt: null,
  smsOptIn: false,
};
const BOOKING = '/booking/room-1?checkIn=2026-12-01&checkOut=2026-12-03&adults=2&children=0';

beforeAll(async () => {
  // The button shows only when the server says Google sign-in is configured.
  const config = document.createElement('script');
  config.type = 'application/json';
  config.id = 'site-config';
  config.textContent = JSON.stringify({ googleSignIn: true });
  document.head.append(config);
  await initTestI18n('en');
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function answerMe() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, data: user }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(entry: { pathname: string; state?: unknown }, element: React.ReactNode) {
  const store = configureStore({ reducer: { auth: authReducer } });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path={entry.pathname} element={element} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('the return path kept across the Google redirect', () => {
  it('accepts paths of this site only', () => {
    expect(safeReturnPath(BOOKING)).toBe(BOOKING);
    expect(safeReturnPath('//evil.example/booking')).toBeUndefined();
    expect(safeReturnPath('/\\evil.example')).toBeUndefined();
    expect(safeReturnPath('https://evil.example')).toBeUndefined();
    expect(safeReturnPath(null)).toBeUndefined();
  });

  it('is read once, and no path clears an older one', () => {
    rememberReturnPath(BOOKING);
    expect(sessionStorage.getItem(RETURN_KEY)).toBe(BOOKING);
    expect(takeReturnPath()).toBe(BOOKING);
    expect(takeReturnPath()).toBeUndefined();
    rememberReturnPath(BOOKING);
    rememberReturnPath(undefined);
    expect(takeReturnPath()).toBeUndefined();
    rememberReturnPath('//evil.example');
    expect(takeReturnPath()).toBeUndefined();
  });
});

describe('GoogleButton', () => {
  it('brings the guest back to the booking (and its stay) that sent them to sign in', async () => {
    answerMe();
    const popup = { closed: false };
    vi.spyOn(window, 'open').mockReturnValue(popup as Window);
    renderAt({ pathname: '/login', state: { from: BOOKING } }, <GoogleButton />);
    await userEvent.setup().click(screen.getByTestId('google-sign-in'));
    expect(sessionStorage.getItem(RETURN_KEY)).toBe(BOOKING);
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: { type: GOOGLE_MESSAGE, token: 't' } }));
    });
    expect(await screen.findByTestId('where')).toHaveTextContent(BOOKING);
    expect(sessionStorage.getItem(RETURN_KEY)).toBeNull();
  });

  it('goes to the dashboard when nothing sent the guest to sign in', async () => {
    answerMe();
    sessionStorage.setItem(RETURN_KEY, '/booking/stale');
    vi.spyOn(window, 'open').mockReturnValue({ closed: false } as Window);
    renderAt({ pathname: '/login' }, <GoogleButton />);
    await userEvent.setup().click(screen.getByTestId('google-sign-in'));
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: { type: GOOGLE_MESSAGE, token: 't' } }));
    });
    expect(await screen.findByTestId('where')).toHaveTextContent('/user/dashboard');
  });
});

describe('AuthCallbackPage without an opener', () => {
  it('signs in there and returns to the page kept before the redirect', async () => {
    answerMe();
    sessionStorage.setItem(RETURN_KEY, BOOKING);
    window.history.replaceState(null, '', '/auth/callback#token=t&popup=1');
    renderAt({ pathname: '/auth/callback' }, <AuthCallbackPage />);
    expect(await screen.findByTestId('where')).toHaveTextContent(BOOKING);
    expect(sessionStorage.getItem(RETURN_KEY)).toBeNull();
    // The token left the address bar.
    expect(window.location.hash).toBe('');
  });

  it('keeps the path when the sign-in fails, for the next try', async () => {
    sessionStorage.setItem(RETURN_KEY, BOOKING);
    window.history.replaceState(null, '', '/auth/callback#error=access_denied');
    renderAt({ pathname: '/auth/callback' }, <AuthCallbackPage />);
    expect(await screen.findByRole('link', { name: /sign in|log in|back/i })).toBeInTheDocument();
    expect(sessionStorage.getItem(RETURN_KEY)).toBe(BOOKING);
  });
});
