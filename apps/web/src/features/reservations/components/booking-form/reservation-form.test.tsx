import { addDays, todayAt } from '@residency/shared/dates';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../../test/store';
import { getSite } from '../../../../lib/site';
import { initTestI18n } from '../../../../test/i18n';
import { ReservationForm } from './reservation-form';
import { stubRelativeRequest } from '../../../../test/relative-request';

const ROOM_ID = '00000000-0000-4000-8000-000000000001';
const room = {
  _id: ROOM_ID,
  category: 'Twin',
  status: 'available',
  price: 5000,
  images: [],
  room_overview: { name: 'Twin', description: '', size: '', wireless_internet: 'Wi-Fi', room_number: '101' },
  special_benefits: [],
  beds_and_bedding: { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2, beds: '2 Twin' },
  room_features: { windows: 'Garden' },
  bath_and_bathroom_features: {},
  furniture_and_furnishings: {},
  food_and_beverages: { room_service: '24-hour', bottled_water: 'Free', minibar: 'Stocked' },
  internet_and_phones: { phones: 1, phone_features: [], wireless_internet: 'Wi-Fi' },
  entertainment: { international_channels: [] },
  accessible_room_features: {},
};

beforeAll(async () => {
  await initTestI18n('en');
});

/** The rates of the room's type for the stay asked: the Standard plan at the room's price a night. */
function standardQuote(params: URLSearchParams) {
  const checkIn = params.get('checkIn')!;
  const nights = Math.max(1, Math.round((Date.parse(params.get('checkOut')!) - Date.parse(checkIn)) / 86_400_000));
  const lines = Array.from({ length: nights }, (_, i) => ({ date: addDays(checkIn, i), room: 5000, extraAdults: 0, extraChildren: 0, meals: 0, total: 5000 }));
  const plan = {
    code: 'STD',
    name: { en: 'Standard', bn: 'স্ট্যান্ডার্ড' },
    meal: 'none',
    mealPrice: 0,
    couponsAllowed: true,
    cancellationPolicy: { freeHours: 24, penalty: 'first_night', penaltyPercent: null },
    quote: { lines, nights, perNightCost: 5000, subtotal: 5000 * nights, serviceCharge: 0, vat: 0, amount: 0 },
    refusal: null,
  };
  return [{ category: 'Twin', roomId: ROOM_ID, free: 1, plans: [plan] }];
}

beforeEach(() => {
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const { pathname } = url;
      const body =
        pathname === `/api/room/${ROOM_ID}`
          ? { success: true, data: room }
          : pathname === '/api/room'
            ? { success: true, data: [room], meta: { page: 1, limit: 1000, total: 1 } }
            : pathname === '/api/rates/quote'
              ? { success: true, data: standardQuote(url.searchParams) }
              : { success: true, data: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

function renderForm(query: string) {
  const { store } = makeStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[`/booking/${ROOM_ID}?${query}`]}>
        <Routes>
          <Route
            path="/booking/:id"
            element={
              <>
                <ReservationForm roomId={ROOM_ID} onBooked={() => {}} />
                <Search />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('ReservationForm, one room: the longest stay', () => {
  it('says one booking holds at most 60 nights, keeps Confirm off, and shortens the stay', async () => {
    const user = userEvent.setup();
    const checkIn = addDays(todayAt(getSite().timeZone), 1);
    renderForm(`checkIn=${checkIn}&checkOut=${addDays(checkIn, 61)}&adults=1&children=0`);
    const notice = await screen.findByTestId('stay-notice');
    expect(notice).toHaveTextContent('One booking holds at most 60 nights, and this stay is 61 nights.');
    expect(screen.getByTestId('confirm-booking')).toBeDisabled();
    await user.click(screen.getByTestId('shorten-stay'));
    expect(new URLSearchParams(screen.getByTestId('search').textContent!).get('checkOut')).toBe(addDays(checkIn, 60));
    expect(screen.getByTestId('booking-nights')).toHaveTextContent('60 nights');
    expect(screen.queryByTestId('stay-notice')).toBeNull();
    expect(screen.getByTestId('confirm-booking')).toBeEnabled();
  });
});

describe('ReservationForm, one room: an old link', () => {
  it('moves a past stay to start today and tells the guest before they confirm', async () => {
    const today = todayAt(getSite().timeZone);
    renderForm('checkIn=2020-01-10&checkOut=2020-01-12&adults=1&children=0');
    expect(await screen.findByTestId('stay-moved')).toHaveTextContent('The check-in date had passed, so the stay now starts today');
    expect(new URLSearchParams(screen.getByTestId('search').textContent!).get('checkIn')).toBe(today);
    expect(screen.getByTestId('booking-nights')).toHaveTextContent('2 nights');
  });
});

describe('ReservationForm, one room: the front desk’s walk-in', () => {
  function renderWalkIn() {
    const { store } = makeStore();
    const checkIn = addDays(todayAt(getSite().timeZone), 1);
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[`/guest/booking/${ROOM_ID}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&adults=1&children=0`]}>
          <Routes>
            <Route path="/guest/booking/:id" element={<ReservationForm roomId={ROOM_ID} walkIn onBooked={() => {}} />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
  }
  afterEach(() => initTestI18n('en'));

  it('speaks of the guest, not to them, in Bengali ("অতিথির থাকার বিবরণ", never "আপনার")', async () => {
    await initTestI18n('bn');
    renderWalkIn();
    expect(await screen.findByRole('heading', { name: /অতিথির থাকার বিবরণ/ })).toBeInTheDocument();
    await screen.findByTestId('booking-stay');
    expect(document.body.textContent).not.toContain('আপনার');
  });

  it('books a guest who has no e-mail with their name and phone alone', async () => {
    const sent: unknown[] = [];
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (request) => {
      const req = request as Request;
      if (req.method !== 'POST' || new URL(req.url).pathname !== '/api/reservations/walk-in') return answer(request);
      sent.push(await req.json());
      return new Response(JSON.stringify({ success: false, message: 'stop here' }), { status: 400, headers: { 'content-type': 'application/json' } });
    });
    renderWalkIn();
    await userEvent.type(await screen.findByLabelText("Guest's name"), 'Abdul Karim');
    await userEvent.type(screen.getByLabelText('Phone'), '01711-424242');
    await userEvent.click(screen.getByTestId('confirm-booking'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ phone: '01711-424242', guest: { name: 'Abdul Karim' }, rooms: [{ roomId: ROOM_ID, ratePlan: 'STD' }] });
    expect((sent[0] as { guest: object }).guest).not.toHaveProperty('email');
  });

  it('speaks of the guest in English too ("The guest\'s stay", never "your")', async () => {
    await initTestI18n('en');
    renderWalkIn();
    expect(await screen.findByRole('heading', { name: /The guest's stay/ })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\byou(r)?\b/i);
  });
});

describe('ReservationForm, one room: the rate plan of the stay (issue 21)', () => {
  const checkIn = () => addDays(todayAt(getSite().timeZone), 10);
  /** The quote's nights: two at ৳6,600 then one at ৳7,000 (or all at `later` once the rates change), breakfast for 2 at ৳500 each. */
  const lines = (later?: number) =>
    [0, 1, 2].map((i) => {
      const room = later ?? (i < 2 ? 6600 : 7000);
      return { date: addDays(checkIn(), i), room, extraAdults: 0, extraChildren: 0, meals: 1000, total: room + 1000 };
    });
  const quoteOf = (l: ReturnType<typeof lines>) => {
    const subtotal = l.reduce((s, x) => s + x.total, 0);
    return { lines: l, nights: 3, perNightCost: subtotal / 3, subtotal, serviceCharge: 0, vat: 0, amount: 0 };
  };
  let laterPrice: number | undefined;
  let couponsAllowed = true;
  /** Other plans the quote offers besides Bed & Breakfast. */
  let morePlans: unknown[] = [];
  let answerPost: (body: Record<string, unknown>) => { status: number; body: unknown };
  let sent: Record<string, unknown>[];
  const plan = () => ({
    code: 'BB',
    name: { en: 'Bed & Breakfast', bn: 'বেড অ্যান্ড ব্রেকফাস্ট' },
    meal: 'breakfast',
    mealPrice: 500,
    couponsAllowed,
    cancellationPolicy: { freeHours: 24, penalty: 'first_night', penaltyPercent: null },
    quote: quoteOf(lines(laterPrice)),
    refusal: null,
  });

  beforeEach(() => {
    laterPrice = undefined;
    couponsAllowed = true;
    morePlans = [];
    sent = [];
    answerPost = () => ({ status: 400, body: { success: false, message: 'stop here' } });
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (request) => {
      const req = request as Request;
      const { pathname } = new URL(req.url);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (pathname === '/api/rates/quote') return json(200, { success: true, data: [{ category: 'Twin', roomId: ROOM_ID, free: 1, plans: [plan(), ...morePlans] }] });
      if (req.method === 'POST' && pathname === '/api/reservations') {
        const body = (await req.json()) as Record<string, unknown>;
        sent.push(body);
        const a = answerPost(body);
        return json(a.status, a.body);
      }
      return answer(request);
    });
  });
  afterEach(() => initTestI18n('en'));

  const stay = () => `checkIn=${checkIn()}&checkOut=${addDays(checkIn(), 3)}&adults=2&children=0&ratePlan=BB`;
  const confirm = async () => {
    const phone = document.querySelector<HTMLInputElement>('input[name="phone"]')!;
    if (!phone.value) await userEvent.type(phone, '01711-424242');
    await userEvent.click(screen.getByTestId('confirm-booking'));
  };

  it('shows the plan and its nights grouped, and sends ratePlan and the total shown as expectedAmount', async () => {
    renderForm(stay());
    expect(await screen.findByTestId('booking-plan-name')).toHaveTextContent('Bed & Breakfast');
    expect(screen.getByTestId('booking-plan')).toHaveTextContent('Breakfast for 2 included');
    expect(screen.getByTestId('booking-plan-cancellation')).toHaveTextContent('Free cancellation until 24 hours before check-in, then the first night');
    expect(screen.getAllByTestId('price-night-group').map((g) => g.textContent)).toEqual(['2 nights × ৳6,600', '1 night × ৳7,000']);
    expect(screen.getByTestId('price-meals')).toHaveTextContent('৳3,000');
    // ৳23,200 of nights, 10 % service charge ৳2,320, 15 % VAT on both ৳3,828: ৳29,348.
    expect(screen.getByTestId('price-total')).toHaveTextContent('৳29,348');
    await confirm();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ rooms: [{ roomId: ROOM_ID, adults: 2, children: 0, ratePlan: 'BB' }], expectedAmount: 29348, language: 'en' });
  });

  it('on PRICE_CHANGED says the new total, prices the stay again, and a second Confirm sends the new amount', async () => {
    answerPost = (body) => {
      if (body.expectedAmount === 29348) {
        laterPrice = 7000; // the admin raised the rates meanwhile
        return { status: 409, body: { success: false, code: 'PRICE_CHANGED', amount: 30360, expectedAmount: 29348, message: 'The price changed.' } };
      }
      return { status: 400, body: { success: false, message: 'stop here' } };
    };
    renderForm(stay());
    await screen.findByTestId('booking-plan-name');
    await confirm();
    expect(await screen.findByTestId('booking-error')).toHaveTextContent('The price of this stay changed to ৳30,360. Please check it and confirm again.');
    await vi.waitFor(() => expect(screen.getByTestId('price-total')).toHaveTextContent('৳30,360'));
    expect(screen.getAllByTestId('price-night-group').map((g) => g.textContent)).toEqual(['3 nights × ৳7,000']);
    await vi.waitFor(() => expect(screen.getByTestId('confirm-booking')).toBeEnabled());
    await userEvent.click(screen.getByTestId('confirm-booking'));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ rooms: [{ roomId: ROOM_ID, ratePlan: 'BB' }], expectedAmount: 30360 });
  });

  it('says a STAY_RULE refusal in Bengali from its code and values', async () => {
    await initTestI18n('bn');
    answerPost = () => ({
      status: 400,
      body: { success: false, code: 'STAY_RULE', rule: 'minStay', date: '2026-06-06', minStay: 2, message: 'Stays arriving on 2026-06-06 must be at least 2 nights.' },
    });
    renderForm(stay());
    await screen.findByTestId('booking-plan-name');
    expect(screen.getByTestId('booking-plan-name')).toHaveTextContent('বেড অ্যান্ড ব্রেকফাস্ট');
    await confirm();
    const error = await screen.findByTestId('booking-error');
    expect(error.textContent).toMatch(/^.+ তারিখে আগমনের জন্য কমপক্ষে ২ রাত$/);
    expect(error.textContent).toContain('৬');
    expect(error.textContent).not.toMatch(/[0-9]|Stays/);
  });

  it('hides the coupon field with the reason on a plan that takes no coupon', async () => {
    couponsAllowed = false;
    renderForm(stay());
    expect(await screen.findByTestId('coupon-not-allowed')).toHaveTextContent('This rate plan does not take coupons.');
    expect(screen.queryByLabelText(/coupon/i)).toBeNull();
  });
});

describe('ReservationForm, one room: choosing another plan on the booking page', () => {
  it('switches the plan in the address, prices the stay on it and books it', async () => {
    const checkIn = addDays(todayAt(getSite().timeZone), 10);
    const nrfLines = [0, 1].map((i) => ({ date: addDays(checkIn, i), room: 5000, extraAdults: 0, extraChildren: 0, meals: 0, total: 5000 }));
    const quotePlan = (code: string, name: string, lines: typeof nrfLines) => ({
      code,
      name: { en: name, bn: name },
      meal: 'none',
      mealPrice: 0,
      couponsAllowed: true,
      cancellationPolicy: { freeHours: null, penalty: code === 'NRF' ? 'non_refundable' : 'first_night', penaltyPercent: null },
      quote: { lines, nights: 2, perNightCost: lines[0].room, subtotal: lines.reduce((a, l) => a + l.total, 0), serviceCharge: 0, vat: 0, amount: 0 },
      refusal: null,
    });
    const stdLines = nrfLines.map((l) => ({ ...l, room: 5500, total: 5500 }));
    const sent: Record<string, unknown>[] = [];
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (request) => {
      const req = request as Request;
      const { pathname } = new URL(req.url);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (pathname === '/api/rates/quote')
        return json(200, { success: true, data: [{ category: 'Twin', roomId: ROOM_ID, free: 1, plans: [quotePlan('STD', 'Standard', stdLines), quotePlan('NRF', 'Saver', nrfLines)] }] });
      if (req.method === 'POST' && pathname === '/api/reservations') {
        sent.push((await req.json()) as Record<string, unknown>);
        return json(400, { success: false, message: 'stop here' });
      }
      return answer(request);
    });
    renderForm(`checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&adults=1&children=0`);
    const choice = await screen.findByTestId('booking-plan-choice');
    expect(choice).toHaveValue('STD');
    // ৳11,000 + 10 % + 15 %: ৳13,915.
    expect(screen.getByTestId('price-total')).toHaveTextContent('৳13,915');
    await userEvent.selectOptions(choice, 'NRF');
    expect(new URLSearchParams(screen.getByTestId('search').textContent!).get('ratePlan')).toBe('NRF');
    // ৳10,000 + ৳1,000 + ৳1,650: ৳12,650.
    await vi.waitFor(() => expect(screen.getByTestId('price-total')).toHaveTextContent('৳12,650'));
    expect(screen.getByTestId('booking-plan-cancellation')).toHaveTextContent('Non-refundable');
    await userEvent.type(document.querySelector<HTMLInputElement>('input[name="phone"]')!, '01711-424242');
    await userEvent.click(screen.getByTestId('confirm-booking'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ rooms: [{ roomId: ROOM_ID, adults: 1, children: 0, ratePlan: 'NRF' }], expectedAmount: 12650 });
  });
});

describe('ReservationForm, one room: a reservation of that room', () => {
  /** The bodies POST /api/reservations was sent, and what it answers (one after the other). */
  let sent: Record<string, unknown>[];
  let answers: { status: number; body: unknown }[];
  const other = { ...room, _id: '00000000-0000-4000-8000-000000000002', room_overview: { ...room.room_overview, room_number: '102' } };

  beforeEach(() => {
    sent = [];
    answers = [];
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (request) => {
      const req = request as Request;
      const { pathname } = new URL(req.url);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      // After the 409, room 101 is no longer free and room 102 is.
      if (pathname === '/api/room' && sent.length > 0) return json(200, { success: true, data: [other], meta: { page: 1, limit: 1000, total: 1 } });
      if (req.method === 'POST' && pathname === '/api/reservations') {
        sent.push((await req.json()) as Record<string, unknown>);
        const a = answers.shift() ?? { status: 400, body: { success: false, message: 'stop here' } };
        return json(a.status, a.body);
      }
      return answer(request);
    });
  });

  it('checks the company BIN, then sends the room as the only one of the reservation, with the language and the company', async () => {
    const checkIn = addDays(todayAt(getSite().timeZone), 5);
    renderForm(`checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&adults=1&children=0`);
    await vi.waitFor(() => expect(screen.getByTestId('confirm-booking')).toBeEnabled());
    await userEvent.type(screen.getByLabelText('Phone'), '01711-424242');
    await userEvent.type(screen.getByLabelText('Company name'), 'Padma Traders Ltd');
    await userEvent.type(screen.getByLabelText('Company BIN'), '12345');
    await userEvent.click(screen.getByTestId('confirm-booking'));
    expect(screen.getByLabelText('Company BIN')).toHaveFocus();
    expect(screen.getByLabelText('Company BIN')).toHaveAccessibleDescription('9 or 13 digits A BIN has 9 or 13 digits.');
    expect(sent).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Company BIN'));
    await userEvent.type(screen.getByLabelText('Company BIN'), '123456789');
    await userEvent.click(screen.getByTestId('confirm-booking'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // ৳10,000 of nights, 10 % service charge, 15 % VAT on both: ৳12,650.
    expect(sent[0]).toEqual({
      checkIn,
      checkOut: addDays(checkIn, 2),
      phone: '01711-424242',
      airportShuttle: false,
      language: 'en',
      companyName: 'Padma Traders Ltd',
      companyBin: '123456789',
      rooms: [{ roomId: ROOM_ID, adults: 1, children: 0, ratePlan: 'STD' }],
      expectedAmount: 12650,
    });
  });

  it('on 409 says the room was just taken, keeps Confirm off and offers the other rooms free for the stay', async () => {
    const checkIn = addDays(todayAt(getSite().timeZone), 5);
    answers.push({
      status: 409,
      body: { success: false, code: 'ROOM_NOT_AVAILABLE', message: 'Sorry, Twin 101 was just booked.', roomId: ROOM_ID, roomType: 'Twin', roomNumber: '101', alternatives: [] },
    });
    renderForm(`checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&adults=1&children=0`);
    await vi.waitFor(() => expect(screen.getByTestId('confirm-booking')).toBeEnabled());
    await userEvent.type(screen.getByLabelText('Phone'), '01711-424242');
    await userEvent.click(screen.getByTestId('confirm-booking'));
    const alert = await screen.findByTestId('booking-error');
    expect(alert).toHaveTextContent('Sorry, Twin room 101 was just booked for some of these dates. Nothing was booked.');
    await vi.waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByTestId('confirm-booking')).toBeDisabled();
    const others = await screen.findByTestId('other-rooms');
    await vi.waitFor(() => expect(others).toHaveTextContent('102'));
  });
});
