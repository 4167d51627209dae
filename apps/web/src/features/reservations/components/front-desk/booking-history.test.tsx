import type { TBooking } from '@residency/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../../test/i18n';
import { PaymentsList } from './booking-history';

/* The payments of the details dialog: each with its transaction reference when it has one. */

const payment = { amount: 5000, paidAt: '2026-12-01T08:00:00.000Z', note: null, recordedBy: { _id: 's1', name: 'Desk' }, createdAt: '2026-12-01T08:00:00.000Z' };
const booking = {
  payments: [
    { ...payment, _id: 'p1', method: 'bkash', reference: '8N7A6B5C4D' },
    { ...payment, _id: 'p2', method: 'cash', reference: null },
  ],
} as unknown as TBooking;

afterEach(cleanup);

describe('the payments in the reservation details', () => {
  it.each([
    ['en', 'Ref. 8N7A6B5C4D'],
    ['bn', 'রেফারেন্স 8N7A6B5C4D'],
  ] as const)('show a payment\'s transaction reference (%s), and none for a payment without one', async (lng, text) => {
    await initTestI18n(lng);
    render(<PaymentsList booking={booking} loading={false} />);
    const rows = screen.getAllByTestId('payment-row');
    expect(rows[0]).toHaveTextContent(text);
    expect(screen.getAllByTestId('payment-reference')).toHaveLength(1);
  });
});
