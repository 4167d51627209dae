import type { TBooking } from '@residency/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { json, stubApi } from '../../../test/api-stub';
import { sampleBooking } from '../../../test/bookings';
import { initTestI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/render';
import { makeSignedInStore } from '../../../test/store';
import MyBookingsPage from './my-bookings-page';

/** Farhana's stay on a plan asking the first night at booking, due by 16:00 on Jan 11, 2027 at the hotel (10:00 UTC). */
const owing = sampleBooking({ deposit: 9487.5, depositDue: 9487.5, depositDueBy: '2027-01-11T10:00:00.000Z' });
/** The same stay once the deposit was paid: the API keeps nothing due. */
const settled = sampleBooking({ deposit: 9487.5, depositDue: 0, depositDueBy: '2027-01-11T10:00:00.000Z', paid: 9487.5, balance: 14547.5, paymentState: 'partly_paid' });

let server: TBooking;

beforeEach(() => {
  installAntdDom();
  stubApi((_, pathname) =>
    pathname === '/api/bookings/my-bookings'
      ? json(200, { success: true, data: [server], meta: { page: 1, limit: 10, total: 1 } })
      : pathname === '/api/bookings/b1'
        ? json(200, { success: true, data: { ...server, payments: [] } })
        : json(404, { success: false, message: 'Not found' }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** My Bookings for the guest, signed in, with the stay's details open (`?stay=b1`, as the dashboard links it). */
async function renderPage() {
  const store = await makeSignedInStore({ _id: 'u1', name: 'Farhana Akter', email: 'farhana@example.com', role: 'user' } as never);
  renderWithStore(
    <Routes>
      <Route path="/user/my-bookings" element={<MyBookingsPage />} />
    </Routes>,
    { at: '/user/my-bookings?stay=b1', store, antd: true },
  );
  const card = await screen.findByTestId('my-booking-RSV-TEST0001');
  const details = await screen.findByTestId('stay-details');
  return { card, details };
}

describe('My Bookings says the deposit still due and by when, until it is paid (issue 22)', () => {
  it('on the stay’s card, by its amount, and in its details, by what is paid, in English', async () => {
    await initTestI18n('en');
    server = owing;
    const { card, details } = await renderPage();
    expect(within(card).getByTestId('deposit-due')).toHaveTextContent('Deposit due: ৳9,487.50 by Jan 11, 2027, 16:00');
    expect(within(details).getByTestId('deposit-due')).toHaveTextContent('Deposit due: ৳9,487.50 by Jan 11, 2027, 16:00');
  });

  it('and in Bengali, with Bengali digits', async () => {
    await initTestI18n('bn');
    server = owing;
    const { card, details } = await renderPage();
    const bengali = /^অগ্রিম বাকি: ১১ জানু, ২০২৭, ১৬:০০-এর মধ্যে ৳৯,৪৮৭\.৫০$/;
    expect(within(card).getByTestId('deposit-due')).toHaveTextContent(bengali);
    expect(within(details).getByTestId('deposit-due')).toHaveTextContent(bengali);
  });

  it('says none once the deposit is paid, in English and in Bengali', async () => {
    for (const lng of ['en', 'bn'] as const) {
      await initTestI18n(lng);
      server = settled;
      const { details } = await renderPage();
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
    server = late;
    let { card } = await renderPage();
    expect(card).not.toHaveTextContent('Free cancellation online until');
    expect(within(card).getByTestId('card-cancel')).toHaveTextContent(/^Cancelling now costs ৳7,500: the free cancellation has ended$/);
    cleanup();
    await initTestI18n('bn');
    ({ card } = await renderPage());
    expect(within(card).getByTestId('card-cancel')).toHaveTextContent(/^এখন বাতিল করলে ৳৭,৫০০ লাগবে/);
  });

  it('gives the deadline while cancelling is free', async () => {
    await initTestI18n('en');
    server = early;
    const { card } = await renderPage();
    expect(within(card).getByTestId('card-cancel')).toHaveTextContent(/^Free cancellation online until /);
  });
});
