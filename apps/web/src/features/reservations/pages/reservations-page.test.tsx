import type { TBooking } from '@residency/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import { sampleBooking } from '../../../test/bookings';
import { stubRelativeRequest } from '../../../test/relative-request';
import { renderWithStore } from '../../../test/render';
import { makeSignedInStore } from '../../../test/store';
import ReservationsPage from './reservations-page';

/* Admin and staff › Reservation on a wide screen: the table's columns and the cancelled state. */

const base = sampleBooking({ airportShuttle: true, paid: 5000, balance: 19035, paymentState: 'partly_paid' });
/** Confirmed, then cancelled: the booking keeps isConfirmed true. */
const cancelledOne: TBooking = { ...base, _id: 'b2', transactionId: 'RSV-TEST0002', status: 'cancelled', state: 'cancelled', cancelledAt: '2026-11-25T00:00:00.000Z' };
/** Confirmed, then the guest never came. */
const noShow: TBooking = { ...base, _id: 'b3', transactionId: 'RSV-TEST0003', status: 'no_show', state: 'no_show', noShowAt: '2026-11-25T00:00:00.000Z' };
/** Sold for ৳24,035; a laundry charge of ৳1,540 since: the folio charges ৳25,575, ৳5,000 paid. */
const withExtras: TBooking = { ...base, _id: 'b4', transactionId: 'RSV-TEST0004', state: 'checked_in', stage: 'checked_in', charged: 25575, paid: 5000, balance: 20575 };

beforeEach(() => {
  installAntdDom({ desktop: true });
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      // The rooms not for sale (issue 20): none here.
      if (new URL(request.url).pathname === '/api/channels/blocks') return new Response(JSON.stringify({ success: true, data: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
      const body = { success: true, data: [base, cancelledOne, noShow, withExtras], meta: { page: 1, limit: 10, total: 4, totalPage: 1 } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPage(lng: 'en' | 'bn' = 'en') {
  await initTestI18n(lng);
  const store = await makeSignedInStore({ _id: 's1', name: 'Desk', email: 'desk@example.com', role: 'staff' } as never);
  renderWithStore(<ReservationsPage />, { at: '/staff/reservation', store });
  return screen.findByTestId('booking-RSV-TEST0002');
}

describe('the reservations table', () => {
  it('fits its columns in the width the card has at 1280 px, so nothing sits under the pinned Actions column', async () => {
    await renderPage();
    const table = document.querySelector<HTMLTableElement>('.ant-table-content table, .ant-table-body table')!;
    const widths = [...table.querySelectorAll('colgroup col')].map((col) => parseFloat((col as HTMLElement).style.width)).filter((w) => w > 0);
    const sum = widths.reduce((a, b) => a + b, 0);
    // The table scrolls over exactly its columns' widths (nothing cut off at the end) ...
    expect(parseFloat(table.style.width)).toBe(sum);
    // ... and those fit 1280 − 250 (menu) − 48 (page) − 48 (card) − 15 (scrollbar) = 919 px.
    expect(sum).toBeLessThanOrEqual(919);
    // Every column is there: room and amount too.
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Booking ID', 'State / Payment', 'Check-in / Check-out', 'Room', 'Amount', 'Actions']);
    // Only Actions is pinned (right).
    const pinned = screen.getAllByRole('columnheader').filter((th) => /ant-table-cell-fix/.test(th.className));
    expect(pinned.map((th) => th.textContent)).toEqual(['Actions']);
  });

  it('gives a cancelled row an opaque background, hovered or not (the pinned cell hides what scrolls under it)', async () => {
    const row = await renderPage();
    expect(row.className).toContain('[&>td]:!bg-rose-50');
    expect(row.className).toContain('[&:hover>td]:!bg-rose-100');
    // No see-through colour (bg-…/70) on any row.
    for (const tr of document.querySelectorAll('tr[data-testid^="booking-"]')) expect(tr.className).not.toMatch(/bg-[\w-]+\/\d+/);
  });

  it('shows a cancelled booking as cancelled: a rose dot named Cancelled, not the green confirmed one', async () => {
    const row = await renderPage();
    const dot = within(row).getByTestId('confirmed-dot');
    expect(dot).toHaveAccessibleName('Cancelled');
    expect(dot.className).toContain('bg-rose-600');
    expect(dot.className).not.toContain('bg-green-500');
    expect(within(row).getByTestId('state-tag')).toHaveTextContent('Cancelled');
    // The booking still in force keeps its green dot.
    expect(within(screen.getByTestId('booking-RSV-TEST0001')).getByTestId('confirmed-dot')).toHaveAccessibleName('Confirmed');
    // A no-show holds no nights either: its own dot, not the green one.
    const noShowDot = within(screen.getByTestId('booking-RSV-TEST0003')).getByTestId('confirmed-dot');
    expect(noShowDot).toHaveAccessibleName('No-show');
    expect(noShowDot.className).not.toContain('bg-green-500');
  });

  it('names the cancelled state in Bengali', async () => {
    const row = await renderPage('bn');
    expect(within(row).getByTestId('confirmed-dot')).toHaveAccessibleName('বাতিল');
    expect(within(row).getByTestId('state-tag')).toHaveTextContent('বাতিল');
  });

  it("writes the room number in Bengali digits in a booking's details, as the table does", async () => {
    await renderPage('bn');
    const row = screen.getByTestId(`booking-${base.transactionId}`);
    expect(row).toHaveTextContent('রুম ৩০১');
    await userEvent.click(within(row).getByTestId('action-details'));
    const details = await screen.findByTestId('booking-details');
    expect(details).toHaveTextContent('রুম ৩০১');
    expect(details).not.toHaveTextContent('301');
  });
});

describe("the reservations table's money", () => {
  it("shows what the folio charges now, paid and due, adding up: not the price the stay was sold at (issue 31)", async () => {
    await renderPage();
    const money = within(screen.getByTestId('booking-RSV-TEST0004')).getByTestId('money');
    expect(money.firstElementChild).toHaveTextContent('৳25,575');
    expect(within(money).getByTestId('money-paid')).toHaveTextContent('Paid ৳5,000');
    expect(within(money).getByTestId('money-balance')).toHaveTextContent('Due ৳20,575');
    expect(money).not.toHaveTextContent('24,035');
  });
});
