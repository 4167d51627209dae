import type { TReservation } from '@residency/shared';
import { addDays, todayAt } from '@residency/shared/dates';
import { defaultRoomTemplate } from '@residency/shared/room-rules';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSite } from '../../../../lib/site';
import { sampleBooking } from '../../../../test/bookings';
import { initTestI18n } from '../../../../test/i18n';
import { stubRelativeRequest } from '../../../../test/relative-request';
import { renderWithStore } from '../../../../test/render';
import { makeSignedInStore } from '../../../../test/store';
import BookingPage from '../../pages/booking-page';
import ReservationConfirmationPage from '../../pages/reservation-confirmation-page';

// A service charge and VAT other than the usual, so that a total can only come from these.
const siteConfig = vi.hoisted(() => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'site-config';
  script.textContent = JSON.stringify({ name: 'Residency', timeZone: 'Asia/Dhaka', serviceChargePercent: 5, vatPercent: 10 });
  document.head.append(script);
  return script;
});
afterAll(() => siteConfig.remove());

const TWIN_BEDS = { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 };
const FAMILY_BEDS = { maximum_adults: 3, maximum_children: 2, maximum_occupancy: 3 };
const categories = [
  { _id: 'c1', name: 'Twin', translations: { bn: { name: 'টুইন' } }, offerPrice: 5000, rackRate: 0, images: [], beds_and_bedding: TWIN_BEDS },
  { _id: 'c2', name: 'Family', translations: { bn: { name: 'ফ্যামিলি' } }, offerPrice: 8000, rackRate: 0, images: [], beds_and_bedding: FAMILY_BEDS },
];
const roomOf = (id: string, number: string, category: string, beds: Record<string, number>, price: number) => {
  const template = defaultRoomTemplate();
  return { ...template, _id: id, category, status: 'available', price, images: [], room_overview: { ...template.room_overview, room_number: number }, beds_and_bedding: { ...template.beds_and_bedding, ...beds } };
};
const free = [roomOf('t1', '101', 'Twin', TWIN_BEDS, 5000), roomOf('f1', '301', 'Family', FAMILY_BEDS, 8000), roomOf('f2', '302', 'Family', FAMILY_BEDS, 8500)];

/** One night on the Standard plan, priced on the type's cheapest free room; a child adds ৳1,000. */
function quoteFor(params: URLSearchParams) {
  const children = Number(params.get('children'));
  return categories.map((c) => {
    const cheapest = free.filter((r) => r.category === c.name).sort((a, b) => a.price - b.price)[0]!;
    const total = cheapest.price + children * 1000;
    return {
      category: c.name,
      roomId: cheapest._id,
      free: 1,
      plans: [
        {
          code: 'STD',
          name: { en: 'Standard', bn: 'স্ট্যান্ডার্ড' },
          meal: 'none',
          mealPrice: 0,
          couponsAllowed: true,
          cancellationPolicy: { freeHours: null, penalty: 'first_night', penaltyPercent: null },
          quote: { lines: [{ date: params.get('checkIn'), room: cheapest.price, extraAdults: 0, extraChildren: children * 1000, meals: 0, total }], nights: 1, perNightCost: total, subtotal: total, serviceCharge: 0, vat: 0, amount: total },
          refusal: null,
        },
      ],
    };
  });
}

/** What POST /api/reservations answers, one call after the other; and the bodies it was sent. */
let answers: { status: number; body: unknown }[] = [];
let posted: Record<string, unknown>[] = [];

const reservation: TReservation = {
  _id: 'res9',
  reference: 'RSV-FAMILY42',
  user: { _id: 'u1', name: 'Farhana Akter', email: 'farhana@example.com' },
  checkIn: '2027-01-10',
  checkOut: '2027-01-11',
  source: 'online',
  companyName: null,
  companyBin: null,
  bookings: [
    sampleBooking({ _id: 'b1', room: { _id: 't1', category: 'Twin', roomNumber: '101' }, adults: 2, children: 0, nights: 1, amount: 5775 }),
    sampleBooking({ _id: 'b2', room: { _id: 'f2', category: 'Family', roomNumber: '302' }, adults: 2, children: 1, nights: 1, amount: 10972.5 }),
  ],
  amount: 16747.5,
  charged: 16747.5,
  paid: 0,
  refunded: 0,
  balance: 16747.5,
  deposit: 0,
  depositDue: 0,
  depositDueBy: null,
  createdAt: '2026-11-27T00:00:00.000Z',
};

beforeAll(async () => {
  await initTestI18n('en');
});

beforeEach(() => {
  answers = [];
  posted = [];
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      let status = 200;
      let body: unknown = { success: true, data: [] };
      if (url.pathname === '/api/room-categories') body = { success: true, data: categories };
      else if (url.pathname === '/api/room') body = { success: true, data: free, meta: { page: 1, limit: 1000, total: free.length } };
      else if (url.pathname === '/api/rates/quote') body = { success: true, data: quoteFor(url.searchParams) };
      else if (url.pathname === '/api/reservations/res9') body = { success: true, data: reservation };
      else if (url.pathname === '/api/reservations' && request.method === 'POST') {
        posted.push(await request.json());
        ({ status, body } = answers.shift() ?? { status: 500, body: { success: false, message: 'no answer' } });
      }
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await initTestI18n('en');
});

/** The reservation's total: the last price lines (each room's own "Why this price" comes before). */
const total = () => screen.getAllByTestId('price-total').at(-1)!;

const checkIn = () => addDays(todayAt(getSite().timeZone), 40);

function Address() {
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

/** The page for two rooms: a Twin for 2 adults and a Family room for 2 adults and a child. */
async function renderPage() {
  const store = await makeSignedInStore({ _id: 'u1', name: 'Farhana Akter', email: 'farhana@example.com', role: 'user', phone: '' } as never);
  const query = new URLSearchParams({ checkIn: checkIn(), checkOut: addDays(checkIn(), 1) });
  query.append('room', 't1~STD~2~0~Twin');
  query.append('room', 'f1~STD~2~1~Family');
  renderWithStore(
    <>
      <Routes>
        <Route path="/booking/rooms" element={<BookingPage />} />
        <Route path="/booking/reservation/:reservationId" element={<ReservationConfirmationPage />} />
      </Routes>
      <Address />
    </>,
    { at: `/booking/rooms?${query}`, store },
  );
}

const taken = {
  status: 409,
  body: {
    success: false,
    code: 'ROOM_NOT_AVAILABLE',
    message: 'Sorry, Family 301 was just booked for some of these dates. Nothing was booked: choose another room or other dates.',
    roomId: 'f1',
    roomType: 'Family',
    roomNumber: '301',
    alternatives: [{ _id: 'f2', roomNumber: '302' }],
  },
};

describe('ReservationForm on /booking/rooms: several rooms in one reservation (issue 22)', () => {
  it('lists each room with its guests, plan and price, sends one total, and shows one reference with every room', async () => {
    const user = userEvent.setup();
    await renderPage();
    const prices = await screen.findAllByTestId('room-price');
    expect(prices).toHaveLength(2);
    // 5 % service charge and 10 % VAT on each: ৳5,000 → ৳5,775; ৳8,000 + ৳1,000 for the child → ৳10,395.
    await vi.waitFor(() => expect(within(prices[1]!).getByTestId('room-price-amount')).toHaveTextContent('৳10,395'));
    expect(within(prices[0]!).getByTestId('room-price-amount')).toHaveTextContent('৳5,775');
    expect(prices[1]).toHaveTextContent('2 Adults, 1 Child');
    expect(within(prices[1]!).getByTestId('booking-plan-name')).toHaveTextContent('Standard');
    expect(total()).toHaveTextContent('৳16,170');
    const confirm = screen.getByTestId('confirm-booking');
    expect(confirm).toHaveTextContent('Confirm 2 rooms');

    await user.type(screen.getByLabelText('Phone'), '+880 1712-345678');
    await user.type(screen.getByLabelText('Company name'), 'Padma Traders Ltd');
    await user.type(screen.getByLabelText('Company BIN'), '12345');
    await user.click(confirm);
    expect(screen.getByLabelText('Company BIN')).toHaveAccessibleDescription('9 or 13 digits A BIN has 9 or 13 digits.');
    expect(posted).toHaveLength(0);
    await user.clear(screen.getByLabelText('Company BIN'));
    await user.type(screen.getByLabelText('Company BIN'), '000123456789');
    await user.type(screen.getByLabelText('Company BIN'), '0');

    answers.push({ status: 201, body: { success: true, data: reservation } });
    await user.click(confirm);
    await screen.findByTestId('reservation-confirmation');
    expect(posted[0]).toMatchObject({
      phone: '+880 1712-345678',
      language: 'en',
      companyName: 'Padma Traders Ltd',
      companyBin: '0001234567890',
      expectedAmount: 16170,
      rooms: [
        { roomId: 't1', adults: 2, children: 0, ratePlan: 'STD' },
        { roomId: 'f1', adults: 2, children: 1, ratePlan: 'STD' },
      ],
    });
    expect(screen.getByTestId('address')).toHaveTextContent('/booking/reservation/res9');
    expect(screen.getByTestId('reservation-reference')).toHaveTextContent('RSV-FAMILY42');
    const rooms = screen.getAllByTestId('reservation-room');
    expect(rooms.map((r) => within(r).getByTestId('reservation-room-name').textContent)).toEqual(['Room 1: Twin · Room 101', 'Room 2: Family · Room 302']);
    expect(rooms[1]).toHaveTextContent('2 Adults, 1 Child · 1 night');
    expect(total()).toHaveTextContent('৳16,747.50');
  });

  it('on 409 names the room type taken, offers the free rooms of that type, and books nothing until the guest confirms again', async () => {
    const user = userEvent.setup();
    await renderPage();
    await vi.waitFor(() => expect(total()).toHaveTextContent('৳16,170'));
    await user.type(screen.getByLabelText('Phone'), '01712345678');
    answers.push(taken);
    await user.click(screen.getByTestId('confirm-booking'));
    const alert = await screen.findByTestId('booking-error');
    expect(alert).toHaveTextContent('Sorry, Family room 301 was just booked for some of these dates. Nothing was booked.');
    // Focus moves to the message on the next frame (after it is painted).
    await vi.waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByTestId('confirm-booking')).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: 'Take Family room 302 instead' }));
    // Room 302 costs ৳500 more a night: priced as itself, and confirmed again at the new total.
    expect(new URLSearchParams(screen.getByTestId('address').textContent!.split('?')[1]).getAll('room')).toEqual(['t1~STD~2~0~Twin', 'f2~STD~2~1~Family']);
    await vi.waitFor(() => expect(total()).toHaveTextContent('৳16,747.50'));
    expect(screen.queryByTestId('booking-error')).toBeNull();
    answers.push({ status: 201, body: { success: true, data: reservation } });
    await user.click(screen.getByTestId('confirm-booking'));
    await screen.findByTestId('reservation-confirmation');
    expect(posted).toHaveLength(2);
    expect(posted[1]).toMatchObject({ expectedAmount: 16747.5, rooms: [{ roomId: 't1' }, { roomId: 'f2' }] });
  });

  it('says it in Bengali: the room type taken, its free rooms, and the new price of a changed rate', async () => {
    await initTestI18n('bn');
    const user = userEvent.setup();
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'আপনার রিজার্ভেশন সম্পন্ন করুন' })).toBeTruthy();
    await vi.waitFor(() => expect(total()).toHaveTextContent('৳১৬,১৭০'));
    expect(screen.getByTestId('confirm-booking')).toHaveTextContent('২টি রুম নিশ্চিত করুন');
    await user.type(screen.getByLabelText('ফোন'), '01712345678');
    answers.push(taken);
    await user.click(screen.getByTestId('confirm-booking'));
    const alert = await screen.findByTestId('booking-error');
    expect(alert).toHaveTextContent('দুঃখিত, ফ্যামিলি রুম ৩০১ এইমাত্র এই তারিখগুলোর কোনো রাতের জন্য বুক হয়ে গেছে। কিছুই বুক হয়নি।');
    expect(within(alert).getByRole('button', { name: 'এর বদলে ফ্যামিলি রুম ৩০২ নিন' })).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'এর বদলে ফ্যামিলি রুম ৩০২ নিন' }));
    await vi.waitFor(() => expect(screen.getByTestId('confirm-booking')).toBeEnabled());
    answers.push({ status: 409, body: { success: false, code: 'PRICE_CHANGED', message: 'The price of this stay is now 17000 Taka', amount: 17000 } });
    await user.click(screen.getByTestId('confirm-booking'));
    expect(await screen.findByTestId('booking-error')).toHaveTextContent('এই থাকার দাম বদলে ৳১৭,০০০ হয়েছে।');
  });
});
