import { addDays, todayAt } from '@residency/shared/dates';
import type { TOnlinePaymentSession, TReservation } from '@residency/shared';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSite } from '../../../../lib/site';
import { initTestI18n } from '../../../../test/i18n';
import { stubRelativeRequest } from '../../../../test/relative-request';
import { makeStore } from '../../../../test/store';
import { ReservationForm } from '../booking-form/reservation-form';
import { gatewayNavigation, PayOnline } from './pay-online';
import { PaymentStatus } from './payment-status';

/*
 * Online payment on the guest's screens (issue 33): the booking page's choice of how to pay,
 * the status the guest comes back to, and "Pay the deposit / the balance" later.
 */

const ROOM_ID = '00000000-0000-4000-8000-000000000001';
const RESERVATION_ID = '00000000-0000-4000-8000-0000000000aa';
const room = {
  _id: ROOM_ID,
  category: 'Twin',
  status: 'available',
  price: 5000,
  images: [],
  room_overview: { name: 'Twin', description: '', size: '', wireless_internet: 'Wi-Fi', room_number: '101' },
  special_benefits: [],
  beds_and_bedding: { maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2, beds: '2 Twin' },
  room_features: {},
  bath_and_bathroom_features: {},
  furniture_and_furnishings: {},
  food_and_beverages: {},
  internet_and_phones: { phones: 1, phone_features: [], wireless_internet: 'Wi-Fi' },
  entertainment: { international_channels: [] },
  accessible_room_features: {},
};

/** The Standard plan, asking 30 % at booking, at ৳5,000 a night. */
function quote(params: URLSearchParams) {
  const checkIn = params.get('checkIn')!;
  const lines = [0, 1].map((i) => ({ date: addDays(checkIn, i), room: 5000, extraAdults: 0, extraChildren: 0, meals: 0, total: 5000 }));
  const plan = {
    code: 'STD',
    name: { en: 'Standard', bn: 'স্ট্যান্ডার্ড' },
    meal: 'none',
    mealPrice: 0,
    couponsAllowed: true,
    cancellationPolicy: { freeHours: 24, penalty: 'first_night', penaltyPercent: null },
    deposit: { policy: 'percent', percent: 30 },
    quote: { lines, nights: 2, perNightCost: 5000, subtotal: 10000, serviceCharge: 0, vat: 0, amount: 0 },
    refusal: null,
  };
  return [{ category: 'Twin', roomId: ROOM_ID, free: 1, plans: [plan] }];
}

let posted: { url: string; body: unknown }[] = [];
let answers: Record<string, { status: number; body: unknown }> = {};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const offered = getSite().onlinePayment;
beforeAll(async () => {
  await initTestI18n('en');
  getSite().onlinePayment = { gateways: ['sslcommerz', 'bkash'], holdMinutes: 20 };
});
afterAll(() => {
  getSite().onlinePayment = offered;
});

beforeEach(() => {
  posted = [];
  answers = {};
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (request.method === 'POST') {
        posted.push({ url: url.pathname, body: await request.json() });
        const answer = answers[`POST ${url.pathname}`];
        return json(answer?.status ?? 500, answer?.body ?? {});
      }
      const answer = answers[`GET ${url.pathname}`];
      if (answer) return json(answer.status, answer.body);
      if (url.pathname === `/api/room/${ROOM_ID}`) return json(200, { success: true, data: room });
      if (url.pathname === '/api/room') return json(200, { success: true, data: [room], meta: { page: 1, limit: 1000, total: 1 } });
      if (url.pathname === '/api/rates/quote') return json(200, { success: true, data: quote(url.searchParams) });
      return json(200, { success: true, data: [] });
    }),
  );
  gatewayNavigation.go = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWithStore(ui: React.ReactNode, path = '/') {
  const { store } = makeStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Provider>,
  );
}

describe('the booking page: how to pay', () => {
  it('books paying the deposit by bKash now, then sends the guest to bKash', async () => {
    const user = userEvent.setup();
    const checkIn = addDays(todayAt(getSite().timeZone), 3);
    answers[`POST /api/reservations`] = {
      status: 201,
      body: { success: true, data: { _id: RESERVATION_ID, onlinePayment: { sessionId: 's1', redirectUrl: 'https://pay.example/bkash/TR1', holdUntil: new Date().toISOString(), amount: 3795, gateway: 'bkash', error: null } } },
    };
    const booked = vi.fn();
    renderWithStore(<ReservationForm roomId={ROOM_ID} onBooked={booked} />, `/booking/${ROOM_ID}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&adults=1&children=0`);
    const choice = await screen.findByTestId('payment-choice');
    // At the hotel by default: nothing is charged now.
    expect(screen.getByRole('radio', { name: /Pay at the hotel/ })).toBeChecked();
    expect(screen.getByTestId('confirm-booking')).toHaveTextContent('Confirm');
    await user.click(screen.getByRole('radio', { name: /Pay the deposit now/ }));
    // 30 % of ৳12,650 (two nights, service charge and VAT added).
    expect(choice).toHaveTextContent('৳3,795');
    expect(screen.getByTestId('payment-hold-note')).toHaveTextContent('Your rooms are held for 20 minutes while you pay.');
    await user.click(screen.getByRole('radio', { name: /^bKash/ }));
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '01711000000');
    expect(screen.getByTestId('confirm-booking')).toHaveTextContent('Confirm and pay ৳3,795');
    await user.click(screen.getByTestId('confirm-booking'));
    await waitFor(() => expect(gatewayNavigation.go).toHaveBeenCalledWith('https://pay.example/bkash/TR1'));
    expect(posted[0]!.body).toMatchObject({ onlinePayment: { gateway: 'bkash', pay: 'deposit' } });
    // Back from bKash lands on the confirmation, not on the booking form.
    expect(window.location.pathname).toBe(`/booking/reservation/${RESERVATION_ID}`);
    expect(booked).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });
});

const session = (over: Partial<TOnlinePaymentSession>): TOnlinePaymentSession => ({
  sessionId: 's1',
  reservationId: RESERVATION_ID,
  reference: 'RSV-7K3F9Q2M',
  status: 'paid',
  gateway: 'bkash',
  pay: 'deposit',
  amount: 12017.5,
  holdUntil: new Date(Date.now() + 600_000).toISOString(),
  method: 'bkash',
  references: { paymentID: 'TR0011', trxID: '8F3K2L9Q1A' },
  failure: null,
  createdAt: new Date().toISOString(),
  ...over,
});

describe('back from the gateway', () => {
  it('says what was paid, by what, and the TrxID to quote', async () => {
    answers['GET /api/online-payments/s1'] = { status: 200, body: { success: true, data: session({}) } };
    renderWithStore(<PaymentStatus sessionId="s1" />);
    expect(await screen.findByText('Paid ৳12,017.50 by bKash, TrxID 8F3K2L9Q1A.')).toHaveAttribute('data-status', 'paid');
  });

  it("says why a payment failed, in the gateway's words", async () => {
    answers['GET /api/online-payments/s1'] = { status: 200, body: { success: true, data: session({ status: 'failed', method: null, references: {}, failure: 'Insufficient Balance' }) } };
    renderWithStore(<PaymentStatus sessionId="s1" />);
    expect(await screen.findByText(/The payment did not go through \(Insufficient Balance\)\. Nothing was charged/)).toHaveAttribute('data-status', 'failed');
  });
});

describe('paying later', () => {
  const reservation = {
    _id: RESERVATION_ID,
    balance: 40000,
    depositDue: 12017.5,
    bookings: [{ state: 'confirmed' }],
  } as unknown as TReservation;

  it('offers the deposit and the balance, and says when a payment is already under way in another window', async () => {
    const user = userEvent.setup();
    answers[`POST /api/reservations/${RESERVATION_ID}/online-payments`] = {
      status: 409,
      body: { success: false, code: 'PAYMENT_IN_PROGRESS', message: 'A payment for this reservation is already under way.', holdUntil: '2026-12-04T08:20:00.000Z' },
    };
    renderWithStore(<PayOnline reservation={reservation} />);
    expect(screen.getByTestId('pay-deposit')).toHaveTextContent('Pay the deposit (৳12,017.50)');
    await user.click(screen.getByTestId('pay-balance'));
    expect(await screen.findByTestId('pay-online-error')).toHaveTextContent('A payment for this booking is already under way in another window. Finish it there, or try again after Dec 4, 2026, 14:20.');
    expect(posted[0]!.body).toEqual({ gateway: 'sslcommerz', pay: 'balance' });
    expect(gatewayNavigation.go).not.toHaveBeenCalled();
  });

  it('offers nothing once the guest has checked in', () => {
    renderWithStore(<PayOnline reservation={{ ...reservation, bookings: [{ state: 'checked_in' }] } as unknown as TReservation} />);
    expect(screen.queryByTestId('pay-online')).toBeNull();
  });
});
