import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBooking } from '@residency/shared';
import { installAntdDom } from '../../../../test/antd-dom';
import { sampleBooking } from '../../../../test/bookings';
import { initTestI18n } from '../../../../test/i18n';
import { stubRelativeRequest } from '../../../../test/relative-request';
import { makeStore } from '../../../../test/store';
import { StayChange } from './stay-change-modal';

/* "Change stay" (issue 22): new dates with the desk's price of a new night, a move, a room removed. */

const booking = sampleBooking();
let sent: { method: string; path: string; body: unknown }[];
/** What the server answers to a change (a refusal when set). */
let refusal: { status: number; body: Record<string, unknown> } | null;
let reservationRooms: TBooking[];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  // The sample stay is Dec 1–3, 2026, and the desk changes it before it begins (Nov 27 at the
  // hotel; the tests were written that day and failed once it had passed). Only the date is
  // fixed; timers run as usual.
  vi.useFakeTimers({ now: new Date('2026-11-27T06:00:00Z'), toFake: ['Date'] });
  installAntdDom({ desktop: true });
  stubRelativeRequest();
  sent = [];
  refusal = null;
  reservationRooms = [booking, sampleBooking({ _id: 'b2', room: { _id: 'r3', category: 'Deluxe King', roomNumber: '303' } })];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (request.method === 'GET') {
        if (url.pathname === '/api/room') {
          return json({
            success: true,
            data: [
              { _id: 'r1', category: 'Deluxe King', room_overview: { room_number: '301' } },
              { _id: 'r2', category: 'Deluxe King', room_overview: { room_number: '302' } },
            ],
            meta: { page: 1, limit: 100, total: 2 },
          });
        }
        if (url.pathname === '/api/reservations/res1') {
          return json({ success: true, data: { _id: 'res1', reference: 'RSV-TEST0001', checkIn: booking.startDate, checkOut: booking.endDate, bookings: reservationRooms } });
        }
        return json({ success: true, data: [], meta: { page: 1, limit: 10, total: 0 } });
      }
      sent.push({ method: request.method, path: url.pathname, body: await request.json() });
      if (refusal) return json({ success: false, ...refusal.body }, refusal.status);
      return json({ success: true, data: booking });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function open(lng: 'en' | 'bn' = 'en', stay: TBooking = booking) {
  await initTestI18n(lng);
  const { store } = makeStore();
  render(
    <Provider store={store}>
      <App>
        <StayChange booking={stay} />
      </App>
    </Provider>,
  );
  fireEvent.click(screen.getByTestId('open-stay-change'));
  return screen.findByRole('dialog');
}

describe('Change stay', () => {
  it("changes the dates, asking for a reason with the desk's price of a new night", async () => {
    const dialog = await open();
    const form = within(dialog).getByTestId('stay-dates-form');
    fireEvent.change(within(form).getByLabelText('Check-out'), { target: { value: '2026-12-04' } });
    fireEvent.change(await within(form).findByLabelText('New night Thu, Dec 3 (empty: current rate)'), { target: { value: '8000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change dates' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Say why.');
    expect(sent).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Why'), { target: { value: 'Regular guest' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change dates' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/bookings/b1/dates',
      body: { checkIn: '2026-12-01', checkOut: '2026-12-04', prices: [{ date: '2026-12-03', price: 8000 }], reason: 'Regular guest' },
    });
  });

  it("moves the guest, asks why a price is not kept, and says the server's refusal in Bengali", async () => {
    const user = userEvent.setup();
    const dialog = await open('bn');
    await user.click(within(dialog).getByRole('tab', { name: 'রুম বদল' }));
    const form = await within(dialog).findByTestId('stay-move-form');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'রুম' }));
    await user.click(await screen.findByTitle('Deluxe King ৩০২'));
    // The guest's own room is not offered.
    expect(screen.queryByTitle('Deluxe King ৩০১')).toBeNull();
    await user.click(within(form).getByRole('checkbox', { name: 'ভাড়া একই রাখুন (আপগ্রেড)' }));
    await user.click(within(form).getByRole('button', { name: 'অতিথিকে সরান' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('কারণ লিখুন।');
    expect(sent).toEqual([]);

    refusal = { status: 409, body: { code: 'ROOM_NOT_AVAILABLE', message: 'Deluxe King 302 is booked on some of these nights.' } };
    fireEvent.change(within(form).getByLabelText('কারণ'), { target: { value: 'এসি নষ্ট' } });
    await user.click(within(form).getByRole('button', { name: 'অতিথিকে সরান' }));
    expect(await within(form).findByText('এই রাতগুলোর কোনোটিতে রুমটি বুক করা আছে: কিছুই বদলানো হয়নি।')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/api/bookings/b1/move', body: { roomId: 'r2', keepPrice: false, reason: 'এসি নষ্ট' } }]);
  });

  it("adds a room free for the reservation's dates", async () => {
    const user = userEvent.setup();
    const dialog = await open();
    await user.click(within(dialog).getByRole('tab', { name: 'Add a room' }));
    const form = await within(dialog).findByTestId('stay-add-form');
    await user.click(within(form).getByRole('button', { name: 'Add room' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose a room.');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Room' }));
    await user.click(await screen.findByTitle('Deluxe King 302'));
    await user.click(within(form).getByRole('button', { name: 'Add room' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'POST', path: '/api/reservations/res1/rooms', body: { roomId: 'r2', adults: 2, children: 0 } });
  });

  it('removes this room with a reason, and not the only room of a reservation', async () => {
    const user = userEvent.setup();
    let dialog = await open();
    await user.click(within(dialog).getByRole('tab', { name: 'Remove this room' }));
    const form = await within(dialog).findByTestId('stay-remove-form');
    fireEvent.change(within(form).getByLabelText('Why'), { target: { value: 'The family needs one room only' } });
    await user.click(within(form).getByRole('button', { name: 'Remove room' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'DELETE', path: '/api/reservations/res1/rooms/b1', body: { reason: 'The family needs one room only' } });

    cleanup();
    reservationRooms = [booking];
    dialog = await open();
    await user.click(within(dialog).getByRole('tab', { name: 'Remove this room' }));
    expect(await within(dialog).findByTestId('stay-only-room')).toHaveTextContent("This is the reservation's only room: cancel the reservation instead.");
  });

  it('offers no change for a stay that is over', async () => {
    await initTestI18n('en');
    const { store } = makeStore();
    render(
      <Provider store={store}>
        <App>
          <StayChange booking={sampleBooking({ state: 'checked_out', stage: 'checked_out' })} />
        </App>
      </Provider>,
    );
    expect(screen.queryByTestId('open-stay-change')).toBeNull();
  });
});
