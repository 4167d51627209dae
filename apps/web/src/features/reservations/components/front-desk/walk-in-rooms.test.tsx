import type { TReservation } from '@residency/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../../test/api-stub';
import { initTestI18n } from '../../../../test/i18n';
import { makeStore } from '../../../../test/store';
import { WalkInReservationForm } from './walk-in-reservation-form';
import { newWalkInRoom, type WalkInRoom } from './walk-in-rooms';

const STAY = { checkIn: '2026-12-10', checkOut: '2026-12-12' };

const room = (id: string, number: string, category: string, beds: { maximum_adults: number; maximum_children: number; maximum_occupancy: number }, price: number) => ({
  _id: id,
  category,
  price,
  room_overview: { room_number: number },
  beds_and_bedding: beds,
});
const ROOMS = [
  room('r1', '301', 'Deluxe King', { maximum_adults: 2, maximum_children: 1, maximum_occupancy: 3 }, 5000),
  room('r2', '302', 'Deluxe King', { maximum_adults: 2, maximum_children: 1, maximum_occupancy: 3 }, 5000),
  room('r3', '501', 'Family Room', { maximum_adults: 3, maximum_children: 2, maximum_occupancy: 3 }, 8000),
];

const plan = (code: string, perNight: number, open = true) => ({
  code,
  name: { en: code === 'STD' ? 'Standard' : 'Desk rate', bn: code === 'STD' ? 'স্ট্যান্ডার্ড' : 'ডেস্ক রেট' },
  meal: 'none',
  mealPrice: 0,
  couponsAllowed: true,
  cancellationPolicy: { freeHours: null, penalty: 'first_night', penaltyPercent: null },
  quote: open
    ? {
        lines: [
          { date: '2026-12-10', room: perNight, extraAdults: 0, extraChildren: 0, meals: 0, total: perNight },
          { date: '2026-12-11', room: perNight, extraAdults: 0, extraChildren: 0, meals: 0, total: perNight },
        ],
        nights: 2,
        perNightCost: perNight,
        subtotal: perNight * 2,
        serviceCharge: 0,
        vat: 0,
        amount: perNight * 2,
      }
    : null,
  refusal: null,
});

let bodies: unknown[] = [];
let quoteParams: URLSearchParams[] = [];
let answerBooking: (body: unknown) => Response;

function serve() {
  stubApi(async (request, path) => {
    const url = new URL(request.url);
    if (path === '/api/room') return json(200, { success: true, data: ROOMS, meta: { page: 1, limit: 1000, total: ROOMS.length } });
    if (path === '/api/room-categories') return json(200, { success: true, data: [] });
    if (path === '/api/rates/quote') {
      quoteParams.push(url.searchParams);
      const category = url.searchParams.get('category');
      const cheapest = ROOMS.find((r) => r.category === category)!;
      return json(200, { success: true, data: [{ category, roomId: cheapest._id, free: 2, plans: [plan('STD', cheapest.price), plan('DESK', cheapest.price - 1000)] }] });
    }
    if (path === '/api/reservations/walk-in' && request.method === 'POST') {
      const body = await request.json();
      bodies.push(body);
      return answerBooking(body);
    }
    return json(404, { success: false, message: 'Not found', code: 'NOT_FOUND' });
  });
}

function Harness({ initial, onBooked = () => {} }: { initial: WalkInRoom[]; onBooked?: (r: TReservation) => void }) {
  const [rows, setRows] = useState(initial);
  return <WalkInReservationForm stay={STAY} rows={rows} onRows={setRows} onBooked={onBooked} />;
}

function renderForm(initial: WalkInRoom[], onBooked?: (r: TReservation) => void) {
  const { store } = makeStore();
  return render(
    <Provider store={store}>
      <Harness initial={initial} onBooked={onBooked} />
    </Provider>,
  );
}

const rowsOnScreen = () => screen.getAllByTestId('walk-in-room');
const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);
/** The free rooms have come (the last row offers them) and the first room is priced. */
const roomsLoaded = async () => {
  await waitFor(() => expect(within(rowsOnScreen().at(-1)!).getAllByRole('option').length).toBeGreaterThan(1));
  await waitFor(() => expect(within(rowsOnScreen()[0]!).getByTestId('walk-in-room-price')).toHaveTextContent('for the stay'), { timeout: 3000 });
};
/** Chooses `roomId` in `row` and waits until the row holds it. */
async function chooseRoom(row: HTMLElement, roomId: string) {
  fireEvent.change(within(row).getByTestId('walk-in-room-select'), { target: { value: roomId } });
  await waitFor(() => expect(within(row).getByTestId('walk-in-room-select')).toHaveValue(roomId));
}

beforeEach(async () => {
  bodies = [];
  quoteParams = [];
  answerBooking = () => json(201, { success: true, data: { _id: 'res1', reference: 'RSV-MULTI001' } });
  serve();
  await initTestI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the walk-in of several rooms', () => {
  it('adds rooms from the free ones only, never a room twice, and removes them down to one', async () => {
    renderForm([newWalkInRoom('r1', { adults: 2, children: 0 }), newWalkInRoom()]);
    await waitFor(() => expect(within(rowsOnScreen()[0]!).getByTestId('walk-in-room-price')).toHaveTextContent('৳12,650 for the stay'));
    const second = rowsOnScreen()[1]!;
    // Room 301 is the first row's: the second row offers the other two.
    expect(optionsOf(within(second).getByTestId('walk-in-room-select'))).toEqual([
      'Choose a free room',
      'Deluxe King · Room 302 · ৳5,000 a night',
      'Family Room · Room 501 · ৳8,000 a night',
    ]);
    expect(screen.getByText('2 more rooms are free for these dates.')).toBeInTheDocument();
    fireEvent.change(within(second).getByTestId('walk-in-room-select'), { target: { value: 'r3' } });
    expect(screen.getByText('1 more room is free for these dates.')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('walk-in-add-room'));
    const third = rowsOnScreen()[2]!;
    // The keyboard goes on in the new room.
    expect(within(third).getByTestId('walk-in-room-select')).toHaveFocus();
    expect(optionsOf(within(third).getByTestId('walk-in-room-select'))).toEqual(['Choose a free room', 'Deluxe King · Room 302 · ৳5,000 a night']);
    fireEvent.change(within(third).getByTestId('walk-in-room-select'), { target: { value: 'r2' } });
    expect(screen.getByText('No other room is free for these dates.')).toBeInTheDocument();
    expect(screen.getByTestId('walk-in-add-room')).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove room 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove room 2' }));
    expect(rowsOnScreen()).toHaveLength(1);
    // The Remove pressed is gone: the focus is on Add a room, not lost.
    expect(screen.getByTestId('walk-in-add-room')).toHaveFocus();
    // One room left: it cannot be removed, and others can be added again.
    expect(screen.queryByTestId('walk-in-remove-room')).toBeNull();
    expect(screen.getByTestId('walk-in-add-room')).not.toBeDisabled();
    fireEvent.click(screen.getByTestId('walk-in-add-room'));
    expect(rowsOnScreen()).toHaveLength(2);
  });

  it("keeps each room's guests within its beds and asks the desk's plans", async () => {
    renderForm([newWalkInRoom('r1', { adults: 2, children: 1 }), newWalkInRoom()]);
    await roomsLoaded();
    const first = rowsOnScreen()[0]!;
    // 301 sleeps 2 adults and 1 child, 3 in all.
    expect(optionsOf(within(first).getByTestId('walk-in-adults'))).toEqual(['1', '2']);
    expect(optionsOf(within(first).getByTestId('walk-in-children'))).toEqual(['0', '1']);
    const second = rowsOnScreen()[1]!;
    await chooseRoom(second, 'r3');
    fireEvent.change(within(second).getByTestId('walk-in-adults'), { target: { value: '3' } });
    // Three adults fill the family room: no child fits beside them.
    expect(optionsOf(within(second).getByTestId('walk-in-children'))).toEqual(['0']);
    await waitFor(() => expect(quoteParams.some((p) => p.get('category') === 'Family Room' && p.get('adults') === '3')).toBe(true));
    expect(quoteParams.every((p) => p.get('desk') === '1')).toBe(true);
  });

  it('books every room at once with its guests and plan, and the total the desk saw', async () => {
    const booked = vi.fn();
    renderForm([newWalkInRoom('r1', { adults: 2, children: 0 }), newWalkInRoom()], booked);
    await roomsLoaded();
    const second = rowsOnScreen()[1]!;
    await chooseRoom(second, 'r3');
    fireEvent.change(within(second).getByTestId('walk-in-children'), { target: { value: '1' } });
    // Its quote comes from the server: the plan chooser waits for it.
    await waitFor(() => expect(within(second).getByTestId('walk-in-plan')).not.toBeDisabled(), { timeout: 3000 });
    fireEvent.change(within(second).getByTestId('walk-in-plan'), { target: { value: 'DESK' } });
    // 301: 2 × ৳5,000 + 10 % + 15 % = ৳12,650; 501 on the desk's rate: 2 × ৳7,000 → ৳17,710.
    await waitFor(() => expect(screen.getByTestId('walk-in-total')).toHaveTextContent('৳30,360'), { timeout: 3000 });

    fireEvent.click(screen.getByTestId('confirm-reservation'));
    expect(await screen.findByText("Enter the guest's name.")).toBeInTheDocument();
    // The first Confirm already takes the desk to the first field in error.
    expect(screen.getByLabelText("Guest's name")).toHaveFocus();
    expect(bodies).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Guest's name"), { target: { value: 'Rahim Uddin' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '01711-222333' } });
    fireEvent.click(screen.getByTestId('confirm-reservation'));
    await waitFor(() => expect(booked).toHaveBeenCalledOnce());
    expect(bodies[0]).toEqual({
      checkIn: '2026-12-10',
      checkOut: '2026-12-12',
      phone: '01711-222333',
      airportShuttle: false,
      expectedAmount: 30360,
      guest: { name: 'Rahim Uddin' },
      rooms: [
        { roomId: 'r1', adults: 2, children: 0, ratePlan: 'STD' },
        { roomId: 'r3', adults: 1, children: 1, ratePlan: 'DESK' },
      ],
    });
  });

  it('names the room taken meanwhile and offers the free ones of its type instead', async () => {
    answerBooking = () =>
      json(409, {
        success: false,
        code: 'ROOM_NOT_AVAILABLE',
        message: 'Sorry, Deluxe King 302 was just booked for some of these dates.',
        roomId: 'r2',
        roomType: 'Deluxe King',
        roomNumber: '302',
        alternatives: [{ _id: 'r9', roomNumber: '305' }],
      });
    renderForm([newWalkInRoom('r1'), newWalkInRoom('r2')]);
    fireEvent.change(screen.getByLabelText("Guest's name"), { target: { value: 'Rahim Uddin' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '01711-222333' } });
    await waitFor(() => expect(screen.getByTestId('confirm-reservation')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('confirm-reservation'));
    const taken = await within(rowsOnScreen()[1]!).findByTestId('walk-in-room-taken');
    expect(taken).toHaveTextContent('Deluxe King 302 was just booked by someone else: nothing was booked.');
    expect(screen.getByTestId('confirm-reservation')).toBeDisabled();
    fireEvent.click(within(taken).getByRole('button', { name: 'Take room 305' }));
    expect(screen.queryByTestId('walk-in-room-taken')).toBeNull();
  });

  it('speaks Bengali with Bengali digits', async () => {
    await initTestI18n('bn');
    renderForm([newWalkInRoom('r1', { adults: 2, children: 0 }), newWalkInRoom()]);
    await waitFor(() => expect(within(rowsOnScreen()[0]!).getByTestId('walk-in-room-price')).toHaveTextContent('পুরো থাকার জন্য ৳১২,৬৫০'));
    expect(screen.getByRole('heading', { name: '২টি রুম' })).toBeInTheDocument();
    expect(screen.getByTestId('confirm-reservation')).toHaveTextContent('অতিথির জন্য ২টি রুম বুক করুন');
  });
});
