import type { TOnlinePaymentSession } from '@residency/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { json, stubApi } from '../../../test/api-stub';
import { initTestI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/render';
import PaymentsReviewPage from './payments-review-page';

/** Payments to review: each payment the gateway holds, accepted at once or refused (and refunded) for a reason. */

// 10:00 and 11:30 at the hotel (UTC+6).
const CARD: TOnlinePaymentSession = {
  sessionId: 's1',
  reservationId: 'r1',
  reference: 'RSV-7Q2K9ABC',
  status: 'review',
  gateway: 'sslcommerz',
  pay: 'deposit',
  amount: 12500.5,
  holdUntil: '2026-12-01T04:20:00.000Z',
  method: 'card',
  references: { valId: '2612011000001Q4Rz', bankTranId: '261201100000AbCd', cardType: 'VISA-Dutch Bangla' },
  failure: null,
  createdAt: '2026-12-01T04:00:00.000Z',
};
const BKASH: TOnlinePaymentSession = {
  ...CARD,
  sessionId: 's2',
  reservationId: 'r2',
  reference: 'RSV-3M8P4XYZ',
  gateway: 'bkash',
  pay: 'balance',
  amount: 3000,
  method: 'bkash',
  references: { paymentID: 'TR0011ABC', trxID: '9K4D7X2QPA' },
  createdAt: '2026-12-01T05:30:00.000Z',
};

interface Sent {
  path: string;
  key: string | null;
  body: unknown;
}

let inReview: TOnlinePaymentSession[];
let sent: Sent[];
/** What the next decision answers instead of success. */
let refusal: { status: number; code: string; message: string } | null;
/** While set, decisions wait for it (the request is in flight). */
let gate: Promise<void> | null;

function serve(sessions: TOnlinePaymentSession[]) {
  inReview = [...sessions];
  sent = [];
  refusal = null;
  gate = null;
  stubApi(async (request, pathname) => {
    if (pathname === '/api/online-payments/review') return json(200, { success: true, data: inReview, meta: { page: 1, limit: inReview.length, total: inReview.length } });
    const decision = /^\/api\/online-payments\/(\w+)\/(accept|refuse)$/.exec(pathname);
    if (decision && request.method === 'POST') {
      const text = await request.text();
      sent.push({ path: pathname, key: request.headers.get('idempotency-key'), body: text ? JSON.parse(text) : null });
      await gate;
      if (refusal) return json(refusal.status, { success: false, ...refusal });
      const session = inReview.find((s) => s.sessionId === decision[1])!;
      inReview = inReview.filter((s) => s !== session);
      const accepted = decision[2] === 'accept';
      return json(200, { success: true, message: accepted ? 'Payment accepted' : 'Payment refused and refunded', data: { ...session, status: accepted ? 'paid' : 'refunded' } });
    }
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('payments to review at 1280 px', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installAntdDom({ desktop: true });
    await initTestI18n('en');
  });

  it('lists each payment with its reservation, amount, gateway and method, references and when it came', async () => {
    serve([CARD, BKASH]);
    renderWithStore(<PaymentsReviewPage />, { at: '/staff/payments-review', antd: true });
    expect(await screen.findByRole('heading', { name: 'Payments to review' })).toBeInTheDocument();
    const card = await screen.findByTestId('review-s1');
    expect(within(card).getByRole('link', { name: 'Open RSV-7Q2K9ABC in the reservations' })).toHaveAttribute('href', '/staff/reservation?q=RSV-7Q2K9ABC');
    for (const text of ['৳12,500.50', 'Deposit', 'SSLCommerz · Card', 'VISA-Dutch Bangla', '2612011000001Q4Rz', '261201100000AbCd', 'Dec 1, 2026, 10:00']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(card).getByText('val_id')).toBeInTheDocument();
    expect(within(card).getByText('bank_tran_id')).toBeInTheDocument();
    const bkash = screen.getByTestId('review-s2');
    for (const text of ['৳3,000', 'Balance', 'bKash · bKash', 'TR0011ABC', '9K4D7X2QPA', 'Dec 1, 2026, 11:30']) {
      expect(within(bkash).getByText(text)).toBeInTheDocument();
    }
  });

  it('accepts a payment: one POST with an idempotency key, its message, and the payment leaves the list', async () => {
    serve([CARD, BKASH]);
    let answer = () => {};
    gate = new Promise((resolve) => (answer = resolve));
    const user = userEvent.setup();
    renderWithStore(<PaymentsReviewPage />, { at: '/admin/payments-review', antd: true });
    const accept = await screen.findByRole('button', { name: 'Accept the payment for RSV-7Q2K9ABC' });
    await user.click(accept);
    // While the gateway is asked again, neither of the payment's buttons can be pressed.
    await waitFor(() => expect(accept).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Refuse and refund the payment for RSV-7Q2K9ABC' })).toBeDisabled();
    await user.click(accept);
    answer();
    expect(await screen.findByText('৳12,500.50 for RSV-7Q2K9ABC accepted and recorded on the folio.')).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/online-payments/s1/accept', key: expect.stringMatching(/^[0-9a-f-]{36}$/), body: null }]);
    await waitFor(() => expect(screen.queryByTestId('review-s1')).toBeNull());
    expect(screen.getByTestId('review-s2')).toBeInTheDocument();
  });

  it('says why the server refused an acceptance, in its own words', async () => {
    serve([CARD]);
    const user = userEvent.setup();
    renderWithStore(<PaymentsReviewPage />, { at: '/admin/payments-review', antd: true });
    await screen.findByTestId('review-s1');
    refusal = { status: 409, code: 'GATEWAY_REFUSED', message: 'The gateway no longer confirms this payment (failed).' };
    await user.click(screen.getByRole('button', { name: 'Accept the payment for RSV-7Q2K9ABC' }));
    expect(await screen.findByText('The gateway no longer confirms this payment (failed).')).toBeInTheDocument();
    // Still in review: it stays, and its buttons work again.
    expect(screen.getByTestId('review-s1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept the payment for RSV-7Q2K9ABC' })).toBeEnabled());
  });

  it('refuses a payment only with a reason of a few words, sends it, and closes the dialog', async () => {
    serve([CARD, BKASH]);
    const user = userEvent.setup();
    renderWithStore(<PaymentsReviewPage />, { at: '/admin/payments-review', antd: true });
    await user.click(await screen.findByRole('button', { name: 'Refuse and refund the payment for RSV-3M8P4XYZ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse ৳3,000 for RSV-3M8P4XYZ' });
    expect(within(dialog).getByText(/refunded in full through bKash/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Refuse and refund' }));
    expect(await within(dialog).findByText('Say why.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse and refund' }));
    expect(await within(dialog).findByText('Say why, in a few words.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 't the card holder');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse and refund' }));
    expect(await screen.findByText('The payment for RSV-3M8P4XYZ was refused: ৳3,000 goes back to the guest through bKash.')).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/online-payments/s2/refuse', key: expect.stringMatching(/^[0-9a-f-]{36}$/), body: { reason: 'not the card holder' } }]);
    // The dialog closes (jsdom runs no animation, so antd's closing one never ends: it is leaving).
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
    await waitFor(() => expect(screen.queryByTestId('review-s2')).toBeNull());
  });

  it('says when nothing waits', async () => {
    serve([]);
    renderWithStore(<PaymentsReviewPage />, { at: '/admin/payments-review', antd: true });
    expect(await screen.findByText('No payment is waiting for review.')).toBeInTheDocument();
  });
});

describe('payments to review in Bengali at 375 px', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installAntdDom({ desktop: false });
    await initTestI18n('bn');
  });

  it('shows each payment as a card in Bengali words and digits, and a refusal of the server in Bengali', async () => {
    serve([CARD]);
    const user = userEvent.setup();
    renderWithStore(<PaymentsReviewPage />, { at: '/staff/payments-review', antd: true });
    expect(await screen.findByRole('heading', { name: 'যাচাইয়ের অপেক্ষায় পেমেন্ট' })).toBeInTheDocument();
    expect(document.querySelector('.ant-table')).toBeNull();
    const card = await screen.findByTestId('review-s1');
    for (const text of ['৳১২,৫০০.৫০', 'অগ্রিম', 'SSLCommerz · কার্ড']) expect(within(card).getByText(text)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'RSV-7Q2K9ABC-এর পেমেন্ট প্রত্যাখ্যান ও ফেরত' })).toBeInTheDocument();

    refusal = { status: 503, code: 'GATEWAY_UNAVAILABLE', message: 'The payment service did not answer.' };
    await user.click(within(card).getByRole('button', { name: 'RSV-7Q2K9ABC-এর পেমেন্ট গ্রহণ করুন' }));
    expect(await screen.findByText('পেমেন্ট সেবা উত্তর দেয়নি। কিছু কাটা হয়নি: একটু পরে আবার চেষ্টা করুন, বা অন্যভাবে পরিশোধ করুন।')).toBeInTheDocument();
  });

  it('asks the reason in Bengali', async () => {
    serve([CARD]);
    const user = userEvent.setup();
    renderWithStore(<PaymentsReviewPage />, { at: '/staff/payments-review', antd: true });
    await user.click(await screen.findByRole('button', { name: 'RSV-7Q2K9ABC-এর পেমেন্ট প্রত্যাখ্যান ও ফেরত' }));
    const dialog = await screen.findByRole('dialog', { name: 'RSV-7Q2K9ABC-এর ৳১২,৫০০.৫০ প্রত্যাখ্যান' });
    await user.click(within(dialog).getByRole('button', { name: 'প্রত্যাখ্যান ও ফেরত' }));
    expect(await within(dialog).findByText('কারণ লিখুন।')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
