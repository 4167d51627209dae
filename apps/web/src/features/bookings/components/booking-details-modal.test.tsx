import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleBooking } from '../../../test/bookings';
import { initTestI18n } from '../../../test/i18n';
import { stubRelativeRequest } from '../../../test/relative-request';
import { renderWithStore } from '../../../test/render';
import { BookingDetailsModal } from './booking-details-modal';

/** Three nights on Bed & Breakfast: two at ৳6,600, a Saturday at ৳7,000, breakfast for two at ৳500 each. */
const line = (date: string, price: number) => ({ date, plan: 'BB', price, extraAdults: 0, extraChildren: 0, meals: 1000, overrideReason: null });
const booking = sampleBooking({
  nights: 3,
  endDate: '2026-12-04',
  ratePlan: 'BB',
  nightlyLines: [line('2026-12-01', 6600), line('2026-12-02', 6600), line('2026-12-03', 7000)],
  subtotal: 23200,
  withOutVatAndService: 23200,
  serviceCharge: 2320,
  vat: 3828,
  amount: 29348,
});

beforeAll(async () => {
  await initTestI18n('en');
});

beforeEach(() => {
  // Ant Design's Grid reads the screen's width.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} }));
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      const body = pathname === '/api/bookings/b1' ? { success: true, data: { ...booking, payments: [] } } : { success: true, data: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the staff's reservation details: why this price (issue 21)", () => {
  it('shows the nights as sold, grouped by price with their dates, then the meals, the charges and the total', async () => {
    renderWithStore(<BookingDetailsModal booking={booking} onClose={() => {}} />, { antd: true });
    const price = await screen.findByTestId('details-price');
    expect(within(price).getAllByTestId('price-night-group').map((g) => g.textContent)).toEqual(['2 nights × ৳6,600', '1 night × ৳7,000']);
    expect(within(price).getAllByTestId('price-night-dates').map((g) => g.textContent)).toEqual(['Tue, Dec 1 – Wed, Dec 2', 'Thu, Dec 3']);
    expect(within(price).getByTestId('price-meals')).toHaveTextContent('৳3,000');
    expect(within(price).getByTestId('price-service')).toHaveTextContent('৳2,320');
    expect(within(price).getByTestId('price-vat')).toHaveTextContent('৳3,828');
    expect(within(price).getByTestId('price-total')).toHaveTextContent('৳29,348');
  });
});

describe('a room of a reservation of several (issue 22)', () => {
  it("names the reservation's reference and its other rooms; the folio is a tab beside the details", async () => {
    const second = sampleBooking({ _id: 'b2', transactionId: 'RSV-TEST0002', room: { _id: 'r2', category: 'Deluxe King', roomNumber: '302' }, state: 'checked_in', stage: 'checked_in' });
    const reservation = { _id: 'res1', reference: 'RSV-FAMILY01', bookings: [booking, second] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const { pathname } = new URL(request.url);
        const body =
          pathname === '/api/bookings/b1'
            ? { success: true, data: { ...booking, payments: [] } }
            : pathname === '/api/reservations/res1'
              ? { success: true, data: reservation }
              : { success: true, data: [] };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderWithStore(<BookingDetailsModal booking={booking} onClose={() => {}} />, { antd: true });
    const rooms = await screen.findByTestId('reservation-rooms');
    expect(rooms).toHaveTextContent('Reservation RSV-FAMILY01');
    expect(within(rooms).getAllByTestId('reservation-other-room').map((r) => r.textContent)).toEqual([expect.stringContaining('Room 302')]);
    expect(screen.getByRole('tab', { name: 'Folio' })).toBeInTheDocument();
  });
});
