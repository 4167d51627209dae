import type { TChargeType, TFolio, TFolioLine } from '@residency/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../../../test/antd-dom';
import { json, stubApi } from '../../../../../test/api-stub';
import { initTestI18n } from '../../../../../test/i18n';
import { renderWithStore } from '../../../../../test/render';
import { FolioTab } from './folio-tab';

/* The desk's folio tab (issue 22): lines by room and day, a reversed line, totals, and the charge and refund forms. */

const line = (id: number, over: Partial<TFolioLine>): TFolioLine => ({
  _id: String(id),
  bookingId: 'b1',
  roomNumber: '301',
  kind: 'room',
  chargeType: null,
  serviceDate: '2026-12-01',
  description: '',
  quantity: 1,
  unitPrice: 0,
  amount: 0,
  rate: null,
  appliesTo: null,
  reverses: null,
  reversedBy: null,
  reason: null,
  postedBy: null,
  postedAt: `2026-11-24T00:00:${String(id).padStart(2, '0')}.000Z`,
  ...over,
});
const karim = { _id: 's1', name: 'Karim Chowdhury' };

/**
 * Two nights in room 301 with their service charge and VAT; a laundry charge of 2 × ৳300 reversed
 * with its taxes (posted to the wrong room); the airport shuttle with its VAT. ৳10,000 paid by
 * bKash, ৳500 refunded in cash.
 */
const folio: TFolio = {
  reservationId: 'res1',
  reference: 'RSV-TEST0001',
  lines: [
    line(1, { amount: 9500, unitPrice: 9500 }),
    line(2, { kind: 'service_charge', amount: 950, unitPrice: 950, rate: 10, appliesTo: '1' }),
    line(3, { kind: 'vat', amount: 1567.5, unitPrice: 1567.5, rate: 15, appliesTo: '1' }),
    line(4, { serviceDate: '2026-12-02', amount: 9500, unitPrice: 9500 }),
    line(5, { serviceDate: '2026-12-02', kind: 'service_charge', amount: 950, unitPrice: 950, rate: 10, appliesTo: '4' }),
    line(6, { serviceDate: '2026-12-02', kind: 'vat', amount: 1567.5, unitPrice: 1567.5, rate: 15, appliesTo: '4' }),
    line(7, { serviceDate: '2026-12-02', kind: 'charge', chargeType: 'laundry', description: 'shirts', quantity: 2, unitPrice: 300, amount: 600, reversedBy: '10', postedBy: karim }),
    line(8, { serviceDate: '2026-12-02', kind: 'service_charge', chargeType: 'laundry', amount: 60, unitPrice: 60, rate: 10, appliesTo: '7', reversedBy: '11' }),
    line(9, { serviceDate: '2026-12-02', kind: 'vat', chargeType: 'laundry', amount: 99, unitPrice: 99, rate: 15, appliesTo: '7', reversedBy: '12' }),
    line(10, { serviceDate: '2026-12-02', kind: 'charge', chargeType: 'laundry', amount: -600, unitPrice: -300, quantity: 2, reverses: '7', reason: 'Posted to the wrong room', postedBy: karim }),
    line(11, { serviceDate: '2026-12-02', kind: 'service_charge', amount: -60, unitPrice: -60, appliesTo: '7', reverses: '8', reason: 'Posted to the wrong room', postedBy: karim }),
    line(12, { serviceDate: '2026-12-02', kind: 'vat', amount: -99, unitPrice: -99, appliesTo: '7', reverses: '9', reason: 'Posted to the wrong room', postedBy: karim }),
    line(13, { serviceDate: '2026-12-02', kind: 'charge', chargeType: 'airport_shuttle', amount: 1500, unitPrice: 1500, postedBy: karim }),
    line(14, { serviceDate: '2026-12-02', kind: 'vat', chargeType: 'airport_shuttle', amount: 225, unitPrice: 225, rate: 15, appliesTo: '13' }),
  ],
  payments: [{ _id: 'p1', amount: 10000, method: 'bkash', paidAt: '2026-12-01T06:00:00.000Z', reference: '8N7A6B5C4D', note: null, reason: null, recordedBy: karim }],
  refunds: [{ _id: 'p2', amount: 500, method: 'cash', paidAt: '2026-12-02T06:00:00.000Z', reference: null, note: null, reason: 'Shuttle fare overcharged', recordedBy: karim }],
  charged: 25760,
  paid: 10000,
  refunded: 500,
  balance: 16260,
  refundable: 9500,
  cityLedger: null,
  invoices: [],
};

const chargeTypes: TChargeType[] = [
  { code: 'airport_shuttle', nameEn: 'Airport shuttle', nameBn: 'এয়ারপোর্ট শাটল', defaultPrice: 1500, serviceChargePercent: 0, vatPercent: 15, active: true },
  { code: 'laundry', nameEn: 'Laundry', nameBn: 'লন্ড্রি', defaultPrice: null, serviceChargePercent: 10, vatPercent: 15, active: true },
];

let sent: { path: string; body: unknown }[];

beforeEach(() => {
  installAntdDom({ desktop: true });
  sent = [];
  stubApi(async (request, pathname) => {
    if (request.method === 'POST') {
      sent.push({ path: pathname, body: await request.json() });
      return json(201, { success: true, data: folio });
    }
    if (pathname === '/api/reservations/res1/folio') return json(200, { success: true, data: folio });
    if (pathname === '/api/charge-types') return json(200, { success: true, data: chargeTypes, meta: { page: 1, limit: 100, total: 2 } });
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(lng: 'en' | 'bn' = 'en') {
  await initTestI18n(lng);
  renderWithStore(<FolioTab reservationId="res1" bookingId="b1" rooms={[{ bookingId: 'b1', roomNumber: '301' }]} />, { antd: true });
  return screen.findByTestId('folio-lines');
}

describe('the folio tab', () => {
  it('lists the lines by day with their service charge and VAT under them, a reversed line struck through with its reason and who', async () => {
    const lines = await open();
    const days = within(lines).getAllByTestId('folio-day');
    expect(days).toHaveLength(2);
    expect(within(lines).getByRole('heading', { name: 'Room 301' })).toBeInTheDocument();
    const rows = within(lines).getAllByTestId('folio-line');
    // Reversal lines are not rows of their own: the line they cancel says so.
    expect(rows.map((r) => within(r).getByTestId('folio-line-what').textContent)).toEqual(['Room night', 'Room night', 'Laundry: shirts', 'Airport shuttle']);
    // The rate keeps its % on the same line (a no-break space).
    expect(within(rows[0]!).getAllByTestId('folio-adjustment').map((a) => a.textContent)).toEqual(['Service charge 10\u00a0%৳950', 'VAT 15\u00a0%৳1,567.50']);
    expect(within(rows[2]!).getByText('2 × ৳300')).toBeInTheDocument();

    const laundry = rows[2]!;
    expect(laundry).toHaveAttribute('data-reversed', 'true');
    expect(within(laundry).getByTestId('folio-line-what')).toHaveClass('line-through');
    expect(within(laundry).getByTestId('folio-reversal-note')).toHaveTextContent('Reversed by Karim Chowdhury: Posted to the wrong room');
    expect(within(laundry).queryByTestId('folio-reverse')).toBeNull();
    expect(within(rows[3]!).getByTestId('folio-reverse')).toBeInTheDocument();
  });

  it('shows the totals, the payment and the refund, and the proforma before an invoice', async () => {
    await open();
    expect(screen.getByTestId('folio-total-charged')).toHaveTextContent('Charged৳25,760');
    expect(screen.getByTestId('folio-total-paid')).toHaveTextContent('৳10,000');
    expect(screen.getByTestId('folio-total-refunded')).toHaveTextContent('৳500');
    expect(screen.getByTestId('folio-total-balance')).toHaveTextContent('Balance due৳16,260');
    expect(screen.getByTestId('folio-money-payment')).toHaveTextContent('Payment · bKash');
    expect(screen.getByTestId('folio-money-payment')).toHaveTextContent('Ref. 8N7A6B5C4D');
    expect(screen.getByTestId('folio-money-refund')).toHaveTextContent('Shuttle fare overcharged');
    expect(screen.getByTestId('folio-proforma')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Proforma in বাংলা' })).toBeInTheDocument();
  });

  it('reads in Bengali: the charge types by their Bengali names, amounts in Bengali digits', async () => {
    const lines = await open('bn');
    const rows = within(lines).getAllByTestId('folio-line');
    await waitFor(() => expect(within(rows[3]!).getByTestId('folio-line-what')).toHaveTextContent('এয়ারপোর্ট শাটল'));
    expect(within(lines).getByRole('heading', { name: 'রুম ৩০১' })).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('folio-line-what')).toHaveTextContent('রুমের রাত');
    expect(within(rows[2]!).getByTestId('folio-reversal-note')).toHaveTextContent('Karim Chowdhury রিভার্স করেছেন: Posted to the wrong room');
    expect(screen.getByTestId('folio-total-balance')).toHaveTextContent('বাকি৳১৬,২৬০');
    expect(screen.getByTestId('folio-total-charged')).toHaveTextContent('মোট চার্জ৳২৫,৭৬০');
  });

  it('shows a balance below zero as refundable to the guest, and a credit note for a standing invoice', async () => {
    const owed = { ...folio, balance: -1200, invoices: [{ _id: 'i1', kind: 'invoice' as const, number: 'INV-2026-27-000001', issuedAt: '2026-12-03T05:00:00.000Z', credits: null }] };
    stubApi(async (_request, pathname) => {
      if (pathname === '/api/reservations/res1/folio') return json(200, { success: true, data: owed });
      return json(200, { success: true, data: chargeTypes, meta: { page: 1, limit: 100, total: 2 } });
    });
    await open();
    expect(screen.getByTestId('folio-total-balance')).toHaveTextContent('Refundable to the guest৳1,200');
    expect(screen.getByTestId('folio-invoice')).toHaveTextContent('INV-2026-27-000001');
    expect(screen.queryByTestId('folio-proforma')).toBeNull();
    expect(screen.getByTestId('folio-credit-note')).toBeInTheDocument();
    expect(screen.queryByTestId('folio-payment')).toBeNull();
  });
});

describe('Post charge', () => {
  it("starts from the charge type's own price (the shuttle's ৳1,500) and posts it", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByTestId('folio-charge'));
    const form = await screen.findByTestId('folio-charge-form');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'What' }));
    await user.click(await screen.findByTitle('Airport shuttle'));
    expect(within(form).getByLabelText('Unit price (৳)')).toHaveValue('1500');
    expect(within(form).getByText('VAT 15 % is added.')).toBeInTheDocument();
    await user.click(within(form).getByTestId('folio-charge-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe('/api/reservations/res1/charges');
    expect(sent[0]!.body).toMatchObject({ chargeType: 'airport_shuttle', unitPrice: 1500, quantity: 1 });
    expect(sent[0]!.body).not.toHaveProperty('bookingId');
  });

  it('refuses a charge without a type, and a type without a price, before sending', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByTestId('folio-charge'));
    const form = await screen.findByTestId('folio-charge-form');
    await user.click(within(form).getByTestId('folio-charge-submit'));
    expect(await within(form).findByText('Choose what is charged.')).toBeInTheDocument();

    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'What' }));
    await user.click(await screen.findByTitle('Laundry'));
    expect(within(form).getByLabelText('Unit price (৳)')).toHaveValue('');
    await user.click(within(form).getByTestId('folio-charge-submit'));
    expect(await within(form).findByText('Enter the price.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('asks which room when the reservation has several (the open room to start with)', async () => {
    const SECOND = '0b6f1a52-4d0e-4c39-9d59-2f1d7e3c0a02';
    const user = userEvent.setup();
    await initTestI18n('en');
    renderWithStore(
      <FolioTab
        reservationId="res1"
        bookingId={SECOND}
        rooms={[
          { bookingId: '0b6f1a52-4d0e-4c39-9d59-2f1d7e3c0a01', roomNumber: '301' },
          { bookingId: SECOND, roomNumber: '302' },
        ]}
      />,
      { antd: true },
    );
    await user.click(await screen.findByTestId('folio-charge'));
    const form = await screen.findByTestId('folio-charge-form');
    expect(within(form).getByRole('combobox', { name: 'Room' })).toBeInTheDocument();
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'What' }));
    await user.click(await screen.findByTitle('Airport shuttle'));
    await user.click(within(form).getByTestId('folio-charge-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ chargeType: 'airport_shuttle', bookingId: SECOND });
  });
});

describe('Refund', () => {
  it('refuses more than the refundable amount in the form, then sends a refund within it', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByTestId('folio-refund'));
    const form = await screen.findByTestId('folio-refund-form');
    expect(within(form).getByTestId('refund-refundable')).toHaveTextContent('Refundable: ৳9,500');
    const amount = within(form).getByLabelText('Amount refunded (৳)');
    await user.type(amount, '9600');
    await user.type(within(form).getByLabelText('Reason'), 'Left a night early');
    await user.click(within(form).getByTestId('folio-refund-submit'));
    expect(await within(form).findByText('A refund cannot be more than the ৳9,500 refundable.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '2000');
    await user.click(within(form).getByText('bKash', { exact: true }));
    // Every method but cash needs its reference (issue 31): asked before anything is sent.
    await user.click(within(form).getByTestId('folio-refund-submit'));
    expect(await within(form).findByText(/^Enter the transaction reference/)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(within(form).getByLabelText('Transaction reference'), '8AB3K2M9QZ');
    await user.click(within(form).getByTestId('folio-refund-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ path: '/api/reservations/res1/refunds', body: { amount: 2000, method: 'bkash', reference: '8AB3K2M9QZ', reason: 'Left a night early' } });
  });

  it('needs a reason', async () => {
    const user = userEvent.setup();
    await open('bn');
    await user.click(screen.getByTestId('folio-refund'));
    const form = await screen.findByTestId('folio-refund-form');
    await user.type(within(form).getByLabelText('ফেরতের পরিমাণ (৳)'), '100');
    await user.click(within(form).getByTestId('folio-refund-submit'));
    expect(await within(form).findByText('কারণ লিখুন।')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

describe('Reverse', () => {
  it('sends the line with the reason', async () => {
    const user = userEvent.setup();
    const lines = await open();
    const shuttle = within(lines).getAllByTestId('folio-line')[3]!;
    await user.click(within(shuttle).getByTestId('folio-reverse'));
    const form = await screen.findByTestId('folio-reversal-form');
    expect(form).toHaveTextContent('Airport shuttle, ৳1,500');
    await user.type(within(form).getByLabelText('Reason'), 'Guest took a taxi');
    await user.click(within(form).getByTestId('folio-reversal-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ path: '/api/reservations/res1/reversals', body: { lineId: '13', reason: 'Guest took a taxi' } });
  });
});

describe('credit note and invoice again', () => {
  const invoice = { _id: 'i1', kind: 'invoice' as const, number: 'INV-2026-27-000001', issuedAt: '2026-12-03T05:00:00.000Z', credits: null };
  const creditNote = { _id: 'i2', kind: 'credit_note' as const, number: 'CN-2026-27-000001', issuedAt: '2026-12-03T06:00:00.000Z', credits: 'i1' };

  function serve(invoices: TFolio['invoices']) {
    stubApi(async (request, pathname) => {
      if (request.method === 'POST') {
        sent.push({ path: pathname, body: await request.text() });
        return json(201, { success: true, data: { ...folio, invoices } });
      }
      if (pathname === '/api/reservations/res1/folio') return json(200, { success: true, data: { ...folio, invoices } });
      return json(200, { success: true, data: chargeTypes, meta: { page: 1, limit: 100, total: 2 } });
    });
  }

  it('cancels the standing invoice with a credit note, for a reason', async () => {
    serve([invoice]);
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByTestId('folio-credit-note'));
    const form = await screen.findByTestId('folio-credit-note-form');
    expect(screen.getByText('Cancel invoice INV-2026-27-000001')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Reason'), 'Company name missing');
    await user.click(within(form).getByTestId('folio-credit-note-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ path: '/api/reservations/res1/credit-notes', body: JSON.stringify({ reason: 'Company name missing' }) });
  });

  it('offers a new invoice once a credit note has cancelled the last one, with both PDFs listed', async () => {
    serve([invoice, creditNote]);
    const user = userEvent.setup();
    await open();
    expect(screen.getAllByTestId('folio-invoice').map((i) => i.textContent)).toEqual([expect.stringContaining('INV-2026-27-000001'), expect.stringContaining('CN-2026-27-000001 Credit note')]);
    expect(screen.queryByTestId('folio-credit-note')).toBeNull();
    await user.click(screen.getByTestId('folio-reissue'));
    const ask = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-popconfirm-buttons');
      if (!found) throw new Error('no question');
      return found;
    });
    await user.click(within(ask).getByRole('button', { name: 'Issue invoice' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe('/api/reservations/res1/invoices');
  });
});
