import { addDays, isoToDmy, todayAt } from '@residency/shared/dates';
import { defaultRoomTemplate } from '@residency/shared/room-rules';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { selectCategory, selectGuests, selectStay, setCheckOut, setGuests } from '../filter-slice';
import { makeStore } from '../../../test/store';
import { getSite } from '../../../lib/site';
import { initTestI18n } from '../../../test/i18n';
import ViewRatesPage from './view-rates-page';
import { stubRelativeRequest } from '../../../test/relative-request';

// The hotel's settings as the server writes them into the page (lib/site.ts), before the modules
// that read them load: a service charge and VAT other than the usual 10 % and 15 %, so that a
// total can only come from these.
const siteConfig = vi.hoisted(() => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'site-config';
  script.textContent = JSON.stringify({ name: 'Residency', timeZone: 'Asia/Dhaka', serviceChargePercent: 5, vatPercent: 10 });
  document.head.append(script);
  return script;
});
afterAll(() => siteConfig.remove());


/** Two room types: Twin sleeps 2 adults and no child; Family the hotel's 3. */
const categories = [
  { _id: 'c1', name: 'Twin', translations: { bn: { name: 'টুইন' } }, offerPrice: 5000, rackRate: 0, images: [], beds_and_bedding: { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 } },
  { _id: 'c2', name: 'Family', offerPrice: 8000, rackRate: 0, images: [], beds_and_bedding: { maximum_adults: 3, maximum_children: 2, maximum_occupancy: 3 } },
];

/** The free rooms the room search answers (none unless a test says so). */
let freeRooms: unknown[] = [];
/** A free room of a category, as `GET /api/room` answers it. */
const roomOf = (id: string, category: string, beds: Record<string, number>) => {
  const template = defaultRoomTemplate();
  return {
    ...template,
    _id: id,
    category,
    status: 'available',
    price: 5000,
    images: [],
    room_overview: { ...template.room_overview, room_number: id },
    beds_and_bedding: { ...template.beds_and_bedding, ...beds },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
};

/** What `GET /api/rates/quote` answers (no room type unless a test says so). */
let quotes: unknown[] = [];

/** The room searches made: their query parameters. */
let roomSearches: URLSearchParams[] = [];
/** How often the categories were fetched. */
let categoryRequests = 0;

beforeAll(async () => {
  await initTestI18n('en');
});

beforeEach(() => {
  roomSearches = [];
  freeRooms = [];
  quotes = [];
  categoryRequests = 0;
  // Phones' layout: the page shows its own stay controls (no booking bar in these tests).
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/room') roomSearches.push(url.searchParams);
      if (url.pathname === '/api/room-categories') categoryRequests += 1;
      const body =
        url.pathname === '/api/room-categories'
          ? { success: true, data: categories }
          : url.pathname === '/api/rates/quote'
            ? { success: true, data: quotes }
            : { success: true, data: freeRooms, meta: { page: 1, limit: 1000, total: freeRooms.length } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The page's address as the router holds it (path and query). */
let address = '';
function Address() {
  const location = useLocation();
  address = `${location.pathname}${location.search}`;
  return null;
}

function renderPage(prepare: (store: ReturnType<typeof makeStore>['store']) => void = () => {}, url = '/view-rates') {
  const { store } = makeStore();
  prepare(store);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <ViewRatesPage />
        <Address />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const today = () => todayAt(getSite().timeZone);
const lastSearch = () => roomSearches.at(-1)!;

describe('/view-rates: guests and the chosen room type', () => {
  it('brings the guests within a room type chosen after them, and says so', async () => {
    const user = userEvent.setup();
    const store = renderPage((s) => s.dispatch(setGuests({ adults: 2, children: 1 })));
    const chips = await screen.findByTestId('category-chips');
    await user.click(within(chips).getByRole('button', { name: 'Twin' }));
    expect(selectGuests(store.getState())).toEqual({ adults: 2, children: 0 });
    expect(screen.getByTestId('guests-fitted')).toHaveTextContent('Twin cannot sleep that many guests, so your search is now for 2 Adults.');
    await vi.waitFor(() => expect(lastSearch().get('categories')).toBe('Twin'));
    expect(JSON.parse(lastSearch().get('guests')!)).toEqual({ adults: 2, children: 0 });
  });

  it('says so in Bengali, with the room type\'s Bengali name and Bengali digits', async () => {
    await initTestI18n('bn');
    try {
      const user = userEvent.setup();
      renderPage((s) => s.dispatch(setGuests({ adults: 3, children: 0 })));
      const chips = await screen.findByTestId('category-chips');
      await user.click(within(chips).getByRole('button', { name: 'টুইন' }));
      expect(screen.getByTestId('guests-fitted')).toHaveTextContent(
        'টুইন রুমে এতজন অতিথি থাকতে পারেন না, তাই অতিথির সংখ্যা বদলে ২ জন প্রাপ্তবয়স্ক করা হয়েছে।',
      );
      expect(screen.getByTestId('guest-picker-value')).toHaveTextContent('২ জন প্রাপ্তবয়স্ক');
    } finally {
      await initTestI18n('en');
    }
  });

  it('opens with the room type of ?category= chosen ("Book again" on My Bookings), guests fitted to it', async () => {
    const store = renderPage((s) => s.dispatch(setGuests({ adults: 3, children: 0 })), '/view-rates?category=Twin');
    const chips = await screen.findByTestId('category-chips');
    await vi.waitFor(() => expect(within(chips).getByRole('button', { name: 'Twin' })).toHaveAttribute('aria-pressed', 'true'));
    expect(selectGuests(store.getState())).toEqual({ adults: 2, children: 0 });
    await vi.waitFor(() => expect(lastSearch().get('categories')).toBe('Twin'));
  });

  it('says the guests exceed the room type (not "no room is free") and offers to fit them', async () => {
    const user = userEvent.setup();
    const store = renderPage((s) => {
      // As after a booking page's link set 3 guests while Twin stayed chosen.
      s.dispatch(selectCategory('Twin'));
      s.dispatch(setGuests({ adults: 3, children: 0 }));
    });
    const notice = await screen.findByTestId('rates-too-many-guests');
    expect(notice).toHaveTextContent('Twin cannot sleep 3 Adults');
    expect(notice).toHaveTextContent('Twin sleeps up to 2 adults and 0 children, 2 guests in all.');
    expect(screen.queryByTestId('rates-empty')).toBeNull();
    await user.click(screen.getByTestId('fit-guests'));
    expect(selectGuests(store.getState())).toEqual({ adults: 2, children: 0 });
    expect(await screen.findByTestId('rates-empty')).toBeInTheDocument();
  });

  it('still says "no room is free" when the guests fit', async () => {
    renderPage();
    expect(await screen.findByTestId('rates-empty')).toHaveTextContent('No room is free for this stay');
  });
});

describe('/view-rates: who each room type sleeps', () => {
  afterEach(async () => {
    await initTestI18n('en');
  });
  const rooms = () => [
    roomOf('r1', 'Twin', { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 }),
    roomOf('r2', 'Family', { maximum_adults: 2, maximum_children: 1, maximum_occupancy: 3 }),
  ];
  const capacityOf = (name: string) =>
    within(screen.getAllByTestId('rate-card').find((card) => card.getAttribute('data-category') === name)!).getByTestId('rate-capacity');

  it('shows the real limits, not "up to N guests"', async () => {
    freeRooms = rooms();
    renderPage();
    await screen.findAllByTestId('rate-card');
    expect(capacityOf('Family')).toHaveTextContent(/^2 adults \+ 1 child \(3 guests at most\)$/);
    expect(capacityOf('Twin')).toHaveTextContent(/^2 adults$/);
    expect(document.body).not.toHaveTextContent(/Up to/);
  });

  it('says a room whose adults and children share its places by the places first, never adding up to more (issue 31)', async () => {
    // The Family Room: 3 adults, or 2 children with an adult, 3 in all.
    freeRooms = [roomOf('r2', 'Family', { maximum_adults: 3, maximum_children: 2, maximum_occupancy: 3 })];
    renderPage();
    await screen.findAllByTestId('rate-card');
    expect(capacityOf('Family')).toHaveTextContent(/^Up to 3 guests \(at most 2 children\)$/);
    cleanup();
    await initTestI18n('bn');
    renderPage();
    await screen.findAllByTestId('rate-card');
    expect(capacityOf('Family')).toHaveTextContent(/^সর্বোচ্চ ৩ জন অতিথি \(এর মধ্যে সর্বোচ্চ ২ জন শিশু\)$/);
  });

  it('in Bengali, with Bengali digits', async () => {
    await initTestI18n('bn');
    freeRooms = rooms();
    renderPage();
    await screen.findAllByTestId('rate-card');
    expect(capacityOf('Family')).toHaveTextContent(/^২ জন প্রাপ্তবয়স্ক \+ ১ জন শিশু \(মোট সর্বোচ্চ ৩ জন\)$/);
    expect(capacityOf('Twin')).toHaveTextContent(/^২ জন প্রাপ্তবয়স্ক$/);
  });
});

describe('/view-rates: a room type with no room free (booked, or held by a channel or the desk)', () => {
  afterEach(async () => {
    await initTestI18n('en');
  });
  const soldOutNames = () => screen.queryAllByTestId('sold-out-card').map((card) => card.getAttribute('data-category'));

  it('is said as sold out under the room types still free, not left out', async () => {
    freeRooms = [roomOf('r1', 'Twin', { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 })];
    renderPage();
    await screen.findAllByTestId('rate-card');
    expect(screen.getAllByTestId('rate-card').map((card) => card.getAttribute('data-category'))).toEqual(['Twin']);
    expect(soldOutNames()).toEqual(['Family']);
    expect(screen.getByTestId('sold-out-card')).toHaveTextContent('FamilySold outEvery room of this type is taken on these nights. Try other dates.');
  });

  it('only for the guests it could sleep: a type too small for them is not "sold out"', async () => {
    freeRooms = [roomOf('r2', 'Family', { maximum_adults: 3, maximum_children: 2, maximum_occupancy: 3 })];
    renderPage((s) => s.dispatch(setGuests({ adults: 3, children: 0 })));
    await screen.findAllByTestId('rate-card');
    expect(soldOutNames()).toEqual([]);
  });

  it('with "no room is free" when every type is sold out, and only the chosen type when one is chosen', async () => {
    renderPage();
    expect(await screen.findByTestId('rates-empty')).toBeInTheDocument();
    expect(soldOutNames()).toEqual(['Twin', 'Family']);
    cleanup();
    renderPage((s) => s.dispatch(selectCategory('Family')));
    await vi.waitFor(() => expect(lastSearch().get('categories')).toBe('Family'));
    await vi.waitFor(() => expect(soldOutNames()).toEqual(['Family']));
  });

  it('in Bengali, with the room type\'s Bengali name', async () => {
    await initTestI18n('bn');
    freeRooms = [roomOf('r2', 'Family', { maximum_adults: 3, maximum_children: 2, maximum_occupancy: 3 })];
    renderPage();
    await screen.findAllByTestId('rate-card');
    expect(screen.getByTestId('sold-out-card')).toHaveTextContent('টুইনবিক্রি শেষএই রাতগুলোতে এই ধরনের সব রুম নেওয়া হয়ে গেছে। অন্য তারিখ দিয়ে চেষ্টা করুন।');
  });
});

describe('/view-rates: the longest stay', () => {
  it('says one booking holds at most 60 nights instead of searching, and shortens the stay', async () => {
    const user = userEvent.setup();
    const checkIn = today();
    renderPage((s) => s.dispatch(setCheckOut(isoToDmy(addDays(checkIn, 61)))));
    const notice = await screen.findByTestId('rates-too-long');
    expect(notice).toHaveTextContent('One booking holds at most 60 nights');
    expect(notice).toHaveTextContent('Your stay is 61 nights.');
    // The page has made its requests (the categories, fetched together with any room search)
    // and none of them was a room search for the long stay.
    await vi.waitFor(() => expect(categoryRequests).toBeGreaterThan(0));
    await act(async () => {});
    expect(roomSearches).toHaveLength(0);
    await user.click(screen.getByTestId('shorten-stay'));
    await vi.waitFor(() => expect(lastSearch().get('checkOut')).toBe(addDays(checkIn, 60)));
    expect(screen.getByTestId('stay-summary')).toHaveTextContent('60 nights');
  });
});

describe('/view-rates: the search in the address', () => {
  const checkIn = () => addDays(today(), 5);
  const checkOut = () => addDays(today(), 7);

  it('opens the search of the address (a reload, a bookmark, a shared link)', async () => {
    const store = renderPage(() => {}, `/view-rates?checkIn=${checkIn()}&checkOut=${checkOut()}&adults=2&children=1&category=Family`);
    const chips = await screen.findByTestId('category-chips');
    await vi.waitFor(() => expect(within(chips).getByRole('button', { name: 'Family' })).toHaveAttribute('aria-pressed', 'true'));
    expect(selectStay(store.getState())).toEqual({ checkIn: checkIn(), checkOut: checkOut() });
    expect(selectGuests(store.getState())).toEqual({ adults: 2, children: 1 });
    await vi.waitFor(() => expect(lastSearch().get('categories')).toBe('Family'));
    expect(lastSearch().get('checkIn')).toBe(checkIn());
    // Only the asked room type was searched: not every one first, while the room types loaded.
    expect(roomSearches.every((q) => q.get('categories') === 'Family')).toBe(true);
    expect(screen.getByTestId('stay-summary')).toHaveTextContent('2 nights');
    expect(address).toBe(`/view-rates?checkIn=${checkIn()}&checkOut=${checkOut()}&adults=2&children=1&category=Family`);
  });

  it('writes each change of the search into the address', async () => {
    const user = userEvent.setup();
    const store = renderPage();
    const chips = await screen.findByTestId('category-chips');
    expect(address).toBe('/view-rates');
    await user.click(within(chips).getByRole('button', { name: 'Twin' }));
    await vi.waitFor(() => expect(address).toBe('/view-rates?category=Twin'));
    act(() => {
      store.dispatch(setGuests({ adults: 2, children: 0 }));
      store.dispatch(setCheckOut(isoToDmy(addDays(today(), 3))));
    });
    await vi.waitFor(() =>
      expect(address).toBe(`/view-rates?checkIn=${today()}&checkOut=${addDays(today(), 3)}&adults=2&children=0&category=Twin`),
    );
    await user.click(within(chips).getByRole('button', { name: 'All rooms' }));
    await vi.waitFor(() => expect(address).toBe(`/view-rates?checkIn=${today()}&checkOut=${addDays(today(), 3)}&adults=2&children=0`));
  });

  it('falls back to the defaults for wrong values, and drops them from the address', async () => {
    const store = renderPage(() => {}, '/view-rates?checkIn=2026-02-30&checkOut=yesterday&adults=9&children=-1&category=No%20such%20room');
    await screen.findByTestId('category-chips');
    await vi.waitFor(() => expect(address).toBe('/view-rates'));
    expect(selectStay(store.getState())).toEqual({ checkIn: today(), checkOut: addDays(today(), 1) });
    expect(selectGuests(store.getState())).toEqual({ adults: 1, children: 0 });
    expect(within(screen.getByTestId('category-chips')).getByRole('button', { name: 'All rooms' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByTestId('rates-empty')).toBeInTheDocument();
  });

  it('keeps what else the address carries (a link made for one language)', async () => {
    renderPage(() => {}, `/view-rates?lang=bn&category=Twin&adults=abc`);
    const chips = await screen.findByTestId('category-chips');
    await vi.waitFor(() => expect(within(chips).getByRole('button', { name: 'Twin' })).toHaveAttribute('aria-pressed', 'true'));
    await vi.waitFor(() => expect(address).toBe('/view-rates?category=Twin&lang=bn'));
  });

  it('moves a stay of an old link to start today, same length', async () => {
    const store = renderPage(() => {}, '/view-rates?checkIn=2020-01-01&checkOut=2020-01-04');
    await screen.findByTestId('category-chips');
    await vi.waitFor(() => expect(address).toBe(`/view-rates?checkIn=${today()}&checkOut=${addDays(today(), 3)}`));
    expect(selectStay(store.getState())).toEqual({ checkIn: today(), checkOut: addDays(today(), 3) });
  });
});

describe('/view-rates: what the stay costs in all', () => {
  afterEach(async () => {
    await initTestI18n('en');
  });
  const stayOfTwoNights = (s: ReturnType<typeof makeStore>['store']) => s.dispatch(setCheckOut(isoToDmy(addDays(today(), 2))));
  const cardOf = (name: string) => screen.getAllByTestId('rate-card').find((card) => card.getAttribute('data-category') === name)!;

  it('shows beside the nightly price the total for the nights chosen, with the hotel\'s service charge and VAT', async () => {
    freeRooms = [
      roomOf('r1', 'Twin', { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 }),
      { ...roomOf('r2', 'Family', { maximum_adults: 3, maximum_children: 2, maximum_occupancy: 3 }), price: 8250 },
    ];
    renderPage(stayOfTwoNights);
    await screen.findAllByTestId('rate-card');
    // Twin: 2 × ৳5,000 = ৳10,000; 5 % service ৳500; 10 % VAT on both ৳1,050; ৳11,550 in all.
    const twin = cardOf('Twin');
    expect(within(twin).getByTestId('offer-price')).toHaveTextContent('৳5,000');
    expect(within(twin).getByTestId('stay-total')).toHaveTextContent(/^Total for 2 nights with service charge and VAT: ৳11,550$/);
    expect(within(twin).getByTestId('stay-total-breakdown')).toHaveTextContent(
      /^৳10,000 room \+ ৳500 service charge \(5%\) \+ ৳1,050 VAT \(10%\)$/,
    );
    // Family: 2 × ৳8,250 = ৳16,500; ৳825; ৳1,732.50; ৳19,057.50.
    expect(within(cardOf('Family')).getByTestId('stay-total')).toHaveTextContent('৳19,057.50');
    expect(within(cardOf('Family')).getByTestId('stay-total-breakdown')).toHaveTextContent('৳16,500 room + ৳825 service charge (5%) + ৳1,732.50 VAT (10%)');
  });

  it('in Bengali, with Bengali digits', async () => {
    await initTestI18n('bn');
    freeRooms = [roomOf('r1', 'Twin', { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 })];
    renderPage(stayOfTwoNights);
    const [twin] = await screen.findAllByTestId('rate-card');
    expect(within(twin).getByTestId('stay-total')).toHaveTextContent(/^সার্ভিস চার্জ ও ভ্যাটসহ মোট \(২ রাত\): ৳১১,৫৫০$/);
    expect(within(twin).getByTestId('stay-total-breakdown')).toHaveTextContent(
      /^রুম ভাড়া ৳১০,০০০ \+ সার্ভিস চার্জ ৳৫০০ \(৫%\) \+ ভ্যাট ৳১,০৫০ \(১০%\)$/,
    );
    // Each part keeps its name beside its amount when the line wraps on a phone ("ভ্যাট" alone at a line's end).
    expect(within(twin).getByTestId('stay-total-breakdown').textContent!.split(' + ')).toEqual([
      'রুম\u00a0ভাড়া\u00a0৳১০,০০০',
      'সার্ভিস\u00a0চার্জ\u00a0৳৫০০\u00a0(৫%)',
      'ভ্যাট\u00a0৳১,০৫০\u00a0(১০%)',
    ]);
  });
});

describe('/view-rates on a phone: Check Availability', () => {
  it('brings the results into view and moves the focus to their heading, the stay they are for', async () => {
    const user = userEvent.setup();
    // jsdom lays nothing out: record which element was asked to come into view, and how.
    const scrolled: { element: Element; options: unknown }[] = [];
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolled.push({ element: this, options });
    };
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    freeRooms = [roomOf('r1', 'Twin', { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 })];
    renderPage();
    await screen.findAllByTestId('rate-card');
    const controls = screen.getByTestId('rates-controls');
    await user.click(within(controls).getByRole('button', { name: 'Check Availability' }));
    const results = screen.getByTestId('rates-results');
    expect(scrolled.map((s) => s.element)).toEqual([results]);
    expect(scrolled[0].options).toMatchObject({ block: 'start' });
    // The heading of the results has the focus, and names them: the nights, the dates, the guests.
    const heading = screen.getByRole('heading', { name: /^1 night · .+ · 1 Adult$/ });
    expect(heading).toHaveFocus();
    expect(results).toHaveAccessibleName(heading.textContent!);
    expect(within(results).getAllByTestId('rate-card')).toHaveLength(1);
  });
});

describe('/view-rates: the rate plans of each room type (issue 21)', () => {
  afterEach(async () => {
    await initTestI18n('en');
  });
  const policy = (penalty: string, freeHours: number | null = null) => ({ freeHours, penalty, penaltyPercent: null });
  /** A night some weeks ahead (n days on from the first): its free cancellation still to come. */
  const ahead = (n: number) => addDays(todayAt('Asia/Dhaka'), 30 + n);
  /** Two nights at ৳6,600 and one at ৳7,000 for 2 adults with breakfast (৳500 each): the server's figures. */
  const breakfastQuote = {
    lines: [
      { date: ahead(0), room: 6600, extraAdults: 0, extraChildren: 0, meals: 1000, total: 7600 },
      { date: ahead(1), room: 6600, extraAdults: 0, extraChildren: 0, meals: 1000, total: 7600 },
      { date: ahead(2), room: 7000, extraAdults: 0, extraChildren: 0, meals: 1000, total: 8000 },
    ],
    nights: 3,
    perNightCost: 7733.33,
    subtotal: 23200,
    serviceCharge: 1160,
    vat: 2436,
    amount: 26796,
  };
  const plan = (code: string, over: Record<string, unknown>) => ({
    code,
    name: { en: code, bn: code },
    meal: 'none',
    mealPrice: 0,
    couponsAllowed: true,
    cancellationPolicy: policy('first_night'),
    quote: null,
    refusal: null,
    ...over,
  });
  const twinQuote = (plans: unknown[]) => ({ category: 'Twin', roomId: 'r1', free: 1, plans });
  const planRow = (code: string) => screen.getAllByTestId('rate-plan').find((row) => row.getAttribute('data-plan') === code)!;

  it('lists each plan with its total, average, what it includes, its cancellation terms and its own Book link', async () => {
    freeRooms = [roomOf('r1', 'Twin', { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 })];
    quotes = [
      twinQuote([
        plan('BB', { name: { en: 'Bed & Breakfast', bn: 'বেড অ্যান্ড ব্রেকফাস্ট' }, meal: 'breakfast', mealPrice: 500, cancellationPolicy: policy('first_night', 48), deposit: { policy: 'first_night', percent: null }, quote: breakfastQuote }),
        plan('NRF', { name: { en: 'Non-refundable', bn: 'অফেরতযোগ্য' }, cancellationPolicy: policy('non_refundable'), quote: { ...breakfastQuote, amount: 20000, perNightCost: 6000 } }),
      ]),
    ];
    renderPage((s) => s.dispatch(setGuests({ adults: 2, children: 0 })));
    await screen.findAllByTestId('rate-plan');
    const bb = planRow('BB');
    expect(within(bb).getByTestId('plan-name')).toHaveTextContent('Bed & Breakfast');
    expect(within(bb).getByTestId('plan-total')).toHaveTextContent('৳26,796');
    expect(within(bb).getByTestId('plan-average')).toHaveTextContent('Average ৳7,733.33 a night');
    expect(within(bb).getByTestId('plan-includes')).toHaveTextContent(/^Breakfast for 2 included$/);
    expect(within(bb).getByTestId('plan-cancellation')).toHaveTextContent(/^Free cancellation until 48 hours before check-in, then the first night$/);
    // A plan that asks a deposit says so (issue 22); one that asks none says nothing about it.
    expect(within(bb).getByTestId('plan-deposit')).toHaveTextContent('first night');
    expect(new URL(within(bb).getByTestId('book-button').getAttribute('href')!, 'http://x').searchParams.get('ratePlan')).toBe('BB');
    expect(within(bb).getByTestId('book-button').getAttribute('href')).toMatch(/^\/booking\/r1\?/);
    // Why this price: the two ৳6,600 nights grouped, the Saturday alone, the meals, then the charges.
    const groups = within(bb).getAllByTestId('price-night-group').map((g) => g.textContent);
    expect(groups).toEqual(['2 nights × ৳6,600', '1 night × ৳7,000']);
    expect(within(bb).getByTestId('price-meals')).toHaveTextContent('৳3,000');
    expect(within(bb).getByTestId('price-service')).toHaveTextContent('৳1,160');
    expect(within(bb).getByTestId('price-vat')).toHaveTextContent('৳2,436');
    const nrf = planRow('NRF');
    expect(within(nrf).getByTestId('plan-includes')).toHaveTextContent(/^Room only$/);
    expect(within(nrf).getByTestId('plan-cancellation')).toHaveTextContent(/^Non-refundable$/);
    expect(within(nrf).queryByTestId('plan-deposit')).toBeNull();
    expect(within(nrf).getByTestId('plan-total')).toHaveTextContent('৳20,000');
  });

  it("says a night's price as the calendar has it for these dates (the cheapest open plan's average room night), not the room's own", async () => {
    // The room's own price is ৳5,000; these nights cost ৳6,600, ৳6,600 and ৳7,000 on Bed & Breakfast.
    freeRooms = [roomOf('r1', 'Twin', { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 })];
    quotes = [twinQuote([plan('BB', { quote: breakfastQuote })])];
    renderPage((s) => s.dispatch(setGuests({ adults: 2, children: 0 })));
    await screen.findAllByTestId('rate-plan');
    expect(screen.getByTestId('offer-price')).toHaveTextContent('৳6,733');
  });

  it('keeps a plan a rule closes, and a room type whose every plan is closed, with the reason and no Book button', async () => {
    freeRooms = [roomOf('r1', 'Twin', { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 })];
    quotes = [
      twinQuote([
        plan('STD', { refusal: { rule: 'minStay', date: '2026-06-06', minStay: 2 } }),
        plan('NRF', { refusal: { rule: 'closedToArrival', date: '2026-06-05' } }),
      ]),
    ];
    renderPage();
    await screen.findAllByTestId('rate-plan');
    const card = screen.getByTestId('rate-card');
    expect(card).toHaveAttribute('data-category', 'Twin');
    expect(within(planRow('STD')).getByTestId('plan-closed')).toHaveTextContent(/^Minimum 2 nights for arrivals on Sat, Jun 6$/);
    expect(within(planRow('NRF')).getByTestId('plan-closed')).toHaveTextContent(/^No arrivals on Fri, Jun 5$/);
    expect(within(card).queryByTestId('book-button')).toBeNull();
  });

  const EID = { en: 'Eid season', bn: 'ঈদের মৌসুম' };

  it("says a closed night's real price beside the reason, not the room type's base offer (issue 31)", async () => {
    // Was ৳6,800, now ৳5,000 is the room type's offer; the Eid night costs ৳9,100 and needs 2 nights.
    categories[0]!.rackRate = 6800;
    onTestFinished(() => void (categories[0]!.rackRate = 0));
    freeRooms = [roomOf('r1', 'Twin', { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 })];
    quotes = [
      twinQuote([
        plan('STD', { refusal: { rule: 'minStay', date: '2026-06-06', minStay: 2 }, nights: [{ date: '2026-06-06', price: 9100, rule: { name: EID, weekdays: null } }] }),
      ]),
    ];
    renderPage();
    await screen.findAllByTestId('rate-plan');
    const card = screen.getByTestId('rate-card');
    expect(within(card).getByTestId('offer-price')).toHaveTextContent('৳9,100');
    expect(within(card).queryByTestId('rack-rate')).toBeNull();
    expect(card).not.toHaveTextContent('5,000');
    expect(within(planRow('STD')).getByTestId('plan-closed')).toHaveTextContent('Minimum 2 nights');
  });

  it('names in "Why this price" the season or the weekday rule that set a night\'s price, in both languages (issue 31)', async () => {
    freeRooms = [roomOf('r1', 'Twin', { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 })];
    const nights = [
      { date: ahead(0), price: 6600, rule: null },
      { date: ahead(1), price: 6600, rule: { name: null, weekdays: [5, 6] } },
      { date: ahead(2), price: 7000, rule: { name: EID, weekdays: null } },
    ];
    quotes = [twinQuote([plan('BB', { quote: breakfastQuote, nights })])];
    renderPage((s) => s.dispatch(setGuests({ adults: 2, children: 0 })));
    await screen.findAllByTestId('rate-plan');
    const bb = planRow('BB');
    expect(within(bb).getAllByTestId('price-night-group').map((g) => g.textContent)).toEqual(['1 night × ৳6,600', '1 night × ৳6,600', '1 night × ৳7,000']);
    expect(within(bb).getAllByTestId('price-night-why').map((w) => w.textContent)).toEqual([' · Friday and Saturday', ' · Eid season']);

    cleanup();
    await initTestI18n('bn');
    renderPage((s) => s.dispatch(setGuests({ adults: 2, children: 0 })));
    await screen.findAllByTestId('rate-plan');
    expect(within(planRow('BB')).getAllByTestId('price-night-why').map((w) => w.textContent)).toEqual([' · শুক্রবার এবং শনিবার', ' · ঈদের মৌসুম']);
  });

  it('says what cancelling costs now for a stay whose free cancellation has ended before it is booked (tonight), in both languages (issue 31)', async () => {
    freeRooms = [roomOf('r1', 'Twin', { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 })];
    const tonight = { ...breakfastQuote, lines: breakfastQuote.lines.map((l, i) => ({ ...l, date: addDays(todayAt('Asia/Dhaka'), i) })) };
    quotes = [twinQuote([plan('BB', { cancellationPolicy: policy('first_night', 48), quote: tonight }), plan('NRF', { cancellationPolicy: policy('non_refundable'), quote: tonight })])];
    renderPage((s) => s.dispatch(setGuests({ adults: 2, children: 0 })));
    await screen.findAllByTestId('rate-plan');
    expect(within(planRow('BB')).getByTestId('plan-cancellation')).toHaveTextContent(/^Cancelling now costs ৳6,600: the free cancellation has ended$/);
    expect(within(planRow('NRF')).getByTestId('plan-cancellation')).toHaveTextContent(/^Non-refundable$/);
    cleanup();
    await initTestI18n('bn');
    renderPage((s) => s.dispatch(setGuests({ adults: 2, children: 0 })));
    await screen.findAllByTestId('rate-plan');
    expect(within(planRow('BB')).getByTestId('plan-cancellation')).toHaveTextContent(/^এখন বাতিল করলে ৳৬,৬০০ লাগবে/);
  });

  it('says the reason in Bengali, with the Bengali plan name and digits', async () => {
    await initTestI18n('bn');
    freeRooms = [roomOf('r1', 'Twin', { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 })];
    quotes = [
      twinQuote([
        plan('STD', { name: { en: 'Standard', bn: 'স্ট্যান্ডার্ড' }, refusal: { rule: 'minStay', date: '2026-06-06', minStay: 2 } }),
        plan('NRF', { refusal: { rule: 'stopSell', date: '2026-06-05' } }),
      ]),
    ];
    renderPage();
    await screen.findAllByTestId('rate-plan');
    expect(within(planRow('STD')).getByTestId('plan-name')).toHaveTextContent('স্ট্যান্ডার্ড');
    const reason = within(planRow('STD')).getByTestId('plan-closed').textContent!;
    expect(reason).toMatch(/^.+ তারিখে আগমনের জন্য কমপক্ষে ২ রাত$/);
    expect(reason).toContain('৬');
    expect(reason).not.toMatch(/[0-9]/);
    expect(within(planRow('NRF')).getByTestId('plan-closed')).toHaveTextContent(/তারিখের রাতে বিক্রি বন্ধ$/);
  });
});
