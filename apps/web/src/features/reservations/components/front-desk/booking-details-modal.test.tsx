import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../../test/antd-dom';
import { json, stubApi } from '../../../../test/api-stub';
import { sampleBooking } from '../../../../test/bookings';
import { initTestI18n } from '../../../../test/i18n';
import { stubRelativeRequest } from '../../../../test/relative-request';
import { renderWithStore } from '../../../../test/render';
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
  // The tabs measure themselves with ResizeObserver, which jsdom lacks (setup.ts removes it after each file).
  installAntdDom();
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

describe('the deposit still due, for the desk to ask for (issue 22)', () => {
  /** The booking as the server answers it: `overrides` say what is left of the plan's deposit. */
  function serveBooking(overrides: Partial<typeof booking>) {
    const served = { ...booking, deposit: 9487.5, depositDueBy: '2027-01-11T10:00:00.000Z', ...overrides };
    stubApi((_, pathname) => json(200, { success: true, data: pathname === '/api/bookings/b1' ? { ...served, payments: [] } : [] }));
    return served;
  }

  afterEach(async () => {
    await initTestI18n('en');
  });

  it('shows the amount and the hotel’s time in English', async () => {
    const served = serveBooking({ depositDue: 9487.5 });
    renderWithStore(<BookingDetailsModal booking={served} onClose={() => {}} />, { antd: true });
    expect(await screen.findByTestId('deposit-due')).toHaveTextContent('Deposit due: ৳9,487.50 by Jan 11, 2027, 16:00');
  });

  it('and in Bengali, with Bengali digits', async () => {
    await initTestI18n('bn');
    const served = serveBooking({ depositDue: 9487.5 });
    renderWithStore(<BookingDetailsModal booking={served} onClose={() => {}} />, { antd: true });
    expect(await screen.findByTestId('deposit-due')).toHaveTextContent(/^অগ্রিম বাকি: ১১ জানু, ২০২৭, ১৬:০০-এর মধ্যে ৳৯,৪৮৭\.৫০$/);
  });

  it('shows none once it is paid, in English and in Bengali', async () => {
    for (const lng of ['en', 'bn'] as const) {
      await initTestI18n(lng);
      const served = serveBooking({ depositDue: 0, paid: 9487.5, balance: 19860.5, paymentState: 'partly_paid' });
      renderWithStore(<BookingDetailsModal booking={served} onClose={() => {}} />, { antd: true });
      expect(await screen.findByTestId('details-paid')).toHaveTextContent(lng === 'en' ? '৳9,487.50' : '৳৯,৪৮৭.৫০');
      expect(screen.queryByTestId('deposit-due')).toBeNull();
      cleanup();
    }
  });
});

describe("the staff's reservation details: the day it was booked is the hotel's (issue 31)", () => {
  it('says "Booked: Wed, Dec 2" for a booking made on Dec 2 at 04:22 in Dhaka (22:22 UTC the day before), as the history does', async () => {
    const late = { ...booking, createdAt: '2026-12-01T22:22:00.000Z' };
    stubApi((_, pathname) => (pathname === '/api/bookings/b1' ? json(200, { success: true, data: { ...late, payments: [] } }) : json(200, { success: true, data: [] })));
    renderWithStore(<BookingDetailsModal booking={late} onClose={() => {}} />, { antd: true });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('details-price');
    expect(dialog).toHaveTextContent('Online · Wed, Dec 2, 2026');
    expect(dialog).not.toHaveTextContent('Online · Tue, Dec 1');
  });
});
