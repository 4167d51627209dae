import { addDays, todayAt } from '@residency/shared/dates';
import { RESERVATION_ROOMS_MAX as SHARED_MAX } from '@residency/shared/reservations';
import { defaultRoomTemplate } from '@residency/shared/room-rules';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSite } from '../../../lib/site';
import { initTestI18n } from '../../../test/i18n';
import { stubRelativeRequest } from '../../../test/relative-request';
import { makeStore } from '../../../test/store';
import { setCheckIn, setCheckOut, setGuests } from '../filter-slice';
import ViewRatesPage from '../pages/view-rates-page';
import { RESERVATION_ROOMS_MAX, roomsFromQuery } from '../room-choice';

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

const roomOf = (id: string, category: string, beds: Record<string, number>, price: number) => {
  const template = defaultRoomTemplate();
  return {
    ...template,
    _id: id,
    category,
    status: 'available',
    price,
    images: [],
    room_overview: { ...template.room_overview, room_number: id },
    beds_and_bedding: { ...template.beds_and_bedding, ...beds },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
};

let freeRooms: ReturnType<typeof roomOf>[] = [];

/** One night on the Standard plan, priced on the type's cheapest free room; a child adds ৳1,000. */
function quoteFor(params: URLSearchParams) {
  const children = Number(params.get('children'));
  return categories
    .filter((c) => freeRooms.some((r) => r.category === c.name))
    .map((c) => {
      const cheapest = freeRooms.filter((r) => r.category === c.name).sort((a, b) => a.price - b.price)[0]!;
      const extra = children * 1000;
      const line = { date: params.get('checkIn'), room: cheapest.price, extraAdults: 0, extraChildren: extra, meals: 0, total: cheapest.price + extra };
      return {
        category: c.name,
        roomId: cheapest._id,
        free: freeRooms.filter((r) => r.category === c.name).length,
        plans: [
          {
            code: 'STD',
            name: { en: 'Standard', bn: 'স্ট্যান্ডার্ড' },
            meal: 'none',
            mealPrice: 0,
            couponsAllowed: true,
            cancellationPolicy: { freeHours: null, penalty: 'first_night', penaltyPercent: null },
            quote: { lines: [line], nights: 1, perNightCost: line.total, subtotal: line.total, serviceCharge: 0, vat: 0, amount: line.total },
            refusal: null,
          },
        ],
      };
    });
}

beforeAll(async () => {
  await initTestI18n('en');
});

beforeEach(() => {
  freeRooms = [];
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const body =
        url.pathname === '/api/room-categories'
          ? { success: true, data: categories }
          : url.pathname === '/api/rates/quote'
            ? { success: true, data: quoteFor(url.searchParams) }
            : { success: true, data: freeRooms, meta: { page: 1, limit: 1000, total: freeRooms.length } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await initTestI18n('en');
});

const checkIn = () => addDays(todayAt(getSite().timeZone), 30);
const dmy = (iso: string) => iso.split('-').reverse().join('-');

function renderPage() {
  const { store } = makeStore();
  store.dispatch(setCheckIn(dmy(checkIn())));
  store.dispatch(setCheckOut(dmy(addDays(checkIn(), 1))));
  store.dispatch(setGuests({ adults: 2, children: 0 }));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/view-rates']}>
        <ViewRatesPage />
      </MemoryRouter>
    </Provider>,
  );
}

const card = (category: string) => screen.getAllByTestId('rate-card').find((c) => c.getAttribute('data-category') === category)!;
const addButton = async (category: string) => {
  await vi.waitFor(() => expect(within(card(category)).getByTestId('add-room')).toBeTruthy());
  return within(card(category)).getByTestId('add-room');
};
const chosenRooms = () => within(screen.getByTestId('room-chooser')).getAllByTestId('chosen-room');

describe('/view-rates: several rooms in one reservation (issue 22)', () => {
  it('adds rooms of a type up to its free rooms, each with its own guests within its beds, and totals them', async () => {
    const user = userEvent.setup();
    freeRooms = [roomOf('t1', 'Twin', TWIN_BEDS, 5000), roomOf('t2', 'Twin', TWIN_BEDS, 5500), roomOf('f1', 'Family', FAMILY_BEDS, 8000)];
    renderPage();
    const addTwin = await addButton('Twin');
    expect(addTwin).toHaveAccessibleName('Add room: Twin, Standard, to a reservation of several rooms');
    await user.click(addTwin);
    await user.click(addTwin);
    expect(within(card('Twin')).getByTestId('added-count')).toHaveTextContent('2 rooms chosen');
    // Both free Twins are chosen: a third press adds nothing, and the row says why.
    expect(addTwin).toHaveAttribute('aria-disabled', 'true');
    await user.click(addTwin);
    expect(chosenRooms()).toHaveLength(2);
    expect(within(card('Twin')).getByTestId('add-room-limit')).toHaveTextContent('Every free room of this type is chosen.');

    await user.click(await addButton('Family'));
    expect(chosenRooms()).toHaveLength(3);
    const family = chosenRooms()[2]!;
    expect(within(family).getByTestId('chosen-room-name')).toHaveTextContent('Room 3: Family');
    // The family's room: a child, then no more guests than the room's 3.
    await user.click(within(family).getByRole('button', { name: 'More children in room 3 (Family)' }));
    expect(within(family).getByTestId('chosen-room-guests')).toHaveTextContent('2 Adults, 1 Child');
    expect(within(family).getByRole('button', { name: 'More adults in room 3 (Family)' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(family).getByRole('button', { name: 'More children in room 3 (Family)' })).toHaveAttribute('aria-disabled', 'true');
    // A Twin takes no child at all.
    expect(within(chosenRooms()[0]!).getByRole('button', { name: 'More children in room 1 (Twin)' })).toHaveAttribute('aria-disabled', 'true');

    // Each room priced on its own (t2 costs ৳500 more a night than the quoted t1), with 5 % and 10 %.
    await vi.waitFor(() => expect(within(family).getByTestId('chosen-room-price')).toHaveTextContent('৳10,395'));
    expect(within(chosenRooms()[0]!).getByTestId('chosen-room-price')).toHaveTextContent('৳5,775');
    expect(within(chosenRooms()[1]!).getByTestId('chosen-room-price')).toHaveTextContent('৳6,352.50');
    expect(screen.getByTestId('rooms-count')).toHaveTextContent('3 rooms · 7 guests');
    expect(screen.getByTestId('rooms-total-amount')).toHaveTextContent('৳22,522.50');
    expect(screen.getByTestId('rooms-bar')).toHaveTextContent('৳22,522.50');

    // Book 3 rooms carries every room, its plan and guests to the booking page.
    const book = screen.getByTestId('book-rooms');
    expect(book).toHaveTextContent('Book 3 rooms');
    const href = new URL(book.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/booking/rooms');
    expect(roomsFromQuery(href.searchParams)?.rooms).toEqual([
      { roomId: 't1', plan: 'STD', adults: 2, children: 0, category: 'Twin' },
      { roomId: 't2', plan: 'STD', adults: 2, children: 0, category: 'Twin' },
      { roomId: 'f1', plan: 'STD', adults: 2, children: 1, category: 'Family' },
    ]);
  });

  it(`holds at most ${RESERVATION_ROOMS_MAX} rooms, as the server does`, async () => {
    expect(RESERVATION_ROOMS_MAX).toBe(SHARED_MAX);
    const user = userEvent.setup();
    freeRooms = Array.from({ length: 12 }, (_, i) => roomOf(`t${i + 1}`, 'Twin', TWIN_BEDS, 5000));
    renderPage();
    const add = await addButton('Twin');
    for (let i = 0; i < 12; i += 1) await user.click(add);
    expect(chosenRooms()).toHaveLength(RESERVATION_ROOMS_MAX);
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(within(card('Twin')).getByTestId('add-room-limit')).toHaveTextContent('One reservation holds at most 10 rooms.');
  });

  it('works with the keyboard: Enter adds, Space steps the guests, Remove hands the focus to the list', async () => {
    const user = userEvent.setup();
    freeRooms = [roomOf('f1', 'Family', FAMILY_BEDS, 8000), roomOf('f2', 'Family', FAMILY_BEDS, 8000)];
    renderPage();
    const add = await addButton('Family');
    act(() => add.focus());
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(add).toHaveFocus();
    expect(chosenRooms()).toHaveLength(2);
    const fewer = within(chosenRooms()[1]!).getByRole('button', { name: 'Fewer adults in room 2 (Family)' });
    act(() => fewer.focus());
    await user.keyboard(' ');
    expect(within(chosenRooms()[1]!).getByTestId('room-adults-count')).toHaveTextContent('1');
    // At the least (one adult) the button keeps the focus and does nothing.
    await user.keyboard(' ');
    expect(fewer).toHaveFocus();
    expect(fewer).toHaveAttribute('aria-disabled', 'true');
    await user.tab();
    expect(within(chosenRooms()[1]!).getByRole('button', { name: 'More adults in room 2 (Family)' })).toHaveFocus();

    act(() => within(chosenRooms()[0]!).getByRole('button', { name: 'Remove room 1 (Family)' }).focus());
    await user.keyboard('{Enter}');
    expect(chosenRooms()).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Your rooms' })).toHaveFocus();
    // The last room removed: the list goes, and the focus goes to the results' heading.
    act(() => within(chosenRooms()[0]!).getByTestId('remove-room').focus());
    await user.keyboard('{Enter}');
    expect(screen.queryByTestId('room-chooser')).toBeNull();
    expect(screen.getByTestId('stay-summary')).toHaveFocus();
  });

  it('speaks Bengali, with Bengali digits', async () => {
    await initTestI18n('bn');
    const user = userEvent.setup();
    freeRooms = [roomOf('t1', 'Twin', TWIN_BEDS, 5000), roomOf('f1', 'Family', FAMILY_BEDS, 8000)];
    renderPage();
    await user.click(await addButton('Twin'));
    await user.click(await addButton('Family'));
    expect(within(chosenRooms()[1]!).getByTestId('chosen-room-name')).toHaveTextContent('রুম ২: ফ্যামিলি');
    expect(within(chosenRooms()[1]!).getByRole('button', { name: 'রুম ২-এ (ফ্যামিলি) শিশু বাড়ান' })).toBeTruthy();
    expect(screen.getByTestId('rooms-count')).toHaveTextContent('২টি রুম · ৪ জন অতিথি');
    expect(screen.getByTestId('book-rooms')).toHaveTextContent('২টি রুম বুক করুন');
    await vi.waitFor(() => expect(screen.getByTestId('rooms-total-amount')).toHaveTextContent('৳১৫,০১৫'));
  });
});
