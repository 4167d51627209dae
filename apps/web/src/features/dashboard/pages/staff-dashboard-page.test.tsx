import type { TBlock, TOverdueDeposit, TStaffToday } from '@residency/shared';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { json, stubApi } from '../../../test/api-stub';
import { initTestI18n } from '../../../test/i18n';
import { makeStore } from '../../../test/store';
import StaffDashboardPage from './staff-dashboard-page';
import { sampleConflict } from '../../../test/channels';

installAntdDom({ desktop: true });

const link = { list: 'bookings' as const, query: {} };
const conflict = sampleConflict();
const arrival: TBlock = {
  _id: 'blk1',
  room: { _id: 'r2', roomNumber: '101', category: 'Deluxe King' },
  source: 'channel',
  channel: 'airbnb',
  checkIn: '2027-01-12',
  checkOut: '2027-01-15',
  summary: 'Reserved',
  createdAt: '2026-11-20T08:00:00.000Z',
  createdBy: null,
};

/** A first-night deposit of ৳9,487.50 due yesterday at 16:00 (Dhaka), ৳2,000 paid. */
const lateDeposit: TOverdueDeposit = {
  _id: 'rsv1',
  reference: 'RSV-DEP12345',
  bookingId: 'bk1',
  guest: { _id: 'u1', name: 'Rahim Uddin', phone: '+880 1711-223344' },
  checkIn: '2027-01-14',
  deposit: 9487.5,
  depositDue: 7487.5,
  dueBy: '2027-01-11T10:00:00.000Z',
  paid: 2000,
};

let open: boolean;
let arrivals: TBlock[];
let deposits: TOverdueDeposit[];
let unregistered: TStaffToday['registrationsIncomplete']['items'];
let sent: { path: string; body: unknown }[];
let todayAsked: number;

function day(): TStaffToday {
  const list = { count: 0, items: [], link };
  const count = { count: 0, link };
  return {
    date: '2027-01-12',
    arrivals: list,
    inHouse: list,
    registrationsIncomplete: unregistered.length ? { count: unregistered.length, items: unregistered, link } : list,
    departures: list,
    roomsToClean: count,
    awaitingConfirmation: count,
    pendingServiceRequests: count,
    pendingEventRequests: count,
    openConflicts: open ? { count: 1, items: [conflict] } : { count: 0, items: [] },
    channelArrivals: arrivals,
    channelDepartures: [],
    depositsOverdue: { count: deposits.length, items: deposits },
  };
}

beforeEach(() => {
  open = false;
  arrivals = [];
  deposits = [];
  unregistered = [];
  sent = [];
  todayAsked = 0;
  stubApi(async (request, path) => {
    if (path === '/api/staff/today') {
      todayAsked += 1;
      return json(200, { success: true, data: day() });
    }
    if (path === '/api/channels/conflicts') {
      return json(200, { success: true, data: open ? [conflict] : [], meta: { page: 1, limit: 10, total: open ? 1 : 0 } });
    }
    if (path === '/api/channels/conflicts/c1/resolve') {
      sent.push({ path, body: await request.json() });
      open = false;
      return json(200, { success: true, data: { ...conflict, resolvedAt: '2027-01-12T10:00:00.000Z' } });
    }
    if (path === '/api/channels/blocks/blk1/reservation') {
      const body = (await request.json()) as { phone: string };
      sent.push({ path, body });
      if (body.phone === '123') {
        return json(400, { success: false, code: 'VALIDATION', message: 'Check the form.', errors: [{ path: 'phone', message: 'Enter a Bangladeshi mobile number.' }] });
      }
      arrivals = [];
      return json(201, { success: true, data: { _id: 'bk9', transactionId: 'RSV-NEW12345' } });
    }
    if (path === '/api/room-categories') return json(200, { success: true, data: [], meta: { page: 1, limit: 100, total: 0 } });
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const { store } = makeStore();
  render(
    <Provider store={store}>
      <App>
        <MemoryRouter initialEntries={['/staff/dashboard']}>
          <StaffDashboardPage />
        </MemoryRouter>
      </App>
    </Provider>,
  );
}

describe('Staff › Dashboard: channel sync', () => {
  it('shows the open conflicts above the day, and resolving one reloads the day without it', async () => {
    await initTestI18n('en');
    open = true;
    renderPage();
    const conflicts = await screen.findByTestId('channel-conflicts');
    // First on the screen: before the day's heading and figures.
    const heading = screen.getByRole('heading', { level: 2, name: /Today|Welcome/ });
    expect(conflicts.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(conflicts).getByText(/RSV-7Q2K9ABC/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(conflicts).getByRole('button', { name: /Mark resolved|resolve/i }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Moved Karim to 502');
    const asked = todayAsked;
    await user.click(within(dialog).getByRole('button', { name: /resolved/i }));
    await waitFor(() => expect(screen.queryByTestId('channel-conflicts')).not.toBeInTheDocument());
    expect(sent).toEqual([{ path: '/api/channels/conflicts/c1/resolve', body: { note: 'Moved Karim to 502' } }]);
    expect(todayAsked).toBeGreaterThan(asked);
  });

  it("lists a channel's arrival as the channel's stay and makes its reservation (no e-mail sent when left empty)", async () => {
    await initTestI18n('en');
    arrivals = [arrival];
    renderPage();
    const row = await screen.findByTestId('desk-block-blk1');
    expect(within(screen.getByTestId('desk-arrivals')).getByTestId('desk-block-blk1')).toBe(row);
    expect(row).toHaveTextContent('Airbnb stay · room 101 · ');
    // The app's one way of writing a stay (formatStay), as the Reservations screen writes blocks.
    expect(row).toHaveTextContent(/Jan 12.*~.*Jan 15/);
    expect(row).not.toHaveTextContent('Nadia');
    // The Arrivals figure counts our guests (its list) and names the channel's stay beside them.
    expect(screen.getByTestId('today-arrivals')).toHaveTextContent('+ 1 channel stay');

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: /Guest arrived: make reservation/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText("Guest's name"), 'Nadia Rahman');
    await user.type(within(dialog).getByLabelText('Phone'), '123');
    await user.type(within(dialog).getByLabelText(/Total the channel sold/), '15000');
    await user.click(within(dialog).getByRole('button', { name: 'Make reservation' }));
    // The API's field error shows beside its field.
    expect(await within(dialog).findByText('Enter a Bangladeshi mobile number.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Phone'));
    await user.type(within(dialog).getByLabelText('Phone'), '01711000000');
    await user.click(within(dialog).getByRole('button', { name: 'Make reservation' }));
    const done = await within(dialog).findByTestId('block-reservation-done');
    expect(done).toHaveTextContent('Reservation RSV-NEW12345 made for Nadia Rahman; check them in from Reservations.');
    expect(within(done).getByRole('link')).toHaveAttribute('href', '/staff/reservation?q=RSV-NEW12345');
    expect(sent.at(-1)).toEqual({
      path: '/api/channels/blocks/blk1/reservation',
      body: { guest: { name: 'Nadia Rahman' }, phone: '01711000000', adults: 1, children: 0, amount: 15000, language: 'en' },
    });
    // The day reloads: the channel's stay leaves the arrivals.
    await waitFor(() => expect(screen.queryByTestId('desk-block-blk1')).not.toBeInTheDocument());
  });

  it('reads in Bengali with Bengali digits', async () => {
    await initTestI18n('bn');
    open = true;
    arrivals = [arrival];
    renderPage();
    const row = await screen.findByTestId('desk-block-blk1');
    expect(row).toHaveTextContent('রুম ১০১');
    expect(row).toHaveTextContent(/১২/);
    expect(row).not.toHaveTextContent(/[0-9]/);
    expect(within(row).getByRole('button', { name: /অতিথি এসেছেন/ })).toBeInTheDocument();
    expect(await screen.findByTestId('channel-conflicts')).toHaveTextContent('৫০১');
  });
});

describe('Staff › Dashboard: deposits overdue', () => {
  it('lists each reservation whose deposit is overdue: reference, guest, deposit, paid, still due and by when', async () => {
    await initTestI18n('en');
    deposits = [lateDeposit];
    renderPage();
    const card = await screen.findByTestId('deposits-overdue');
    expect(within(card).getByRole('heading', { name: 'Deposits overdue' })).toBeInTheDocument();
    expect(card).toHaveTextContent('1 reservation');
    const row = within(card).getByTestId('deposit-overdue-RSV-DEP12345');
    expect(row).toHaveTextContent('Rahim Uddin');
    expect(row).toHaveTextContent('+880 1711-223344');
    expect(row).toHaveTextContent(/Deposit\s*৳9,487\.50/);
    expect(row).toHaveTextContent(/Paid\s*৳2,000/);
    expect(row).toHaveTextContent(/Still due\s*৳7,487\.50/);
    expect(row).toHaveTextContent(/Due by\s*Jan 11, 2027, 16:00/);
    expect(within(row).getByRole('link', { name: 'Open RSV-DEP12345 in the reservations' })).toHaveAttribute('href', '/staff/reservation?q=RSV-DEP12345');
  });

  it('says when none is overdue, and reads in Bengali with Bengali digits', async () => {
    await initTestI18n('en');
    renderPage();
    expect(await screen.findByTestId('deposits-overdue')).toHaveTextContent('No deposit is overdue.');
    cleanup();

    await initTestI18n('bn');
    deposits = [lateDeposit];
    renderPage();
    const row = await screen.findByTestId('deposit-overdue-RSV-DEP12345');
    expect(screen.getByRole('heading', { name: 'সময় পেরোনো অগ্রিম' })).toBeInTheDocument();
    expect(row).toHaveTextContent('৳৯,৪৮৭.৫০');
    expect(row).toHaveTextContent('এখনো বাকি');
    expect(row).toHaveTextContent('১৬:০০');
  });
});

describe('Staff › Dashboard: registration cards (issue 34)', () => {
  const inHouse = {
    _id: 'bk7',
    transactionId: 'RSV-REG12345',
    guest: { _id: 'u7', name: 'Anna Berg', phone: '+46701234567' },
    room: { _id: 'r7', category: 'deluxe', roomNumber: '204' },
    startDate: '2027-01-11',
    endDate: '2027-01-14',
    nights: 3,
    adults: 2,
    children: 0,
    state: 'checked_in' as const,
    balance: 0,
    paymentState: 'paid' as const,
    overdue: false,
    registration: { complete: false, note: 'Arrived at 2 am; passports in the morning' },
  };

  it('lists the rooms checked in without complete cards, with the note, each opening the stay; nothing when there are none', async () => {
    await initTestI18n('en');
    renderPage();
    await screen.findByTestId('deposits-overdue');
    expect(screen.queryByTestId('registrations-incomplete')).not.toBeInTheDocument();
    cleanup();

    unregistered = [inHouse];
    renderPage();
    const card = await screen.findByTestId('registrations-incomplete');
    expect(within(card).getByRole('heading', { name: 'Checked in without complete registration cards' })).toBeInTheDocument();
    expect(card).toHaveTextContent('1 room');
    expect(card).toHaveTextContent('Why: Arrived at 2 am; passports in the morning');
    expect(within(card).getByRole('link', { name: 'Room 204 · Anna Berg' })).toHaveAttribute('href', '/staff/reservation?q=RSV-REG12345');
    cleanup();

    await initTestI18n('bn');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'নিবন্ধন কার্ড সম্পূর্ণ না করেই চেক-ইন' })).toBeInTheDocument();
    expect(screen.getByTestId('registrations-incomplete')).toHaveTextContent('কক্ষ ২০৪');
  });
});
