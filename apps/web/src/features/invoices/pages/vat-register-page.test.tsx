import type { TVatRegister } from '@residency/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatTaka } from '../../../lib/format';
import { installAntdDom } from '../../../test/antd-dom';
import { json, stubApi } from '../../../test/api-stub';
import { initTestI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/render';
import { makeSignedInStore } from '../../../test/store';
import VatRegisterPage from './vat-register-page';

/** The VAT sales register: the month from the address, its totals, each invoice and credit note, and the month as CSV. */

const MONTH = '2026-12';
const REPORT: TVatRegister = {
  month: MONTH,
  timeZone: 'Asia/Dhaka',
  rows: [
    {
      _id: 'i1',
      kind: 'invoice',
      number: 'INV-2026-27-000001',
      issuedAt: '2026-11-30T18:00:00.000Z',
      date: '2026-12-01',
      reservationId: 'r1',
      reference: 'RSV-7K3F9Q2M',
      buyer: 'Meghna Textiles Ltd.',
      bin: '004567891-0202',
      credits: null,
      value: 16_500,
      sd: 0,
      vat: 2475,
      total: 18_975,
    },
    {
      _id: 'i2',
      kind: 'invoice',
      number: 'INV-2026-27-000002',
      issuedAt: '2026-12-10T08:00:00.000Z',
      date: '2026-12-10',
      reservationId: 'r2',
      reference: 'RSV-GC8YZH8G',
      buyer: 'Rahim Uddin',
      bin: null,
      credits: null,
      value: 31_312.5,
      sd: 0,
      vat: 4696.88,
      total: 36_009.38,
    },
    {
      _id: 'c1',
      kind: 'credit_note',
      number: 'CN-2026-27-000001',
      issuedAt: '2026-12-11T08:00:00.000Z',
      date: '2026-12-11',
      reservationId: 'r1',
      reference: 'RSV-7K3F9Q2M',
      buyer: 'Meghna Textiles Ltd.',
      bin: '004567891-0202',
      credits: 'INV-2026-27-000001',
      value: -16_500,
      sd: 0,
      vat: -2475,
      total: -18_975,
    },
  ],
  totals: { value: 31_312.5, sd: 0, vat: 4696.88, total: 36_009.38, invoices: 2, creditNotes: 1 },
};

let asked: string[];
let csvAsked: string | null;
let clicked: string[];

function serve() {
  asked = [];
  csvAsked = null;
  const served = stubApi(async (request, pathname) => {
    const url = new URL(request.url);
    if (pathname === '/api/reports/vat-register' && url.searchParams.get('format') === 'csv') {
      csvAsked = `${url.searchParams.get('month')} ${request.headers.get('authorization')}`;
      return new Response('\uFEFF"Number"\r\n', {
        status: 200,
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="vat-register-${url.searchParams.get('month')}.csv"` },
      });
    }
    if (pathname === '/api/reports/vat-register') {
      const month = url.searchParams.get('month') ?? '';
      asked.push(month);
      return json(200, { success: true, data: month === MONTH ? REPORT : { ...REPORT, month, rows: [], totals: { value: 0, sd: 0, vat: 0, total: 0, invoices: 0, creditNotes: 0 } } });
    }
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
  // lib/download fetches by address (RTK Query by Request): both reach the stub as a Request.
  vi.stubGlobal('fetch', (input: RequestInfo, init?: RequestInit) =>
    served(typeof input === 'string' ? new Request(new URL(input, window.location.origin), init) : input),
  );
}

beforeAll(() => {
  URL.createObjectURL = () => 'blob:vat-register';
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

const admin = () => makeSignedInStore({ _id: 'a1', name: 'Admin', email: 'admin@example.com', role: 'admin' } as never, 'admin-token');

describe('the VAT register at 1280 px', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installAntdDom({ desktop: true });
    await initTestI18n('en');
  });

  it('shows the month of the address: its totals, each invoice and credit note with buyer, BIN, value, SD and VAT, and the CSV', async () => {
    serve();
    const user = userEvent.setup();
    renderWithStore(<VatRegisterPage />, { at: `/admin/vat-register?month=${MONTH}`, antd: true, store: await admin() });
    expect(await screen.findByRole('heading', { name: 'VAT sales register' })).toBeInTheDocument();
    expect(screen.getByTestId('vat-register-heading')).toHaveTextContent('Issued in December 2026');
    expect(await screen.findByTestId('vat-register-total-value')).toHaveTextContent('Value৳31,312.50');
    expect(screen.getByTestId('vat-register-total-sd')).toHaveTextContent('SD৳0');
    expect(screen.getByTestId('vat-register-total-vat')).toHaveTextContent('VAT৳4,696.88');
    expect(screen.getByTestId('vat-register-total-total')).toHaveTextContent('Total৳36,009.38');
    expect(screen.getByTestId('vat-register-counts')).toHaveTextContent('Tax invoices: 2 · Credit notes: 1');

    const first = screen.getByTestId('vat-register-row-INV-2026-27-000001');
    for (const text of ['INV-2026-27-000001', 'Tax invoice', 'Tue, Dec 1, 2026', 'Meghna Textiles Ltd.', '004567891-0202', '৳16,500', '৳0', '৳2,475', '৳18,975']) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    expect(within(screen.getByTestId('vat-register-row-INV-2026-27-000002')).getByText('–')).toBeInTheDocument();
    const credit = screen.getByTestId('vat-register-row-CN-2026-27-000001');
    expect(within(credit).getByText('Credit note')).toBeInTheDocument();
    expect(within(credit).getByText('Cancels INV-2026-27-000001')).toBeInTheDocument();
    // Taken off: negative, in red.
    expect(within(credit).getByText(formatTaka(-18_975))).toHaveClass('text-rose-700');
    expect(asked).toEqual([MONTH]);

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toContain(`vat-register-${MONTH}.csv`));
    expect(csvAsked).toBe(`${MONTH} Bearer admin-token`);
    expect(await screen.findByText(`vat-register-${MONTH}.csv downloaded.`)).toBeInTheDocument();
  });

  it('says so when nothing was issued in the month', async () => {
    serve();
    renderWithStore(<VatRegisterPage />, { at: '/admin/vat-register?month=2026-10', antd: true, store: await admin() });
    expect(await screen.findByText('No invoice or credit note was issued in October 2026.')).toBeInTheDocument();
    expect(screen.getByTestId('vat-register-total-total')).toHaveTextContent('৳0');
  });
});

describe('the VAT register in Bengali at 375 px', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installAntdDom({ desktop: false });
    await initTestI18n('bn');
  });

  it('shows the totals and a card per invoice and credit note in Bengali words and digits', async () => {
    serve();
    renderWithStore(<VatRegisterPage />, { at: `/admin/vat-register?month=${MONTH}`, antd: true, store: await admin() });
    expect(await screen.findByRole('heading', { name: 'মূসক বিক্রয় রেজিস্টার' })).toBeInTheDocument();
    expect(screen.getByTestId('vat-register-heading')).toHaveTextContent('ডিসেম্বর ২০২৬ মাসে ইস্যু হয়েছে');
    expect(await screen.findByTestId('vat-register-total-vat')).toHaveTextContent('মূসক৳৪,৬৯৬.৮৮');
    expect(screen.getByTestId('vat-register-counts')).toHaveTextContent('কর চালানপত্র: ২টি · ক্রেডিট নোট: ১টি');
    // Cards, not a table, on a phone.
    expect(document.querySelector('.ant-table')).toBeNull();
    const card = screen.getByTestId('vat-register-row-CN-2026-27-000001');
    expect(within(card).getByText('ক্রেডিট নোট')).toBeInTheDocument();
    expect(within(card).getByText('INV-2026-27-000001 বাতিল করে')).toBeInTheDocument();
    expect(within(card).getByText(formatTaka(-2475, 'bn'))).toBeInTheDocument();
    expect(card).toHaveTextContent('বিআইএন004567891-0202');
    expect(screen.getByRole('button', { name: 'CSV ডাউনলোড করুন' })).toBeInTheDocument();
  });
});
