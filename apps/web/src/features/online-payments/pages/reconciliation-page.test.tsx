import type { TReconciliation } from '@residency/shared';
import { addDays, todayAt } from '@residency/shared/dates';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatLongDate } from '../../../lib/format';
import { installAntdDom } from '../../../test/antd-dom';
import { json, stubApi } from '../../../test/api-stub';
import { initTestI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/render';
import { makeSignedInStore } from '../../../test/store';
import ReconciliationPage from './reconciliation-page';

/** The admin's reconciliation: the days from the address, counts per state, both sides' totals, each transaction with its state, and the CSV. */

// The last seven days at the hotel, so the period is never in the future.
const TO = todayAt('Asia/Dhaka');
const FROM = addDays(TO, -6);
const REPORT: TReconciliation = {
  from: FROM,
  to: TO,
  rows: [
    {
      kind: 'payment',
      state: 'matched',
      gateway: 'sslcommerz',
      reservationId: 'r1',
      reference: 'RSV-7Q2K9ABC',
      tranId: 'OP-1A2B3C4D',
      gatewayRef: '2612011000001Q4Rz',
      gatewayAmount: 12500.5,
      folioAmount: 12500.5,
      fee: 312.51,
      at: `${FROM}T04:00:00.000Z`,
    },
    {
      kind: 'refund',
      state: 'missing_in_folio',
      gateway: 'bkash',
      reservationId: 'r2',
      reference: 'RSV-3M8P4XYZ',
      tranId: 'OP-9Z8Y7X6W',
      gatewayRef: 'RF-77AB',
      gatewayAmount: 1000,
      folioAmount: null,
      fee: null,
      at: `${TO}T05:30:00.000Z`,
    },
    {
      kind: 'payment',
      state: 'amount_differs',
      gateway: 'sslcommerz',
      reservationId: 'r3',
      reference: 'RSV-5T6U7V8W',
      tranId: 'OP-5T6U7V8W',
      gatewayRef: null,
      gatewayAmount: 5000,
      folioAmount: 4500,
      fee: 125,
      at: `${TO}T06:00:00.000Z`,
    },
  ],
  counts: { matched: 1, missing_in_folio: 1, missing_at_gateway: 0, amount_differs: 1 },
  totals: { gatewayPayments: 17500.5, gatewayRefunds: 1000, fees: 437.51, folioPayments: 17000.5, folioRefunds: 0 },
};

let asked: { from: string | null; to: string | null }[];
let csvAuth: string | null;
let clicked: string[];

function serve() {
  asked = [];
  csvAuth = null;
  const served = stubApi(async (request, pathname) => {
    const url = new URL(request.url);
    if (pathname === '/api/reports/reconciliation') {
      const period = { from: url.searchParams.get('from'), to: url.searchParams.get('to') };
      if (url.searchParams.get('format') === 'csv') {
        csvAuth = request.headers.get('authorization');
        return new Response('\uFEFF"Kind","State"\r\n', {
          status: 200,
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="reconciliation-${period.from}-${period.to}.csv"` },
        });
      }
      asked.push(period);
      return json(200, { success: true, data: { ...REPORT, ...period } });
    }
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
  // lib/download fetches by address (RTK Query by Request): both reach the stub as a Request.
  vi.stubGlobal('fetch', (input: RequestInfo, init?: RequestInit) =>
    served(typeof input === 'string' ? new Request(new URL(input, window.location.origin), init) : input),
  );
}

beforeAll(() => {
  URL.createObjectURL = () => 'blob:reconciliation';
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

describe('the reconciliation at 1280 px', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installAntdDom({ desktop: true });
    await initTestI18n('en');
  });

  it('shows the days of the address: the counts per state, both sides’ totals, each row with its state, and the CSV with the admin’s token', async () => {
    serve();
    const user = userEvent.setup();
    const store = await makeSignedInStore({ _id: 'a1', name: 'Farhana Admin', email: 'admin@example.com', role: 'admin' } as never, 'admin-token');
    renderWithStore(<ReconciliationPage />, { at: `/admin/reconciliation?from=${FROM}&to=${TO}`, antd: true, store });
    expect(await screen.findByRole('heading', { name: 'Reconciliation' })).toBeInTheDocument();
    expect(screen.getByTestId('reconciliation-period')).toHaveTextContent(`From ${formatLongDate(FROM)} to ${formatLongDate(TO)}`);

    expect(await screen.findByTestId('reconciliation-count-matched-value')).toHaveTextContent('1');
    expect(screen.getByTestId('reconciliation-count-missing_in_folio')).toHaveTextContent('Missing in the folio1');
    expect(screen.getByTestId('reconciliation-count-missing_at_gateway-value')).toHaveTextContent('0');
    expect(screen.getByTestId('reconciliation-count-amount_differs-value')).toHaveTextContent('1');
    expect(screen.getByTestId('reconciliation-total-gatewayPayments-value')).toHaveTextContent('৳17,500.50');
    expect(screen.getByTestId('reconciliation-total-gatewayRefunds-value')).toHaveTextContent('৳1,000');
    expect(screen.getByTestId('reconciliation-total-fees-value')).toHaveTextContent('৳437.51');
    expect(screen.getByTestId('reconciliation-total-folioPayments-value')).toHaveTextContent('৳17,000.50');
    expect(screen.getByTestId('reconciliation-total-folioRefunds-value')).toHaveTextContent('৳0');
    expect(asked).toEqual([{ from: FROM, to: TO }]);

    const matched = screen.getByTestId('reconciliation-row-0');
    expect(within(matched).getByTestId('reconciliation-state')).toHaveAttribute('data-state', 'matched');
    expect(within(matched).getByTestId('reconciliation-state')).toHaveTextContent('Matched');
    expect(within(matched).getByRole('link', { name: 'RSV-7Q2K9ABC' })).toHaveAttribute('href', '/admin/reservation?q=RSV-7Q2K9ABC');
    for (const text of ['Payment', 'SSLCommerz', 'OP-1A2B3C4D', '2612011000001Q4Rz', '৳312.51']) expect(within(matched).getByText(text)).toBeInTheDocument();
    expect(within(matched).getAllByText('৳12,500.50')).toHaveLength(2);

    const refund = screen.getByTestId('reconciliation-row-1');
    expect(within(refund).getByTestId('reconciliation-state')).toHaveTextContent('Missing in the folio');
    expect(within(refund).getByTestId('reconciliation-state')).toHaveClass('ant-tag-red');
    for (const text of ['Refund', 'bKash', 'RF-77AB', '৳1,000']) expect(within(refund).getByText(text)).toBeInTheDocument();
    expect(within(refund).getAllByText('None')).toHaveLength(2);

    const differs = screen.getByTestId('reconciliation-row-2');
    expect(within(differs).getByTestId('reconciliation-state')).toHaveTextContent('Amount differs');
    expect(within(differs).getByText('৳4,500')).toHaveClass('text-rose-700');
    expect(screen.getAllByTestId('reconciliation-state')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toContain(`reconciliation-${FROM}-${TO}.csv`));
    expect(csvAuth).toBe('Bearer admin-token');
    expect(await screen.findByText(`reconciliation-${FROM}-${TO}.csv downloaded.`)).toBeInTheDocument();
  });

  it('reports today when the address names no days, or days the API would refuse', async () => {
    serve();
    renderWithStore(<ReconciliationPage />, { at: `/admin/reconciliation?from=${addDays(TO, -120)}&to=${TO}`, antd: true });
    expect(await screen.findByTestId('reconciliation-period')).toHaveTextContent(`On ${formatLongDate(TO)}`);
    await waitFor(() => expect(asked).toEqual([{ from: TO, to: TO }]));
  });
});

describe('the reconciliation in Bengali at 375 px', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installAntdDom({ desktop: false });
    await initTestI18n('bn');
  });

  it('shows the counts, totals and each transaction’s card in Bengali words and digits', async () => {
    serve();
    renderWithStore(<ReconciliationPage />, { at: `/admin/reconciliation?from=${FROM}&to=${TO}`, antd: true });
    expect(await screen.findByRole('heading', { name: 'লেনদেন মেলানো' })).toBeInTheDocument();
    expect(await screen.findByTestId('reconciliation-count-matched')).toHaveTextContent('মিলেছে১');
    expect(screen.getByTestId('reconciliation-total-gatewayPayments-value')).toHaveTextContent('৳১৭,৫০০.৫০');
    expect(document.querySelector('.ant-table')).toBeNull();
    const refund = screen.getByTestId('reconciliation-row-1');
    expect(within(refund).getByTestId('reconciliation-state')).toHaveTextContent('ফোলিওতে নেই');
    expect(refund).toHaveTextContent('ফেরত · বিকাশ');
    expect(within(refund).getByText('৳১,০০০')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV ডাউনলোড করুন' })).toBeInTheDocument();
  });
});
