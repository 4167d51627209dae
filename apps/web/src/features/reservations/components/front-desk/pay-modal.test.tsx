import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../../test/antd-dom';
import { sampleBooking } from '../../../../test/bookings';
import { initTestI18n } from '../../../../test/i18n';
import { stubRelativeRequest } from '../../../../test/relative-request';
import { makeStore } from '../../../../test/store';
import { PayModal } from './pay-modal';

/* The Pay dialog: cash to start with, the transaction reference, and its messages in the screen's words. */

/** Checked in, for a stay from 2020 to 2099 (today always falls inside it), nothing paid yet. */
const booking = sampleBooking({ stage: 'checked_in', state: 'checked_in', startDate: '2020-01-01', endDate: '2099-01-01', bookedEndDate: '2099-01-01' });

let sent: unknown[];

beforeEach(() => {
  installAntdDom({ desktop: true });
  stubRelativeRequest();
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      sent.push(await request.json());
      const data = { ...booking, paid: 24035, balance: 0, paymentState: 'paid' };
      return new Response(JSON.stringify({ success: true, data }), { status: 201, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(lng: 'en' | 'bn' = 'en') {
  await initTestI18n(lng);
  const { store } = makeStore();
  render(
    <Provider store={store}>
      <App>
        <PayModal booking={booking} onClose={() => {}} />
      </App>
    </Provider>,
  );
  return screen.findByTestId('pay-form');
}

describe('the Pay dialog', () => {
  it('starts with Cash chosen', async () => {
    const form = await open();
    expect(within(form).getByRole('radio', { name: 'Cash' })).toBeChecked();
  });

  it('sends the transaction reference with the payment', async () => {
    const form = await open();
    fireEvent.click(within(form).getByText('bKash', { exact: true }));
    fireEvent.change(within(form).getByLabelText('Transaction reference'), { target: { value: '8N7A6B5C4D' } });
    fireEvent.click(within(form).getByTestId('pay-submit'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ amount: 24035, method: 'bkash', reference: '8N7A6B5C4D' });
  });

  it('refuses a reference over 64 characters before sending, in the screen language', async () => {
    const form = await open('bn');
    fireEvent.change(within(form).getByLabelText('লেনদেনের রেফারেন্স'), { target: { value: 'X'.repeat(65) } });
    fireEvent.click(within(form).getByTestId('pay-submit'));
    expect(await screen.findByTestId('pay-error-reference')).toHaveTextContent('লেনদেনের রেফারেন্স সর্বোচ্চ ৬৪ অক্ষরের হতে পারে।');
    expect(sent).toHaveLength(0);
  });

  it('shows its own words for a refusal in English too, not the contract\'s', async () => {
    const form = await open('en');
    fireEvent.change(within(form).getByLabelText('Transaction reference'), { target: { value: 'X'.repeat(65) } });
    fireEvent.click(within(form).getByTestId('pay-submit'));
    expect(await screen.findByTestId('pay-error-reference')).toHaveTextContent('A transaction reference has at most 64 characters.');
  });

  // The dialog starts with Cash and a radio group cannot be emptied, so "no method" comes only
  // from the contract (checkPayment, pay-form.test.ts): its words name the methods as the dialog's buttons do.
  it.each(['en', 'bn'] as const)('names the methods as its buttons do when none is chosen (%s)', async (lng) => {
    const i18n = await initTestI18n(lng);
    const message = i18n.t('front-desk:pay.errors.methodRequired');
    const form = await open(lng);
    const names = within(form).getAllByRole('radio').map((radio) => radio.closest('label')!.textContent!);
    // Cash, Card, bKash, Nagad, Bank transfer, Rocket, Upay.
    expect(names).toHaveLength(7);
    for (const name of names) expect(message).toContain(name);
    expect(message).not.toMatch(/bank_transfer|bkash/);
  });
});
