import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingsApi } from '../features/reservations/api';
import { reservationsApi } from '../features/reservations/reservations-api';
import { couponsApi } from '../features/coupons/api';
import { stubRelativeRequest } from '../test/relative-request';
import { makeStore } from './store';

const booking = {
  checkIn: '2026-12-01',
  checkOut: '2026-12-03',
  phone: '+8801711000000',
  airportShuttle: false,
  couponCode: 'WELCOME10',
  rooms: [{ roomId: '00000000-0000-4000-8000-000000000001', adults: 1, children: 0, ratePlan: 'STD' }],
  expectedAmount: 10000,
};

/** The calls made, as 'METHOD /path'; every answer is a success (an empty coupon list, else a minimal record). */
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      calls.push(`${request.method} ${pathname}`);
      const body = pathname === '/api/coupons' ? { success: true, data: [], meta: { page: 1, limit: 100, total: 0 } } : { success: true, data: { _id: 'b1' } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const couponLoads = () => calls.filter((c) => c === 'GET /api/coupons').length;

/**
 * Two features share a cache tag here: a booking made or cancelled (features/reservations) changes
 * the use counts of the admin's coupon list (features/coupons). The app holds both, so the test
 * of their link lives here.
 */
describe('bookings and the admin coupon list', () => {
  for (const [name, act] of [
    ['making a booking (a reservation)', (store: ReturnType<typeof makeStore>['store']) => store.dispatch(reservationsApi.endpoints.createReservation.initiate(booking))],
    [
      'making a walk-in booking (a reservation)',
      (store: ReturnType<typeof makeStore>['store']) =>
        store.dispatch(reservationsApi.endpoints.createWalkInReservation.initiate({ ...booking, guest: { name: 'Guest', email: 'g@example.com' } })),
    ],
    ['cancelling a booking', (store: ReturnType<typeof makeStore>['store']) => store.dispatch(bookingsApi.endpoints.cancelBooking.initiate('b1'))],
  ] as const) {
    it(`${name} reloads the coupon list (its "used N times")`, async () => {
      const { store } = makeStore();
      const coupons = store.dispatch(couponsApi.endpoints.getCoupons.initiate());
      await coupons;
      expect(couponLoads()).toBe(1);
      await act(store);
      await vi.waitFor(() => expect(couponLoads()).toBe(2));
      coupons.unsubscribe();
    });
  }
});
