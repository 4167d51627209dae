import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../../test/antd-dom';
import { json, stubApi } from '../../../../test/api-stub';
import { sampleBooking } from '../../../../test/bookings';
import { initTestI18n } from '../../../../test/i18n';
import { renderWithStore } from '../../../../test/render';
import { DeskActionButtons, useDeskActions } from './desk-actions';

/* Check-out with a balance due (issues 22, 31): take the payment with the check-out, or send it to the company's account. */

const booking = sampleBooking({ stage: 'checked_in', state: 'checked_in', startDate: '2026-12-01', endDate: '2026-12-03', bookedEndDate: '2026-12-03' });

let sent: { method: string; path: string; body: string; key: string | null }[];
let due: number;
/** How long the server takes to check out (a slow network). */
let delayMs: number;

beforeEach(() => {
  installAntdDom({ desktop: true });
  sent = [];
  due = 5000;
  delayMs = 0;
  stubApi(async (request, pathname) => {
    if (request.method === 'GET' && pathname === '/api/bookings/b1') return json(200, { success: true, data: booking });
    const body = await request.text();
    sent.push({ method: request.method, path: pathname, body, key: request.headers.get('idempotency-key') });
    if (pathname === '/api/bookings/b1/check-out') {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const settle = (body === '' ? {} : JSON.parse(body)) as { cityLedger?: boolean; payment?: { amount: number } };
      // As the server does: the payment and the check-out in one transaction, or neither.
      const left = due - (settle.payment?.amount ?? 0);
      if (left > 0 && !settle.cityLedger) {
        return json(409, { success: false, code: 'BALANCE_DUE', balance: due, message: `৳${due} is still due.` });
      }
      due = 0;
      return json(200, { success: true, data: { ...booking, state: 'checked_out', stage: 'checked_out' } });
    }
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  // A dialog closed by the test may still sit in its portal (jsdom ends no closing animation).
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The dialog is gone, or leaving (jsdom never ends antd's closing animation, so it stays in the page). */
function closed() {
  const dialog = screen.queryByTestId('balance-due');
  if (dialog) expect(dialog.closest('.ant-modal')).toHaveClass('ant-zoom-leave');
}

function Desk() {
  const { run, busy } = useDeskActions();
  return <DeskActionButtons stay={booking} actions={['check_out']} run={run} busy={busy} today="2026-12-03" />;
}

async function checkOut(lng: 'en' | 'bn' = 'en') {
  await initTestI18n(lng);
  const user = userEvent.setup();
  renderWithStore(<Desk />, { antd: true });
  await user.click(screen.getByTestId('action-check_out'));
  const ask = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-popconfirm-buttons');
    if (!found) throw new Error('no question');
    return found;
  });
  await user.click(within(ask).getByRole('button', { name: lng === 'en' ? 'Check out' : 'চেক-আউট করুন' }));
  const dialog = await screen.findByTestId('balance-due');
  return { user, dialog };
}

describe('check-out with a balance due', () => {
  it('says what is due, and charges it to the company account with the note', async () => {
    const { user, dialog } = await checkOut();
    expect(within(dialog).getByTestId('balance-due-title')).toHaveTextContent('Balance due: ৳5,000');
    await waitFor(() => expect(dialog).toHaveTextContent('RSV-TEST0001 still owes ৳5,000.'));
    await user.click(within(dialog).getByTestId('balance-due-ledger'));
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Acme Ltd., PO 4512');
    await user.click(within(dialog).getByTestId('balance-due-ledger-confirm'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ method: 'POST', path: '/api/bookings/b1/check-out', body: JSON.stringify({ cityLedger: true, note: 'Acme Ltd., PO 4512' }), key: expect.any(String) });
    expect(await screen.findByText('Farhana Akter has checked out; room 301 is set to cleaning')).toBeInTheDocument();
  });

  // Issue 31: the payment and the check-out were two requests; between them the dialog showed
  // the folio's balance before the early departure (৳29,601 for ৳5,047 due), ready to take it again.
  it('takes the payment with the check-out in one request, sent with a key, and closes', async () => {
    delayMs = 50;
    const { user, dialog } = await checkOut();
    await user.click(await within(dialog).findByTestId('balance-due-pay'));
    const form = await within(dialog).findByTestId('folio-payment-form');
    expect(within(form).getByLabelText('Amount received (৳)')).toHaveValue('5000');
    expect(within(form).getByRole('radio', { name: 'Cash' })).toBeChecked();
    await user.click(within(form).getByTestId('folio-payment-submit'));
    expect(await screen.findByText('Farhana Akter has checked out; room 301 is set to cleaning')).toBeInTheDocument();
    expect(sent.slice(1)).toEqual([
      { method: 'POST', path: '/api/bookings/b1/check-out', body: JSON.stringify({ payment: { amount: 5000, method: 'cash' } }), key: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    await waitFor(closed);
  });

  it('sends once on a double press over a slow network, the button busy meanwhile, and never shows another balance', async () => {
    delayMs = 400;
    const { user, dialog } = await checkOut();
    await user.click(await within(dialog).findByTestId('balance-due-pay'));
    const submit = within(dialog).getByTestId('folio-payment-submit');
    await user.dblClick(submit);
    await user.click(submit);
    await waitFor(() => expect(submit).toHaveClass('ant-btn-loading'));
    expect(within(dialog).getByTestId('balance-due-title')).toHaveTextContent('Balance due: ৳5,000');
    await waitFor(closed, { timeout: 3_000 });
    expect(sent.filter((s) => s.path.endsWith('/check-out'))).toHaveLength(2);
    // The first press's request only (the other one was the first check-out, refused for the balance).
    expect(sent.filter((s) => s.body.includes('payment'))).toHaveLength(1);
  });

  it('records nothing for a payment short of the balance, and says so (Bengali)', async () => {
    const { user, dialog } = await checkOut('bn');
    await user.click(await within(dialog).findByTestId('balance-due-pay'));
    const form = await within(dialog).findByTestId('folio-payment-form');
    const amount = within(form).getByLabelText('প্রাপ্ত পরিমাণ (৳)');
    await user.clear(amount);
    await user.type(amount, '3000');
    await user.click(within(form).getByTestId('folio-payment-submit'));
    expect(await within(dialog).findByTestId('balance-due-refused')).toHaveTextContent('এতে বাকি পুরো শোধ হয়নি, তাই কিছুই লেখা হয়নি: এখনও ৳৫,০০০ বাকি।');
    expect(within(dialog).getByTestId('balance-due-title')).toHaveTextContent('বাকি আছে: ৳৫,০০০');
    expect(within(dialog).getByTestId('balance-due-ledger')).toHaveTextContent('কোম্পানির হিসাবে চার্জ করুন');
  });
});
