import type { TBooking, TReservation } from '@residency/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { json, stubApi } from '../../../test/api-stub';
import { sampleBooking } from '../../../test/bookings';
import { initTestI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/render';
import { makeSignedInStore } from '../../../test/store';
import MyBookingsPage from './my-bookings-page';

/** A reservation as the API answers it, of `bookings` (their amounts, money and deposits summed). */
function reservationOf(reference: string, bookings: TBooking[], overrides: Partial<TReservation> = {}): TReservation {
  const sum = (pick: (b: TBooking) => number) => Math.round(bookings.reduce((s, b) => s + pick(b), 0) * 100) / 100;
  return {
    _id: bookings[0]!.reservationId,
    reference,
    user: bookings[0]!.user,
    checkIn: bookings[0]!.startDate,
    checkOut: bookings[0]!.endDate,
    source: 'online',
    companyName: null,
    companyBin: null,
    bookings: bookings.map((b) => ({ ...b, reservationReference: reference })),
    amount: sum((b) => b.amount),
    charged: sum((b) => b.charged),
    paid: sum((b) => b.paid),
    refunded: 0,
    balance: sum((b) => b.balance),
    deposit: sum((b) => b.deposit),
    depositDue: sum((b) => b.depositDue),
    depositDueBy: bookings.map((b) => b.depositDueBy).find(Boolean) ?? null,
    createdAt: '2026-11-24T00:00:00.000Z',
    ...overrides,
  };
}

/** Farhana's stay on a plan asking the first night at booking, due by 16:00 on Jan 11, 2027 at the hotel (10:00 UTC). */
const owing = reservationOf('RSV-TEST0001', [sampleBooking({ deposit: 9487.5, depositDue: 9487.5, depositDueBy: '2027-01-11T10:00:00.000Z' })]);
/** The same stay once the deposit was paid: the API keeps nothing due. */
const settled = reservationOf('RSV-TEST0001', [
  sampleBooking({ deposit: 9487.5, depositDue: 0, depositDueBy: '2027-01-11T10:00:00.000Z', paid: 9487.5, balance: 14547.5, paymentState: 'partly_paid' }),
]);
/** Farhana's family: two rooms booked together under one reference, each room with its own id (the desk's), in June 2030. */
const june = { reservationId: 'res2', startDate: '2030-06-01', endDate: '2030-06-03', bookedEndDate: '2030-06-03', guestCancelUntil: '2030-05-30T08:00:00.000Z' };
const family = reservationOf('RSV-FAMILY01', [
  sampleBooking(june),
  sampleBooking({ ...june, _id: 'b2', transactionId: 'RSV-TEST0002', room: { _id: 'r2', category: 'Deluxe King', roomNumber: '302' }, adults: 2, children: 1 }),
]);

let server: TReservation[];

beforeEach(() => {
  installAntdDom();
  stubApi((_, pathname) => {
    if (pathname === '/api/reservations/my-reservations') return json(200, { success: true, data: server, meta: { page: 1, limit: 10, total: server.length } });
    const reservation = server.find((r) => pathname === `/api/reservations/${r._id}`);
    if (reservation) return json(200, { success: true, data: reservation });
    const booking = server.flatMap((r) => r.bookings).find((b) => pathname === `/api/bookings/${b._id}`);
    if (booking) return json(200, { success: true, data: { ...booking, payments: [] } });
    return json(404, { success: false, message: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** My Bookings for the guest, signed in, at `search` (`?reservation=…` opens one's details). */
async function renderPage(search = '') {
  const store = await makeSignedInStore({ _id: 'u1', name: 'Farhana Akter', email: 'farhana@example.com', role: 'user' } as never);
  renderWithStore(
    <Routes>
      <Route path="/user/my-bookings" element={<MyBookingsPage />} />
    </Routes>,
    { at: `/user/my-bookings${search}`, store, antd: true },
  );
}

describe('My Bookings shows one card per reservation, under the reference the guest quotes (issue 31)', () => {
  it('a reservation of two rooms is one card: its reference, both rooms inside, never the rooms’ own ids', async () => {
    await initTestI18n('en');
    server = [family, owing];
    await renderPage();
    const cards = await screen.findAllByTestId(/^my-booking-RSV-/);
    expect(cards.map((c) => c.getAttribute('data-testid'))).toEqual(['my-booking-RSV-FAMILY01', 'my-booking-RSV-TEST0001']);
    const card = cards[0]!;
    expect(within(card).getByText('Booking ID')).toBeInTheDocument();
    expect(within(card).getByTestId('booking-card-reference')).toHaveTextContent('RSV-FAMILY01');
    const rooms = within(card).getAllByTestId('booking-card-room');
    expect(rooms).toHaveLength(2);
    // A confirmed room not checked in yet offers the online check-in (issue 34), one link per room.
    expect(rooms[0]).toHaveTextContent(/^Deluxe King · Room 301\s*Guests\s*2 Adults\s*Online check-in$/);
    expect(rooms[1]).toHaveTextContent(/^Deluxe King · Room 302\s*Guests\s*2 Adults, 1 Child\s*Online check-in$/);
    expect(within(rooms[1]!).getByRole('link', { name: 'Online check-in for Deluxe King · Room 302' })).toHaveAttribute('href', '/user/my-bookings/b2/check-in');
    expect(card).not.toHaveTextContent('RSV-TEST0001');
    expect(card).not.toHaveTextContent('RSV-TEST0002');
    // The reservation's amount: both rooms.
    expect(within(card).getByTestId('booking-card-amount')).toHaveTextContent('৳48,070');
  });

  it('in Bengali: বুকিং আইডি, Bengali room numbers and amounts', async () => {
    await initTestI18n('bn');
    server = [family];
    await renderPage();
    const card = await screen.findByTestId('my-booking-RSV-FAMILY01');
    expect(within(card).getByText('বুকিং আইডি')).toBeInTheDocument();
    const rooms = within(card).getAllByTestId('booking-card-room');
    expect(rooms[0]).toHaveTextContent(/^Deluxe King · রুম ৩০১\s*অতিথি\s*২ জন প্রাপ্তবয়স্ক\s*অনলাইন চেক-ইন$/);
    expect(rooms[1]).toHaveTextContent(/^Deluxe King · রুম ৩০২\s*অতিথি\s*২ জন প্রাপ্তবয়স্ক, ১ জন শিশু\s*অনলাইন চেক-ইন$/);
    expect(within(card).getByTestId('booking-card-amount')).toHaveTextContent('৳৪৮,০৭০');
  });

  it('the details are of the reservation: its reference, each room with its own cancellation, one bill', async () => {
    await initTestI18n('en');
    server = [family];
    await renderPage();
    fireEvent.click(within(await screen.findByTestId('my-booking-RSV-FAMILY01')).getByTestId('stay-details-button'));
    const details = await screen.findByTestId('stay-details');
    expect(await screen.findByRole('dialog', { name: 'Booking RSV-FAMILY01' })).toBeInTheDocument();
    expect(within(details).getByTestId('reservation-rooms')).toHaveTextContent('2 rooms booked together under this booking ID');
    const rooms = within(details).getAllByTestId('stay-room');
    expect(rooms).toHaveLength(2);
    for (const room of rooms) expect(within(room).getByRole('button', { name: /Cancel this room/ })).toBeInTheDocument();
    expect(within(details).getByTestId('stay-balance')).toHaveTextContent('৳48,070');
    expect(details).not.toHaveTextContent('RSV-TEST0002');
  });

  it('a room’s link from the dashboard (?stay=<booking id>) opens its reservation', async () => {
    await initTestI18n('en');
    server = [family];
    await renderPage('?stay=b2');
    expect(await screen.findByRole('dialog', { name: 'Booking RSV-FAMILY01' })).toBeInTheDocument();
  });
});

describe('My Bookings says the deposit still due and by when, until it is paid (issue 22)', () => {
  it('on the reservation’s card, by its amount, and in its details, by what is paid, in English', async () => {
    await initTestI18n('en');
    server = [owing];
    await renderPage('?reservation=res1');
    const card = await screen.findByTestId('my-booking-RSV-TEST0001');
    const details = await screen.findByTestId('stay-details');
    expect(within(card).getByTestId('deposit-due')).toHaveTextContent('Deposit due: ৳9,487.50 by Jan 11, 2027, 16:00');
    expect(within(details).getByTestId('deposit-due')).toHaveTextContent('Deposit due: ৳9,487.50 by Jan 11, 2027, 16:00');
  });

  it('and in Bengali, with Bengali digits', async () => {
    await initTestI18n('bn');
    server = [owing];
    await renderPage('?reservation=res1');
    const card = await screen.findByTestId('my-booking-RSV-TEST0001');
    const details = await screen.findByTestId('stay-details');
    const bengali = /^অগ্রিম বাকি: ১১ জানু, ২০২৭, ১৬:০০-এর মধ্যে ৳৯,৪৮৭\.৫০$/;
    expect(within(card).getByTestId('deposit-due')).toHaveTextContent(bengali);
    expect(within(details).getByTestId('deposit-due')).toHaveTextContent(bengali);
  });

  it('says none once the deposit is paid, in English and in Bengali', async () => {
    for (const lng of ['en', 'bn'] as const) {
      await initTestI18n(lng);
      server = [settled];
      await renderPage('?reservation=res1');
      const details = await screen.findByTestId('stay-details');
      expect(within(details).getByTestId('stay-paid')).toHaveTextContent(lng === 'en' ? '৳9,487.50' : '৳৯,৪৮৭.৫০');
      expect(screen.queryByTestId('deposit-due')).toBeNull();
      cleanup();
    }
  });
});

describe('My Bookings says what cancelling costs now (issue 31)', () => {
  /** Booked today for a stay starting in 10 days whose plan's free cancellation ended before it was made. */
  const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const late = sampleBooking({ startDate: start, guestCancelUntil: new Date(Date.now() - 3_600_000).toISOString(), cancellationFeeNow: 7500 });
  const early = sampleBooking({ startDate: start, guestCancelUntil: new Date(Date.now() + 5 * 86_400_000).toISOString(), cancellationFeeNow: 0 });

  it('gives the fee once the free cancellation has ended, never a deadline already past, in English and Bengali', async () => {
    await initTestI18n('en');
    server = [reservationOf('RSV-LATE0001', [late])];
    await renderPage();
    let card = await screen.findByTestId('my-booking-RSV-LATE0001');
    expect(card).not.toHaveTextContent('Free cancellation online until');
    expect(within(card).getByTestId('card-cancel')).toHaveTextContent(/^Cancelling now costs ৳7,500: the free cancellation has ended$/);
    cleanup();
    await initTestI18n('bn');
    await renderPage();
    card = await screen.findByTestId('my-booking-RSV-LATE0001');
    expect(within(card).getByTestId('card-cancel')).toHaveTextContent(/^এখন বাতিল করলে ৳৭,৫০০ লাগবে/);
  });

  it('gives the deadline while cancelling is free', async () => {
    await initTestI18n('en');
    server = [reservationOf('RSV-EARLY001', [early])];
    await renderPage();
    const card = await screen.findByTestId('my-booking-RSV-EARLY001');
    expect(within(card).getByTestId('card-cancel')).toHaveTextContent(/^Free cancellation online until /);
  });
});
