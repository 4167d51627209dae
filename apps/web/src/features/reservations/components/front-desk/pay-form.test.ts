import { describe, expect, it } from 'vitest';
import { PAY_MESSAGE_KEYS, checkPayment, initialPayValues, paymentBody, type PayFormValues } from './pay-form';

const booking = { status: 'active', stage: 'checked_in', isConfirmed: true, startDate: '2026-12-09', endDate: '2026-12-12', balance: 12_500 } as const;
const TODAY = '2026-12-10';
const values = (over: Partial<PayFormValues> = {}): PayFormValues => ({ ...initialPayValues(booking), method: 'cash', ...over });

describe('the Pay modal', () => {
  it('starts with the whole balance, in cash, no reference and "now"', () => {
    expect(initialPayValues(booking)).toEqual({ amount: 12_500, method: 'cash', paidAt: null, note: '', reference: '' });
  });

  it('sends the transaction reference trimmed, and refuses one over 64 characters', () => {
    const checked = checkPayment(values({ method: 'bkash', reference: ' 8N7A6B5C4D ' }), booking, TODAY, 'Asia/Dhaka');
    expect(checked).toEqual({ ok: true, body: { amount: 12_500, method: 'bkash', reference: '8N7A6B5C4D' } });
    const long = checkPayment(values({ reference: 'X'.repeat(65) }), booking, TODAY, 'Asia/Dhaka');
    expect(long.ok ? null : long.problems[0]).toMatchObject({ field: 'reference', key: 'referenceTooLong' });
  });

  it('sends amount and method, and leaves out an empty time and note', () => {
    const checked = checkPayment(values({ amount: 5000, method: 'cash', note: '  ' }), booking, TODAY, 'Asia/Dhaka');
    expect(checked).toEqual({ ok: true, body: { amount: 5000, method: 'cash' } });
  });

  it('needs the reference of every method but cash (issue 31), in the screen\'s words', () => {
    for (const method of ['bkash', 'nagad', 'card', 'bank_transfer'] as const) {
      const checked = checkPayment(values({ amount: 5000, method, reference: '  ' }), booking, TODAY, 'Asia/Dhaka');
      expect(checked.ok ? null : checked.problems).toEqual([expect.objectContaining({ field: 'reference', key: 'referenceRequired' })]);
    }
  });

  it("writes the time the desk typed as the hotel's clock (Dhaka is UTC+6)", () => {
    const body = paymentBody(values({ paidAt: { date: '2026-12-10', time: '09:30' } }), 'Asia/Dhaka');
    expect(body.paidAt).toBe('2026-12-10T03:30:00.000Z');
  });

  it("shows the contract's messages, each with its translation key", () => {
    const checked = checkPayment(values({ amount: null, method: null }), booking, TODAY, 'Asia/Dhaka');
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems).toEqual([
      { field: 'amount', message: 'Enter the amount received.', key: 'amountRequired' },
      { field: 'method', message: 'Choose how the guest paid: Cash, Card, bKash, Nagad, Bank transfer, Rocket or Upay.', key: 'methodRequired' },
    ]);
  });

  it('refuses zero, paisa beyond two decimals and a long note', () => {
    const problem = (v: PayFormValues) => {
      const checked = checkPayment(v, booking, TODAY, 'Asia/Dhaka');
      return checked.ok ? null : checked.problems[0];
    };
    expect(problem(values({ amount: 0 }))?.key).toBe('amountPositive');
    expect(problem(values({ amount: 10.005 }))?.key).toBe('amountPaisa');
    expect(problem(values({ note: 'x'.repeat(301) }))).toMatchObject({ field: 'note', key: 'noteTooLong' });
  });

  it('refuses a time in the future', () => {
    const checked = checkPayment(values({ paidAt: { date: '2999-01-01', time: '10:00' } }), booking, TODAY, 'Asia/Dhaka');
    expect(checked.ok ? null : checked.problems[0]).toMatchObject({ field: 'paidAt', key: 'paidAtFuture' });
  });

  it('refuses more than the balance, by the shared rule', () => {
    const checked = checkPayment(values({ amount: 12_500.01 }), booking, TODAY, 'Asia/Dhaka');
    expect(checked.ok ? null : checked.problems[0]).toMatchObject({ field: 'amount', key: 'overBalance', values: { balance: 12_500 } });
    expect(checkPayment(values({ amount: 12_500 }), booking, TODAY, 'Asia/Dhaka').ok).toBe(true);
  });

  it('knows every message the contract may give (a changed message would lose its translation)', () => {
    // The messages that this form can meet, produced by the contract itself.
    const seen = new Set<string>();
    const tries: PayFormValues[] = [
      values({ amount: null, method: null }),
      values({ amount: 0 }),
      values({ amount: 1e12 }),
      values({ amount: 1.001 }),
      values({ paidAt: { date: '2999-01-01', time: '10:00' } }),
      values({ note: 'x'.repeat(301) }),
      values({ reference: 'x'.repeat(65) }),
    ];
    for (const v of tries) {
      const checked = checkPayment(v, booking, TODAY, 'Asia/Dhaka');
      if (!checked.ok) for (const p of checked.problems) seen.add(p.message);
    }
    for (const message of seen) expect(PAY_MESSAGE_KEYS[message], message).toBeTruthy();
    expect(seen.size).toBe(8);
  });
});
