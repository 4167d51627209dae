import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../../test/store';
import { initTestI18n } from '../../../../test/i18n';
import { stubRelativeRequest } from '../../../../test/relative-request';
import { OpenRequestsCard } from './open-requests-card';
import { PastStaysCard } from './past-stays-card';

/*
 * The guest dashboard's past-stays and open-requests cards in Bengali (the browser test of the
 * dashboard, guest-stays.spec, reads them in English): Bengali words, digits and room type names.
 */

const past = {
  count: 1,
  recent: [
    {
      _id: 'b1',
      transactionId: 'RSV-PAST0001',
      reservationId: 'res1',
      reservationReference: 'RSV-PAST0001',
      room: { category: 'Deluxe King', roomNumber: '101' },
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      nights: 1,
      state: 'checked_out' as const,
      amount: 13800,
      paid: 13800,
      balance: 0,
      paymentState: 'paid' as const,
      guestCancelUntil: '2026-10-30T08:00:00.000Z',
      canCancel: false,
    },
  ],
};
const requests = {
  count: 1,
  items: [{ _id: 's1', service: 'laundry' as const, description: 'Two shirts', roomNumber: '101', createdAt: '2026-11-01T10:00:00.000Z' }],
};

beforeAll(async () => {
  await initTestI18n('bn');
  stubRelativeRequest();
  // The categories the Bengali room type name comes from.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ success: true, data: [{ _id: 'c1', name: 'Deluxe King', translations: { bn: { name: 'ডিলাক্স কিং' } } }] }),
    ),
  );
});
afterEach(cleanup);
afterAll(async () => {
  vi.unstubAllGlobals();
  await initTestI18n('en');
});

function renderCards() {
  const { store } = makeStore();
  render(
    <Provider store={store}>
      <MemoryRouter>
        <PastStaysCard past={past} />
        <OpenRequestsCard requests={requests} />
      </MemoryRouter>
    </Provider>,
  );
}

describe('the guest dashboard cards in Bengali', () => {
  it('count past stays and open requests in Bengali digits, with Bengali states, service names and room types', async () => {
    renderCards();
    const pastCard = screen.getByTestId('past-stays');
    expect(pastCard).toHaveTextContent('আগের থাকা');
    expect(pastCard).toHaveTextContent('মোট ১ বার থেকেছেন');
    const stay = within(pastCard).getByTestId('past-stay-RSV-PAST0001');
    expect(stay).toHaveTextContent('চেক-আউট হয়েছে');
    expect(await within(stay).findByText(/ডিলাক্স কিং/)).toBeInTheDocument();
    expect(stay).toHaveTextContent('১০১');
    expect(stay).not.toHaveTextContent(/\d/);

    const open = screen.getByTestId('open-requests');
    expect(within(open).getByTestId('open-requests-count')).toHaveTextContent('১টি চলমান অনুরোধ');
    expect(within(open).getByTestId('open-request')).toHaveTextContent('লন্ড্রি');
    expect(within(open).getByTestId('open-request')).toHaveTextContent('Two shirts');
    expect(within(open).getByRole('link', { name: /আমার অনুরোধ/ })).toHaveAttribute('href', '/user/my-request');
  });
});
