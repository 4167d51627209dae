import type { TBooking, TReservation } from '@residency/shared';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSignedInStore } from '../../../test/store';
import { initTestI18n } from '../../../test/i18n';
import ReservationConfirmationPage from './reservation-confirmation-page';
import { json, stubApi } from '../../../test/api-stub';
import { renderWithStore } from '../../../test/render';
import { sampleBooking } from '../../../test/bookings';

/** Farhana's two rooms for 1–3 December 2026, each on a plan asking the first night at booking, nothing paid yet. */
const first = sampleBooking({ deposit: 9487.5, depositDue: 9487.5, depositDueBy: '2027-01-11T10:00:00.000Z' });
const second = sampleBooking({
  _id: 'b2',
  transactionId: 'RSV-TEST0002',
  room: { _id: 'r2', category: 'Deluxe King', roomNumber: '302' },
  deposit: 9487.5,
  depositDue: 9487.5,
  depositDueBy: '2027-01-11T10:00:00.000Z',
});
const made: TReservation = {
  _id: 'res1',
  reference: 'RSV-FAMILY01',
  user: first.user,
  checkIn: '2026-12-01',
  checkOut: '2026-12-03',
  source: 'online',
  companyName: null,
  companyBin: null,
  bookings: [first, second],
  amount: 48070,
  charged: 48070,
  paid: 0,
  refunded: 0,
  balance: 48070,
  deposit: 18975,
  depositDue: 18975,
  depositDueBy: '2027-01-11T10:00:00.000Z',
  createdAt: '2026-11-24T00:00:00.000Z',
};

/** A reservation of one room (every booking is one, issue 22), its figures its booking's. */
const oneRoom = (booking: TBooking): TReservation => ({
  _id: 'res1',
  reference: booking.reservationReference,
  user: booking.user,
  checkIn: booking.startDate,
  checkOut: booking.endDate,
  source: 'online',
  companyName: null,
  companyBin: null,
  bookings: [booking],
  amount: booking.amount,
  charged: booking.charged,
  paid: booking.paid,
  refunded: 0,
  balance: booking.balance,
  deposit: booking.deposit,
  depositDue: booking.depositDue,
  depositDueBy: booking.depositDueBy,
  createdAt: '2026-11-24T00:00:00.000Z',
});

let server: TReservation;

beforeEach(() => {
  stubApi((_, pathname) => json(200, { success: true, data: pathname === '/api/reservations/res1' ? server : [] }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The page for the guest, signed in, as the booking page leaves them on it (handed `made`). */
async function renderPage(handed: TReservation = made) {
  const store = await makeSignedInStore({ _id: 'u1', name: 'Farhana Akter', email: 'farhana@example.com', role: 'user' } as never);
  renderWithStore(
    <Routes>
      <Route path="/booking/reservation/:reservationId" element={<ReservationConfirmationPage />} />
    </Routes>,
    { at: { pathname: '/booking/reservation/res1', state: { reservation: handed } }, store },
  );
}

describe("the reservation's confirmation says the deposit still due and by when (issue 22)", () => {
  it('in English: the rooms’ deposits summed and the hotel’s time', async () => {
    await initTestI18n('en');
    server = made;
    await renderPage();
    expect(await screen.findByTestId('deposit-due')).toHaveTextContent('Deposit due: ৳18,975 by Jan 11, 2027, 16:00');
  });

  it('in Bengali, with Bengali digits', async () => {
    await initTestI18n('bn');
    server = made;
    await renderPage();
    expect(await screen.findByTestId('deposit-due')).toHaveTextContent(/^অগ্রিম বাকি: ১১ জানু, ২০২৭, ১৬:০০-এর মধ্যে ৳১৮,৯৭৫$/);
  });

  it('says none once the deposit is paid, in English and in Bengali', async () => {
    for (const lng of ['en', 'bn'] as const) {
      await initTestI18n(lng);
      server = { ...made, paid: 18975, balance: 29095, depositDue: 0, bookings: [{ ...first, depositDue: 0 }, { ...second, depositDue: 0 }] };
      await renderPage();
      await vi.waitFor(() => expect(screen.getByTestId('confirmation-payment')).toHaveTextContent(lng === 'en' ? '৳18,975' : '৳১৮,৯৭৫'));
      expect(screen.queryByTestId('deposit-due')).toBeNull();
      cleanup();
    }
  });
});

describe('the reservation’s confirmation gives one booking ID, the reservation’s (issue 31)', () => {
  it('under the label the guest reads everywhere, never the rooms’ own ids, in English and in Bengali', async () => {
    for (const [lng, label] of [['en', 'Booking ID'], ['bn', 'বুকিং আইডি']] as const) {
      await initTestI18n(lng);
      server = made;
      await renderPage();
      expect(await screen.findByTestId('reservation-reference')).toHaveTextContent(/^RSV-FAMILY01$/);
      expect(screen.getByText(label)).toBeInTheDocument();
      const page = screen.getByTestId('reservation-confirmation');
      expect(page).not.toHaveTextContent('RSV-TEST0001');
      expect(page).not.toHaveTextContent('RSV-TEST0002');
      cleanup();
    }
  });
});

/** A guest's booking of 2 nights, as the page was handed it when it was made: not confirmed, nothing paid. */
const booked = sampleBooking({ isConfirmed: false, state: 'unconfirmed', confirmedAt: null });

/** The same booking after staff confirmed it and the guest paid in full. */
const confirmedAndPaid: TBooking = {
  ...booked,
  isConfirmed: true,
  state: 'confirmed',
  confirmedAt: '2026-11-24T02:00:00.000Z',
  paymentStatus: 'Paid',
  paid: 24035,
  balance: 0,
  paymentState: 'paid',
};

/** The page as the booking page leaves the guest on it after booking one room (handed it as made). */
const renderOne = () => renderPage(oneRoom(booked));

describe('a one-room reservation’s confirmation shows the booking as it stands now', () => {
  it('an unconfirmed, unpaid booking: the front desk will confirm it, and the amount to pay', async () => {
    await initTestI18n('en');
    server = oneRoom(booked);
    await renderOne();
    expect(await screen.findByTestId('confirmation-state')).toHaveTextContent('Received: the front desk will confirm it shortly.');
    expect(screen.getByTestId('confirmation-payment')).toHaveTextContent('Not paid yet: ৳24,035 to pay.');
    expect(screen.getByTestId('reservation-confirmation')).not.toHaveTextContent(/confirms your booking shortly/);
    // One room: its receipt, not a list of one, and the way to the guest's bookings.
    expect(screen.getByTestId('receipt-room')).toHaveTextContent('Deluxe King · Room 301');
    expect(screen.queryByTestId('reservation-room')).toBeNull();
    expect(screen.getByTestId('my-bookings-link')).toHaveAttribute('href', '/user/my-bookings');
  });

  it('a booking staff confirmed and the guest paid reads Confirmed and Paid, not what was true when it was made', async () => {
    await initTestI18n('en');
    server = oneRoom(confirmedAndPaid);
    await renderOne();
    await vi.waitFor(() => expect(screen.getByTestId('booking-now')).toHaveAttribute('data-state', 'confirmed'));
    expect(screen.getByTestId('confirmation-state')).toHaveTextContent(/^Confirmed/);
    expect(screen.getByTestId('confirmation-payment')).toHaveTextContent('Paid in full: ৳24,035.');
    expect(screen.getByTestId('reservation-confirmation')).not.toHaveTextContent(/shortly/);
    expect(vi.mocked(fetch)).toHaveBeenCalled();
  });

  it('a part payment says what was received and what is left, in Bengali with Bengali digits', async () => {
    await initTestI18n('bn');
    server = oneRoom({ ...confirmedAndPaid, paymentStatus: 'Pending', paid: 10000, balance: 14035, paymentState: 'partly_paid' });
    await renderOne();
    await vi.waitFor(() => expect(screen.getByTestId('booking-now')).toHaveAttribute('data-state', 'confirmed'));
    expect(screen.getByTestId('confirmation-state')).toHaveTextContent(/^নিশ্চিত/);
    expect(screen.getByTestId('confirmation-payment')).toHaveTextContent('আংশিক পরিশোধিত: ৳২৪,০৩৫-এর মধ্যে ৳১০,০০০ পাওয়া গেছে, বাকি ৳১৪,০৩৫।');
  });
});

describe('a one-room reservation’s confirmation says why this price (issue 21)', () => {
  it('groups the nights as sold ("2 nights × ৳6,600" with their dates), then extra guests, meals, coupon, charges and the total', async () => {
    await initTestI18n('en');
    const line = (date: string, price: number) => ({ date, plan: 'BB', price, extraAdults: 1200, extraChildren: 0, meals: 1500, overrideReason: null });
    server = oneRoom({
      ...booked,
      adults: 3,
      nights: 3,
      ratePlan: 'BB',
      nightlyLines: [line('2026-12-01', 6600), line('2026-12-02', 6600), line('2026-12-03', 7000)],
      subtotal: 28300,
      discount: 2830,
      couponCode: 'WINTER10',
      withOutVatAndService: 25470,
      serviceCharge: 2547,
      vat: 4202.55,
      amount: 32219.55,
    });
    await renderOne();
    await vi.waitFor(() => expect(screen.getByTestId('receipt-amount')).toHaveTextContent('৳32,219.55'));
    expect(screen.getAllByTestId('price-night-group').map((g) => g.textContent)).toEqual(['2 nights × ৳6,600', '1 night × ৳7,000']);
    expect(screen.getAllByTestId('price-night-dates').map((g) => g.textContent)).toEqual(['Tue, Dec 1 – Wed, Dec 2', 'Thu, Dec 3']);
    expect(screen.getAllByTestId('price-nights').map((g) => g.textContent)).toEqual(['৳13,200', '৳7,000']);
    expect(screen.getByTestId('price-extra-adults')).toHaveTextContent('৳3,600');
    expect(screen.getByTestId('price-meals')).toHaveTextContent('৳4,500');
    expect(screen.getByTestId('price-discount')).toHaveTextContent('−৳2,830');
    expect(screen.getByTestId('price-total')).toHaveTextContent('৳32,219.55');
  });
});

describe('a one-room reservation’s confirmation says the deposit still due and by when (issue 22)', () => {
  /** The plan asked the first night with service charge and VAT, due by 16:00 on Jan 11, 2027 at the hotel (10:00 UTC). */
  const due = { deposit: 9487.5, depositDue: 9487.5, depositDueBy: '2027-01-11T10:00:00.000Z' };

  it('in English: the amount and the hotel’s time', async () => {
    await initTestI18n('en');
    server = oneRoom({ ...booked, ...due });
    await renderOne();
    expect(await screen.findByTestId('deposit-due')).toHaveTextContent('Deposit due: ৳9,487.50 by Jan 11, 2027, 16:00');
  });

  it('in Bengali, with Bengali digits', async () => {
    await initTestI18n('bn');
    server = oneRoom({ ...booked, ...due });
    await renderOne();
    expect(await screen.findByTestId('deposit-due')).toHaveTextContent(/^অগ্রিম বাকি: ১১ জানু, ২০২৭, ১৬:০০-এর মধ্যে ৳৯,৪৮৭\.৫০$/);
  });

  it('says none once the deposit is paid, in English and in Bengali', async () => {
    for (const lng of ['en', 'bn'] as const) {
      await initTestI18n(lng);
      server = oneRoom({ ...confirmedAndPaid, deposit: 9487.5, depositDue: 0, depositDueBy: due.depositDueBy });
      await renderOne();
      await vi.waitFor(() => expect(screen.getByTestId('booking-now')).toHaveAttribute('data-state', 'confirmed'));
      expect(screen.queryByTestId('deposit-due')).toBeNull();
      cleanup();
    }
  });
});

describe('a one-room reservation’s confirmation says what cancelling costs now (issue 31)', () => {
  it('a booking made for tonight: the fee, not a free cancellation whose deadline had passed before it was made', async () => {
    await initTestI18n('en');
    server = oneRoom({ ...booked, guestCancelUntil: new Date(Date.now() - 3_600_000).toISOString(), cancellationFeeNow: 7500 });
    await renderOne();
    expect(await screen.findByText(/^Cancelling now costs ৳7,500: the free cancellation has ended$/)).toBeInTheDocument();
  });

  it('a booking ahead: free until its deadline, in the hotel’s time', async () => {
    await initTestI18n('en');
    server = oneRoom({ ...booked, guestCancelUntil: '2099-01-10T08:00:00.000Z', cancellationFeeNow: 0 });
    await renderOne();
    // 08:00 UTC is 14:00 in Dhaka.
    expect(await screen.findByText(/^Free cancellation until .*Jan 10, 2099.*14:00/)).toBeInTheDocument();
  });
});

describe('a one-room reservation’s confirmation gives the booking ID the guest quotes everywhere (issue 31)', () => {
  it('the reservation’s reference, not the room’s own id, in English and in Bengali', async () => {
    // A room booked as a reservation of its own (POST /api/reservations): its reference is not the room's id.
    const ofReservation = { ...booked, transactionId: 'RSV-ROOM0001', reservationReference: 'RSV-GC8YZH8G' };
    for (const [lng, label] of [['en', 'Booking ID'], ['bn', 'বুকিং আইডি']] as const) {
      await initTestI18n(lng);
      server = oneRoom(ofReservation);
      await renderPage(server);
      expect(await screen.findByTestId('transaction-id')).toHaveTextContent(/^RSV-GC8YZH8G$/);
      expect(screen.getByText(label)).toBeInTheDocument();
      expect(screen.getByTestId('reservation-confirmation')).not.toHaveTextContent('RSV-ROOM0001');
      cleanup();
    }
  });
});
