import type { TFolio, TFolioLine } from '@residency/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleBooking } from '../../../../test/bookings';
import { initTestI18n } from '../../../../test/i18n';
import { stubRelativeRequest } from '../../../../test/relative-request';
import { makeSignedInStore } from '../../../../test/store';
import { StayFolioSection } from './stay-folio-section';

let n = 0;
function line(overrides: Partial<TFolioLine>): TFolioLine {
  n += 1;
  return {
    _id: String(n),
    bookingId: 'b1',
    roomNumber: '301',
    kind: 'room',
    chargeType: null,
    serviceDate: '2026-12-01',
    description: '',
    quantity: 1,
    unitPrice: 9500,
    amount: 9500,
    rate: null,
    appliesTo: null,
    reverses: null,
    reversedBy: null,
    reason: null,
    postedBy: null,
    postedAt: '2026-11-24T00:00:00.000Z',
    ...overrides,
  };
}

/** Farhana's two nights in 301, a laundry charge the desk reversed, a bKash deposit, cash for the rest and a refund. */
function folio(overrides: Partial<TFolio> = {}): TFolio {
  n = 0;
  const night1 = line({ serviceDate: '2026-12-01' });
  const night2 = line({ serviceDate: '2026-12-02' });
  const laundry = line({ kind: 'charge', chargeType: 'laundry', serviceDate: '2026-12-02', unitPrice: 500, amount: 500, reversedBy: '7' });
  const lines = [
    night1,
    night2,
    laundry,
    line({ kind: 'service_charge', appliesTo: night1._id, amount: 950, unitPrice: 950 }),
    line({ kind: 'service_charge', appliesTo: night2._id, amount: 950, unitPrice: 950 }),
    line({ kind: 'vat', appliesTo: night1._id, amount: 1567.5, unitPrice: 1567.5 }),
    line({ kind: 'charge', chargeType: 'laundry', serviceDate: '2026-12-02', unitPrice: -500, amount: -500, reverses: laundry._id, reason: 'Charged twice' }),
    line({ kind: 'vat', appliesTo: night2._id, amount: 1567.5, unitPrice: 1567.5 }),
  ];
  return {
    reservationId: 'res1',
    reference: 'RSV-TEST0001',
    lines,
    payments: [
      { _id: 'p1', amount: 5000, method: 'bkash', paidAt: '2026-11-25T04:00:00.000Z', reference: 'TRX8KQ2', note: null, reason: null, recordedBy: null },
      { _id: 'p2', amount: 20035, method: 'cash', paidAt: '2026-12-03T05:00:00.000Z', reference: null, note: null, reason: null, recordedBy: null },
    ],
    refunds: [{ _id: 'r1', amount: 1000, method: 'cash', paidAt: '2026-12-03T05:30:00.000Z', reference: 'CN-1', note: null, reason: 'Overpaid', recordedBy: null }],
    charged: 24035,
    paid: 25035,
    refunded: 1000,
    balance: 0,
    refundable: 24035,
    cityLedger: null,
    invoices: [],
    ...overrides,
  };
}

const ISSUED = { _id: 'i1', kind: 'invoice' as const, number: 'INV-2026-27-000042', issuedAt: '2026-12-03T05:31:00.000Z', credits: null };
const checkedOut = sampleBooking({ state: 'checked_out', checkedOutAt: '2026-12-03T05:31:00.000Z' });

let calls: { url: string; auth: string | null }[] = [];
function serve(answer: TFolio) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost'), init) : input;
      const url = new URL(request.url);
      calls.push({ url: url.pathname + url.search, auth: request.headers.get('authorization') });
      if (url.pathname.endsWith('/invoice')) {
        return new Response(new Blob(['%PDF-1.7']), {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="INV-${url.searchParams.get('lang')}.pdf"` },
        });
      }
      return new Response(JSON.stringify({ success: true, data: answer }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

async function renderSection(stay = checkedOut, roomCount = 1) {
  const store = await makeSignedInStore({ _id: 'u1', name: 'Farhana Akter', email: 'farhana@example.com', role: 'user' } as never, 'guest-token');
  return render(
    <Provider store={store}>
      <App>
        <StayFolioSection stay={stay} roomCount={roomCount} />
      </App>
    </Provider>,
  );
}

beforeEach(async () => {
  calls = [];
  stubRelativeRequest();
  URL.createObjectURL = () => 'blob:invoice';
  URL.revokeObjectURL = () => {};
  // jsdom cannot follow the download link the browser would save.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  await initTestI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StayFolioSection (My Bookings)', () => {
  it('downloads the issued invoice in English and in Bengali with the guest’s token', async () => {
    serve(folio({ invoices: [ISSUED] }));
    await renderSection();
    expect(await screen.findByTestId('invoice-number')).toHaveTextContent('Invoice INV-2026-27-000042');
    expect(screen.queryByTestId('invoice-later')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Invoice \(English\)/ }));
    expect(await screen.findByText('INV-en.pdf is downloaded.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Invoice \(বাংলা\)/ }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/invoice'))).toHaveLength(2));
    const downloads = calls.filter((c) => c.url.includes('/invoice'));
    expect(downloads[0]).toEqual({ url: '/api/reservations/res1/invoice?lang=en', auth: 'Bearer guest-token' });
    expect(downloads[1]).toEqual({ url: '/api/reservations/res1/invoice?lang=bn', auth: 'Bearer guest-token' });
  });

  it('lists a credit note and downloads it by its number', async () => {
    const note = { _id: 'c1', kind: 'credit_note' as const, number: 'CN-2026-27-000003', issuedAt: '2026-12-04T05:00:00.000Z', credits: 'i1' };
    const reissued = { ...ISSUED, _id: 'i2', number: 'INV-2026-27-000050' };
    serve(folio({ invoices: [ISSUED, note, reissued] }));
    await renderSection();
    expect(await screen.findByTestId('invoice-number')).toHaveTextContent('INV-2026-27-000050');
    const credit = screen.getByTestId('credit-note');
    expect(credit).toHaveTextContent('Credit note CN-2026-27-000003');
    fireEvent.click(within(credit).getByRole('button', { name: /Credit note \(বাংলা\)/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/reservations/res1/invoice?lang=bn&number=CN-2026-27-000003')).toBe(true));
  });

  it('offers no invoice before check-out and says when it comes', async () => {
    serve(folio({ payments: [], refunds: [], paid: 0, refunded: 0, balance: 24035 }));
    await renderSection(sampleBooking());
    expect(await screen.findByTestId('invoice-later')).toHaveTextContent('Your VAT invoice is issued at check-out (Thu, Dec 3, 2026)');
    expect(screen.queryByRole('button', { name: /Invoice/ })).toBeNull();
    expect(screen.getByTestId('folio-money')).toHaveTextContent('No payment received yet.');
    expect(screen.getByTestId('folio-balance')).toHaveTextContent('৳24,035');
    expect(calls.some((c) => c.url.includes('/invoice'))).toBe(false);
    // Nothing received yet: no receipt to print.
    expect(screen.queryByRole('button', { name: /Receipt/ })).toBeNull();
  });

  it('sums the nights an early departure cancelled into one struck row, after the nights charged', async () => {
    n = 100;
    const nights = ['2026-12-01', '2026-12-02', '2026-12-03'].map((d, i) => line({ _id: `n${i}`, serviceDate: d, reversedBy: `x${i}` }));
    const reversals = nights.map((l, i) => line({ _id: `x${i}`, serviceDate: l.serviceDate, amount: -9500, unitPrice: -9500, reverses: l._id, reason: 'Early departure' }));
    const charged = line({ _id: 'n9', serviceDate: '2026-12-01' });
    serve({ ...folio(), lines: [...nights, ...reversals, charged], charged: 9500 });
    await renderSection();
    const rows = await screen.findAllByTestId('folio-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Room (1 night)৳9,500',
      'Room (3 nights)Cancelled by the hotel (Early departure): not chargedNot charged: ৳28,500',
    ]);
  });

  it('of a room booked with others, says the invoice comes when the last room checks out', async () => {
    serve(folio());
    await renderSection(sampleBooking(), 2);
    expect(await screen.findByTestId('invoice-later')).toHaveTextContent('when the last room of this reservation checks out');
    expect(screen.getByText('The bill covers all 2 rooms of booking RSV-TEST0001.')).toBeInTheDocument();
  });

  it('shows the charges readably: the nights summed, a reversed charge struck and not counted, the taxes', async () => {
    serve(folio({ invoices: [ISSUED] }));
    await renderSection();
    const charges = await screen.findByTestId('folio-charges');
    const rows = within(charges).getAllByTestId('folio-row');
    expect(rows[0]).toHaveTextContent('Room (2 nights)৳19,000');
    expect(rows[1]).toHaveTextContent('Laundry');
    expect(rows[1]).toHaveAttribute('data-reversed', 'true');
    expect(rows[1]).toHaveTextContent('Cancelled by the hotel (Charged twice): not charged');
    expect(charges).toHaveTextContent('Service charge৳1,900');
    expect(charges).toHaveTextContent('VAT৳3,135');
    expect(within(charges).getByTestId('folio-charged')).toHaveTextContent('৳24,035');
  });

  it('prints a receipt of payments and refunds with method, reference, date, amount and the balance', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    serve(folio({ invoices: [ISSUED] }));
    await renderSection();
    fireEvent.click(await screen.findByRole('button', { name: /Receipt/ }));
    expect(print).toHaveBeenCalledOnce();
    const receipt = screen.getByTestId('stay-receipt');
    expect(receipt.parentElement).toBe(document.body);
    const [deposit, rest] = within(receipt).getAllByTestId('receipt-payment');
    expect(deposit).toHaveTextContent(/Nov 25, 2026.*Payment.*bKash.*TRX8KQ2.*৳5,000/);
    expect(rest).toHaveTextContent(/Payment.*Cash.*—.*৳20,035/);
    expect(within(receipt).getByTestId('receipt-refund')).toHaveTextContent(/Refund.*Cash.*CN-1.*−৳1,000/);
    expect(within(receipt).getByTestId('receipt-paid')).toHaveTextContent('৳25,035');
    expect(within(receipt).getByTestId('receipt-refunded')).toHaveTextContent('৳1,000');
    expect(within(receipt).getByTestId('receipt-balance')).toHaveTextContent('৳0');
    expect(receipt).toHaveTextContent('RSV-TEST0001');
  });

  it('writes the bill and the receipt in Bengali with Bengali digits', async () => {
    await initTestI18n('bn');
    serve(folio({ invoices: [ISSUED], balance: 1200 }));
    await renderSection();
    expect(await screen.findByRole('button', { name: /চালানপত্র \(English\)/ })).toBeInTheDocument();
    expect(screen.getAllByTestId('folio-row')[0]).toHaveTextContent('রুম ভাড়া (২ রাত)৳১৯,০০০');
    const receipt = screen.getByTestId('stay-receipt');
    expect(within(receipt).getAllByTestId('receipt-payment')[0]).toHaveTextContent(/বিকাশ.*TRX8KQ2.*৳৫,০০০/);
    expect(within(receipt).getByTestId('receipt-refund')).toHaveTextContent('−৳১,০০০');
    expect(within(receipt).getByTestId('receipt-balance')).toHaveTextContent('৳১,২০০');
    expect(receipt).toHaveTextContent('বকেয়া');
  });
});
