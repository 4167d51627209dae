import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../../test/antd-dom';
import { sampleBooking } from '../../../../test/bookings';
import { initTestI18n } from '../../../../test/i18n';
import { stubRelativeRequest } from '../../../../test/relative-request';
import { makeStore } from '../../../../test/store';
import { NightPricesModal } from './night-prices-modal';

/* Night prices (issue 21): the desk prices nights itself with a reason; only changed nights are sent. */

const booking = sampleBooking();
let sent: { url: string; body: unknown }[];
let closed: number;

beforeEach(() => {
  installAntdDom({ desktop: true });
  stubRelativeRequest();
  sent = [];
  closed = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      sent.push({ url: new URL(request.url).pathname, body: await request.json() });
      return new Response(JSON.stringify({ success: true, data: booking }), { status: 200, headers: { 'content-type': 'application/json' } });
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
        <NightPricesModal booking={booking} onClose={() => (closed += 1)} />
      </App>
    </Provider>,
  );
  return screen.findByTestId('night-prices-form');
}

describe('the Night prices dialog', () => {
  it('sends only the nights whose price changed, with the reason, and closes', async () => {
    const form = await open();
    fireEvent.change(within(form).getByLabelText('Tue, Dec 1'), { target: { value: '8000' } });
    fireEvent.change(within(form).getByLabelText('Why (kept with each changed night)'), { target: { value: 'Regular guest, manager agreed' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(sent).toEqual([{ url: '/api/bookings/b1/night-prices', body: { nights: [{ date: '2026-12-01', price: 8000 }], reason: 'Regular guest, manager agreed' } }]);
  });

  it('asks for a change and a reason before sending anything, in Bengali', async () => {
    const form = await open('bn');
    fireEvent.click(within(form).getByRole('button', { name: 'ভাড়া সংরক্ষণ করুন' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('আগে কোনো রাতের ভাড়া বদলান।');
    fireEvent.change(within(form).getByLabelText('বুধ ২ ডিসে'), { target: { value: '9000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'ভাড়া সংরক্ষণ করুন' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('ভাড়া কেন বদলাচ্ছে তা লিখুন।');
    expect(sent).toEqual([]);
  });
});
