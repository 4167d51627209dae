import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../test/store';
import { initTestI18n } from '../../../test/i18n';
import LoginPage from '../pages/login-page';
import SignUpPage from '../pages/sign-up-page';
import { bookingIntent } from './booking-intent-notice';
import { stubRelativeRequest } from '../../../test/relative-request';

const ROOM_ID = '0a6d1c7e-4d4b-4a5e-9f1e-3c2b1a000001';
const FROM = `/booking/${ROOM_ID}?checkIn=2026-12-01&checkOut=2026-12-03&adults=2&children=0`;

beforeEach(() => {
  // Today at the hotel is before the stay (an old link's stay would be moved to start today).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T06:00:00Z'));
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const body =
        url.pathname === `/api/room/${ROOM_ID}`
          ? { success: true, data: { _id: ROOM_ID, category: 'Deluxe King', room_overview: {}, beds_and_bedding: {} } }
          : url.pathname === '/api/room-categories'
            ? { success: true, data: [{ _id: 'c1', name: 'Deluxe King', images: [], translations: { bn: { name: 'ডিলাক্স কিং' } } }] }
            : { success: false };
      return new Response(JSON.stringify(body), { status: body.success ? 200 : 404, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderAt(page: 'login' | 'sign-up', from?: string) {
  const { store } = makeStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[{ pathname: `/${page}`, state: from ? { from } : null }]}>
        {page === 'login' ? <LoginPage /> : <SignUpPage />}
      </MemoryRouter>
    </Provider>,
  );
}

describe('bookingIntent', () => {
  it('reads the room and the stay of a booking return path, and nothing else', () => {
    expect(bookingIntent(FROM)).toEqual({
      roomId: ROOM_ID,
      stay: { checkIn: '2026-12-01', checkOut: '2026-12-03', adults: 2, children: 0 },
    });
    expect(bookingIntent(`/booking/${ROOM_ID}`)).toEqual({ roomId: ROOM_ID, stay: null });
    expect(bookingIntent('/booking/reservation/abc')).toBeNull();
    expect(bookingIntent('/user/my-bookings')).toBeNull();
    expect(bookingIntent('https://evil.example/booking/x')).toBeNull();
    expect(bookingIntent(undefined)).toBeNull();
  });
});

describe('the booking notice on /login and /sign-up', () => {
  it('tells a guest sent from Book what they were booking', async () => {
    await initTestI18n('en');
    renderAt('login', FROM);
    expect(await screen.findByTestId('booking-intent')).toHaveTextContent(
      "You're booking Deluxe King, Tue, Dec 1 – Thu, Dec 3, 2026 (2 nights). Log in or sign up to continue.",
    );
  });

  it('shows an old link\'s stay moved to start today, as the booking page will book it', async () => {
    await initTestI18n('en');
    renderAt('login', `/booking/${ROOM_ID}?checkIn=2026-11-20&checkOut=2026-11-21&adults=1&children=0`);
    expect(await screen.findByTestId('booking-intent')).toHaveTextContent(
      "You're booking Deluxe King, Tue, Nov 24 – Wed, Nov 25, 2026 (1 night). Log in or sign up to continue.",
    );
  });

  it('says nothing on a login without a booking', async () => {
    await initTestI18n('en');
    renderAt('login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByTestId('booking-intent')).toBeNull();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });

  it('says nothing for a return path that is not a booking', async () => {
    await initTestI18n('en');
    renderAt('login', '/user/my-bookings');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByTestId('booking-intent')).toBeNull();
  });

  it('shows on the sign-up page too, in Bengali with the room type in Bengali and Bengali digits', async () => {
    await initTestI18n('bn');
    renderAt('sign-up', FROM);
    const notice = await screen.findByTestId('booking-intent');
    await vi.waitFor(() => expect(notice).toHaveTextContent('ডিলাক্স কিং'));
    expect(notice).toHaveTextContent(/^আপনি ডিলাক্স কিং রুম বুক করছেন, .*১.*২০২৬ \(২ রাত\)। চালিয়ে যেতে লগইন বা সাইন আপ করুন।$/);
    expect(notice.textContent).not.toMatch(/[0-9]/);
  });
});
