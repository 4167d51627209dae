import type { TDashboardStats } from '@residency/shared';
import { todayAt } from '@residency/shared/dates';
import { reportingPeriod } from '@residency/shared/reporting-period';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../test/store';
import { getSite } from '../../../lib/site';
import { initTestI18n } from '../../../test/i18n';
import AdminDashboardPage from './admin-dashboard-page';
import { installAntdDom } from '../../../test/antd-dom';
import { stubRelativeRequest } from '../../../test/relative-request';

// Every width query matches: a desktop.
installAntdDom({ desktop: true });

const today = todayAt(getSite().timeZone);

/** The figures the fake server answers for a period. */
function statsOf(from: string, to: string): TDashboardStats {
  return {
    period: { from, to },
    totalIncome: 1_234_567.5,
    totalBookings: 42,
    totalUsers: 1_250,
    totalStaffs: 7,
    totalAdmins: 1,
    newUsersThisWeek: 3,
    totalServiceRequest: 12,
    totalCompletedServiceRequest: 9,
    totalPendingServices: 3,
    monthlyData: [
      { month: '2026-01', name: 'Jan', revenue: 50_000, bookings: 10, occupancy: 40.5, roomNightsSold: 30, channelNightsSold: 0, roomNightsAvailable: 74 },
      { month: '2026-02', name: 'Feb', revenue: 0, bookings: 0, occupancy: 0, roomNightsSold: 0, channelNightsSold: 0, roomNightsAvailable: 70 },
    ],
    roomData: [
      { name: 'Deluxe King', value: 4 },
      { name: 'Twin', value: 2 },
    ],
    roomNightsSold: 30,
    channelNightsSold: 0,
    roomNightsAvailable: 144,
    occupancy: 20.8,
    roomRevenue: 165_000,
    adr: 5_500,
    revpar: 1_145.83,
  };
}

let asked: URLSearchParams[];

beforeEach(() => {
  asked = [];
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/admin') {
        asked.push(url.searchParams);
        const stats = statsOf(url.searchParams.get('from')!, url.searchParams.get('to')!);
        return new Response(JSON.stringify({ success: true, data: stats }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      if (url.pathname === '/api/room-categories') {
        // The room types with their Bengali names (only what the dashboard reads of them).
        const categories = [{ name: 'Deluxe King', translations: { bn: { name: 'ডিলাক্স কিং' } } }];
        return new Response(JSON.stringify({ success: true, data: categories }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'Not found' }), { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

function renderPage(entry = '/admin/dashboard') {
  const { store } = makeStore();
  render(
    <Provider store={store}>
      <App>
        <MemoryRouter initialEntries={[entry]}>
          <AdminDashboardPage />
          <Where />
        </MemoryRouter>
      </App>
    </Provider>,
  );
}

describe('Admin › Dashboard', () => {
  it('asks for the last twelve months by default and shows the cards', async () => {
    await initTestI18n('en');
    renderPage();
    // Lakh and crore grouping, in English too.
    expect(await screen.findByTestId('card-revenue')).toHaveTextContent('৳12,34,567.50');
    const { from, to } = reportingPeriod(today);
    expect(asked[0]?.get('from')).toBe(from);
    expect(asked[0]?.get('to')).toBe(to);
    expect(screen.getByTestId('card-bookings')).toHaveTextContent('42');
    expect(screen.getByTestId('card-users')).toHaveTextContent('1,250');
    expect(screen.getByTestId('new-users-week')).toHaveTextContent('3 new users this week');
    expect(screen.getByTestId('card-staff')).toHaveTextContent('7');
    expect(screen.getByTestId('card-adr')).toHaveTextContent('৳5,500');
    expect(screen.getByTestId('card-revpar')).toHaveTextContent('৳1,145.83');
    expect(screen.getByTestId('service-total')).toHaveTextContent('Total Requests: 12');
    expect(within(screen.getByTestId('room-types-legend')).getByText('4 rooms')).toBeInTheDocument();
  });

  it('writes Total Revenue in Taka, once, with no dollar icon', async () => {
    await initTestI18n('en');
    renderPage();
    const card = (await screen.findByTestId('card-revenue')).closest('.ant-card') as HTMLElement;
    expect(card.querySelector('.ant-statistic-content')).toHaveTextContent(/^৳[\d,]+(\.\d\d)?$/);
    expect(card.textContent!.match(/৳/g)).toHaveLength(1);
    expect(card.querySelector('.anticon-dollar')).toBeNull();
  });

  it('asks for this month when it is chosen, and keeps the choice in the URL', async () => {
    await initTestI18n('en');
    renderPage();
    await screen.findByTestId('card-revenue');
    await userEvent.click(screen.getByText('This month'));
    await waitFor(() => expect(asked.at(-1)?.get('from')).toBe(`${today.slice(0, 7)}-01`));
    expect(asked.at(-1)?.get('to')).toBe(today);
    expect(screen.getByTestId('search')).toHaveTextContent('?period=this-month');
  });

  it('opens a linked custom range and switches to a custom range from the figures shown', async () => {
    await initTestI18n('en');
    renderPage('/admin/dashboard?period=custom&from=2026-01-01&to=2026-02-28');
    await screen.findByTestId('card-revenue');
    expect(asked[0]?.get('from')).toBe('2026-01-01');
    expect(asked[0]?.get('to')).toBe('2026-02-28');
    expect(screen.getByTestId('period-shown')).toHaveTextContent('Thu, Jan 1, 2026 – Sat, Feb 28, 2026');
    await userEvent.click(screen.getByText('Last 12 months'));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(/^$/));
    await userEvent.click(screen.getByText('Custom range'));
    const { from, to } = reportingPeriod(today);
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(`?period=custom&from=${from}&to=${to}`));
  });

  it('writes the figures and the period with Bengali digits and month names in Bengali', async () => {
    await initTestI18n('bn');
    renderPage('/admin/dashboard?period=custom&from=2026-01-01&to=2026-02-28');
    expect(await screen.findByTestId('card-revenue')).toHaveTextContent('৳১২,৩৪,৫৬৭.৫০');
    expect(screen.getByTestId('card-bookings')).toHaveTextContent('৪২');
    expect(screen.getByTestId('new-users-week')).toHaveTextContent('এই সপ্তাহে নতুন ব্যবহারকারী ৩ জন');
    expect(screen.getByTestId('period-shown')).toHaveTextContent(/জানু/);
    expect(screen.getByRole('heading', { name: 'আয় ও বুকিংয়ের সারসংক্ষেপ' })).toBeInTheDocument();
    // No Latin digit anywhere in the figures.
    expect(screen.getByTestId('dashboard-figures').textContent).not.toMatch(/[0-9]/);
  });

  it('names the room types in Bengali on a Bengali page, as the rest of the site does', async () => {
    await initTestI18n('bn');
    renderPage();
    const legend = await screen.findByTestId('room-types-legend');
    await waitFor(() => expect(legend).toHaveTextContent('ডিলাক্স কিং'));
    expect(legend).not.toHaveTextContent('Deluxe King');
    // A room type with no Bengali name keeps the one it has.
    expect(legend).toHaveTextContent('Twin');
  });

  it('shows the server error in an alert', async () => {
    await initTestI18n('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: false, code: 'BAD_PERIOD', message: 'from must not be after to.' }), { status: 400 })),
    );
    renderPage();
    expect(await screen.findByTestId('dashboard-error')).toHaveTextContent('from must not be after to.');
  });

  it("says first how many channel conflicts are open, linking to Channels, in the reader's digits", async () => {
    await initTestI18n('bn');
    const answer = vi.mocked(fetch).getMockImplementation()!;
    const conflict = { _id: 'c1', channel: 'airbnb' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) =>
        new URL(request.url).pathname === '/api/channels/conflicts'
          ? // One row of the first page; the count is the list's total (issue 31: the list is paged).
            new Response(JSON.stringify({ success: true, data: [conflict], meta: { page: 1, limit: 1, total: 12 } }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            })
          : answer(request),
      ),
    );
    renderPage();
    const notice = await screen.findByTestId('conflicts-notice');
    expect(notice).toHaveTextContent('চ্যানেলের ১২টি দ্বন্দ্ব মেটাতে হবে');
    expect(notice).toHaveAttribute('href', '/admin/channels');
    // Above the period and the cards.
    expect(notice.compareDocumentPosition(screen.getByTestId('period-shown')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
