import { addDays, todayAt } from '@residency/shared/dates';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../test/store';
import { getSite } from '../../../lib/site';
import { initTestI18n } from '../../../test/i18n';
import { BookingForm } from './booking-form';
import { stubRelativeRequest } from '../../../test/relative-request';

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

beforeEach(() => {
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      const body =
        pathname === `/api/room/${ROOM_ID}`
          ? { success: true, data: room }
          : pathname === '/api/room'
            ? { success: true, data: [room], meta: { page: 1, limit: 1000, total: 1 } }
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
                <BookingForm roomId={ROOM_ID} walkIn={false} onBooked={() => {}} />
                <Search />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('BookingForm: the longest stay', () => {
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

describe('BookingForm: an old link', () => {
  it('moves a past stay to start today and tells the guest before they confirm', async () => {
    const today = todayAt(getSite().timeZone);
    renderForm('checkIn=2020-01-10&checkOut=2020-01-12&adults=1&children=0');
    expect(await screen.findByTestId('stay-moved')).toHaveTextContent('The check-in date had passed, so the stay now starts today');
    expect(new URLSearchParams(screen.getByTestId('search').textContent!).get('checkIn')).toBe(today);
    expect(screen.getByTestId('booking-nights')).toHaveTextContent('2 nights');
  });
});

describe('BookingForm: the front desk’s walk-in', () => {
  function renderWalkIn() {
    const { store } = makeStore();
    const checkIn = addDays(todayAt(getSite().timeZone), 1);
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[`/guest/booking/${ROOM_ID}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&adults=1&children=0`]}>
          <Routes>
            <Route path="/guest/booking/:id" element={<BookingForm roomId={ROOM_ID} walkIn onBooked={() => {}} />} />
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
      if (req.method !== 'POST' || new URL(req.url).pathname !== '/api/bookings/walk-in') return answer(request);
      sent.push(await req.json());
      return new Response(JSON.stringify({ success: false, message: 'stop here' }), { status: 400, headers: { 'content-type': 'application/json' } });
    });
    renderWalkIn();
    await userEvent.type(await screen.findByLabelText("Guest's name"), 'Abdul Karim');
    await userEvent.type(screen.getByLabelText('Phone'), '01711-424242');
    await userEvent.click(screen.getByTestId('confirm-booking'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ phone: '01711-424242', guest: { name: 'Abdul Karim' } });
    expect((sent[0] as { guest: object }).guest).not.toHaveProperty('email');
  });

  it('speaks of the guest in English too ("The guest\'s stay", never "your")', async () => {
    await initTestI18n('en');
    renderWalkIn();
    expect(await screen.findByRole('heading', { name: /The guest's stay/ })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\byou(r)?\b/i);
  });
});
