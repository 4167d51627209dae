import type { TReservation } from '@residency/shared';
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

let server: TReservation;

beforeEach(() => {
  stubApi((_, pathname) => json(200, { success: true, data: pathname === '/api/reservations/res1' ? server : [] }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The page for the guest, signed in, as the booking page leaves them on it (handed `made`). */
async function renderPage() {
  const store = await makeSignedInStore({ _id: 'u1', name: 'Farhana Akter', email: 'farhana@example.com', role: 'user' } as never);
  renderWithStore(
    <Routes>
      <Route path="/booking/reservation/:reservationId" element={<ReservationConfirmationPage />} />
    </Routes>,
    { at: { pathname: '/booking/reservation/res1', state: { reservation: made } }, store },
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
