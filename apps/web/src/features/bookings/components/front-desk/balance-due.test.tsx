import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../../test/antd-dom';
import { json, stubApi } from '../../../../test/api-stub';
import { sampleBooking } from '../../../../test/bookings';
import { initTestI18n } from '../../../../test/i18n';
import { renderWithStore } from '../../../../test/render';
import { DeskActionButtons, useDeskActions } from './desk-actions';

/* Check-out with a balance due (issue 22): take the payment then check out, or send it to the company's account. */

const booking = sampleBooking({ stage: 'checked_in', state: 'checked_in', startDate: '2026-12-01', endDate: '2026-12-03', bookedEndDate: '2026-12-03' });

let sent: { method: string; path: string; body: string }[];
let due: number;

beforeEach(() => {
  installAntdDom({ desktop: true });
  sent = [];
  due = 5000;
  stubApi(async (request, pathname) => {
    if (request.method === 'GET' && pathname === '/api/bookings/b1') return json(200, { success: true, data: booking });
    const body = await request.text();
    sent.push({ method: request.method, path: pathname, body });
    if (pathname === '/api/bookings/b1/check-out') {
      const settled = body !== '' && (JSON.parse(body) as { cityLedger?: boolean }).cityLedger;
      if (due > 0 && !settled) {
        return json(409, { success: false, code: 'BALANCE_DUE', balance: due, message: `৳${due} is still due: take the payment, or confirm that it goes to the company's account.` });
      }
      return json(200, { success: true, data: { ...booking, state: 'checked_out', stage: 'checked_out' } });
    }
    if (pathname === '/api/reservations/res1/payments') {
      due -= (JSON.parse(body) as { amount: number }).amount;
      return json(201, { success: true, data: { reservationId: 'res1', lines: [], balance: due } });
    }
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
    expect(sent[1]).toEqual({ method: 'POST', path: '/api/bookings/b1/check-out', body: JSON.stringify({ cityLedger: true, note: 'Acme Ltd., PO 4512' }) });
    expect(await screen.findByText('Farhana Akter has checked out; room 301 is set to cleaning')).toBeInTheDocument();
  });

  it('takes the payment (the balance, in cash, to start with) and then checks the guest out', async () => {
    const { user, dialog } = await checkOut();
    await user.click(await within(dialog).findByTestId('balance-due-pay'));
    const form = await within(dialog).findByTestId('folio-payment-form');
    expect(within(form).getByLabelText('Amount received (৳)')).toHaveValue('5000');
    expect(within(form).getByRole('radio', { name: 'Cash' })).toBeChecked();
    await user.click(within(form).getByTestId('folio-payment-submit'));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[1]).toEqual({ method: 'POST', path: '/api/reservations/res1/payments', body: JSON.stringify({ amount: 5000, method: 'cash' }) });
    expect(sent[2]).toEqual({ method: 'POST', path: '/api/bookings/b1/check-out', body: '' });
    expect(await screen.findByText('Farhana Akter has checked out; room 301 is set to cleaning')).toBeInTheDocument();
  });

  it('after a part payment, says what is still due and asks again (Bengali)', async () => {
    const { user, dialog } = await checkOut('bn');
    await user.click(await within(dialog).findByTestId('balance-due-pay'));
    const form = await within(dialog).findByTestId('folio-payment-form');
    const amount = within(form).getByLabelText('প্রাপ্ত পরিমাণ (৳)');
    await user.clear(amount);
    await user.type(amount, '3000');
    await user.click(within(form).getByTestId('folio-payment-submit'));
    await waitFor(() => expect(within(dialog).getByTestId('balance-due-title')).toHaveTextContent('বাকি আছে: ৳২,০০০'));
    expect(dialog).toHaveTextContent('এখনো ৳২,০০০ বাকি।');
    expect(within(dialog).getByTestId('balance-due-ledger')).toHaveTextContent('কোম্পানির হিসাবে চার্জ করুন');
  });
});
