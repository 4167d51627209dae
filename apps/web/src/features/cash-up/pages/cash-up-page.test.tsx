import type { TCashUp } from '@residency/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { json, stubApi } from '../../../test/api-stub';
import { initTestI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/render';
import { makeSignedInStore } from '../../../test/store';
import CashUpPage from './cash-up-page';

/** The desk's cash-up: the day from the address, each method's totals, the rows, and the day as CSV. */

const DAY = '2026-11-25';
const zero = { taken: 0, refunded: 0, net: 0, count: 0 };
const REPORT: TCashUp = {
  date: DAY,
  timeZone: 'Asia/Dhaka',
  rows: [
    { staff: { _id: 's1', name: 'Amina Khatun' }, method: 'cash', taken: 1000, refunded: 300, net: 700, count: 2 },
    { staff: { _id: 's1', name: 'Amina Khatun' }, method: 'bkash', taken: 2000, refunded: 0, net: 2000, count: 1 },
    { staff: { _id: 's2', name: 'Babul Hossain' }, method: 'nagad', taken: 3000, refunded: 0, net: 3000, count: 1 },
    { staff: null, method: 'card', taken: 12500.5, refunded: 0, net: 12500.5, count: 1 },
  ],
  // 10:00 and 15:30 at the hotel (UTC+6).
  items: [
    { _id: 'p1', kind: 'payment', method: 'bkash', amount: 2000, paidAt: '2026-11-25T04:00:00.000Z', reference: '9K4D7X2QPA', staff: { _id: 's1', name: 'Amina Khatun' }, reservation: { _id: 'r1', reference: 'RSV-7Q2K9ABC' } },
    { _id: 'p2', kind: 'refund', method: 'cash', amount: 300, paidAt: '2026-11-25T09:30:00.000Z', reference: null, staff: { _id: 's1', name: 'Amina Khatun' }, reservation: { _id: 'r1', reference: 'RSV-7Q2K9ABC' } },
  ],
  totals: [
    { method: 'cash', taken: 1000, refunded: 300, net: 700, count: 2 },
    { method: 'card', taken: 12500.5, refunded: 0, net: 12500.5, count: 1 },
    { method: 'bkash', taken: 2000, refunded: 0, net: 2000, count: 1 },
    { method: 'nagad', taken: 3000, refunded: 0, net: 3000, count: 1 },
    { method: 'bank_transfer', ...zero },
  ],
  total: { taken: 18500.5, refunded: 300, net: 18200.5, count: 5 },
};

let asked: string[];
let csvAuth: string | null;
let clicked: string[];

function serve() {
  asked = [];
  csvAuth = null;
  const served = stubApi(async (request, pathname) => {
    const url = new URL(request.url);
    if (pathname === '/api/reports/cash-up') {
      asked.push(url.searchParams.get('date') ?? '');
      return json(200, { success: true, data: { ...REPORT, date: url.searchParams.get('date') } });
    }
    if (pathname === '/api/reports/cash-up.csv') {
      csvAuth = request.headers.get('authorization');
      return new Response('\uFEFF"Day (Asia/Dhaka)"\r\n', {
        status: 200,
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="cash-up-${url.searchParams.get('date')}.csv"` },
      });
    }
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
  // lib/download fetches by address (RTK Query by Request): both reach the stub as a Request.
  vi.stubGlobal('fetch', (input: RequestInfo, init?: RequestInit) =>
    served(typeof input === 'string' ? new Request(new URL(input, window.location.origin), init) : input),
  );
}

beforeAll(() => {
  URL.createObjectURL = () => 'blob:cash-up';
  URL.revokeObjectURL = () => {};
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the cash-up at 1280 px', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installAntdDom({ desktop: true });
    await initTestI18n('en');
  });

  it('shows the day of the address: each method’s net with what was taken and refunded, the rows, and the CSV with the staff’s token', async () => {
    serve();
    const user = userEvent.setup();
    const store = await makeSignedInStore({ _id: 's1', name: 'Amina Khatun', email: 'amina@example.com', role: 'staff' } as never, 'staff-token');
    renderWithStore(<CashUpPage />, { at: `/staff/cash-up?date=${DAY}`, antd: true, store });
    expect(await screen.findByRole('heading', { name: 'Cash-up' })).toBeInTheDocument();
    expect(screen.getByTestId('cash-up-day')).toHaveTextContent('Money on Wed, Nov 25, 2026');
    const cash = await screen.findByTestId('cash-up-total-cash');
    expect(within(cash).getByText('Cash')).toBeInTheDocument();
    expect(within(cash).getByTestId('cash-up-total-cash-net')).toHaveTextContent('৳700');
    expect(cash).toHaveTextContent('Taken ৳1,000Refunded ৳300');
    expect(screen.getByTestId('cash-up-total-card-net')).toHaveTextContent('৳12,500.50');
    expect(screen.getByTestId('cash-up-total-bank_transfer-net')).toHaveTextContent('৳0');
    expect(screen.getByTestId('cash-up-total-all-net')).toHaveTextContent('৳18,200.50');
    expect(screen.getByTestId('cash-up-total-all')).toHaveTextContent('Taken ৳18,500.50Refunded ৳300');

    const row = screen.getByTestId('cash-up-row-s1-cash');
    for (const text of ['Amina Khatun', 'Cash', '৳1,000', '৳300', '৳700', '2']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(screen.getByTestId('cash-up-row-nobody-card')).getByText('Not recorded')).toBeInTheDocument();
    expect(asked).toEqual([DAY]);
    // Issue 31: each payment with its reference, to match the bKash statement line by line.
    const bkash = screen.getByTestId('cash-up-item-p1');
    for (const text of ['10:00', 'bKash', '9K4D7X2QPA', 'RSV-7Q2K9ABC', 'Amina Khatun', '৳2,000']) expect(within(bkash).getByText(text)).toBeInTheDocument();
    const refund = screen.getByTestId('cash-up-item-p2');
    for (const text of ['15:30', 'None (cash)', '−৳300']) expect(within(refund).getByText(text)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toContain(`cash-up-${DAY}.csv`));
    expect(csvAuth).toBe('Bearer staff-token');
    expect(await screen.findByText(`cash-up-${DAY}.csv downloaded.`)).toBeInTheDocument();
  });
});

describe('the cash-up in Bengali at 375 px', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installAntdDom({ desktop: false });
    await initTestI18n('bn');
  });

  it('shows the totals and each staff member’s card in Bengali words and digits', async () => {
    serve();
    renderWithStore(<CashUpPage />, { at: `/staff/cash-up?date=${DAY}`, antd: true });
    expect(await screen.findByRole('heading', { name: 'দৈনিক ক্যাশ হিসাব' })).toBeInTheDocument();
    const bkash = await screen.findByTestId('cash-up-total-bkash');
    expect(within(bkash).getByText('বিকাশ')).toBeInTheDocument();
    expect(within(bkash).getByTestId('cash-up-total-bkash-net')).toHaveTextContent('৳২,০০০');
    expect(screen.getByTestId('cash-up-total-cash')).toHaveTextContent('নেওয়া ৳১,০০০ফেরত ৳৩০০');
    expect(screen.getByTestId('cash-up-total-all')).toHaveTextContent('সব পদ্ধতি মিলিয়ে');
    expect(document.querySelector('.ant-table')).toBeNull();
    const card = screen.getByTestId('cash-up-row-s2-nagad');
    expect(within(card).getByText('Babul Hossain')).toBeInTheDocument();
    expect(within(card).getByText('নগদ')).toBeInTheDocument();
    expect(within(card).getAllByText('৳৩,০০০')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'CSV ডাউনলোড করুন' })).toBeInTheDocument();
    const payment = screen.getByTestId('cash-up-item-p1');
    expect(payment).toHaveTextContent('১০:০০ · বিকাশ');
    expect(within(payment).getByText('9K4D7X2QPA')).toBeInTheDocument();
  });
});
