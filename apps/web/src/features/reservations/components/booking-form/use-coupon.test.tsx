import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../../test/i18n';
import { stubRelativeRequest } from '../../../../test/relative-request';
import { makeStore } from '../../../../test/store';
import { useCoupon } from './use-coupon';

/** The server's answers to GET /api/coupons/:code, by code. */
const checks: Record<string, object> = {
  WELCOME10: { code: 'WELCOME10', valid: true, discountType: 'percentage', discountValue: 10, minimumPurchaseAmount: null, reason: null },
  BIGSTAY: {
    code: 'BIGSTAY',
    valid: false,
    discountType: 'fixed',
    discountValue: 1500,
    minimumPurchaseAmount: 20000,
    reason: 'This coupon needs a purchase of at least 20000.',
  },
};
let asked: string[] = [];

beforeEach(async () => {
  await initTestI18n('en');
  asked = [];
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}?${url.searchParams}`);
      const code = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      return new Response(JSON.stringify({ success: true, data: checks[code] }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderCoupon(subtotal: number) {
  const { store } = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(({ amount }) => useCoupon(amount, true), { wrapper, initialProps: { amount: subtotal } });
}

describe('the coupon of a booking', () => {
  it('asks for a code before checking anything', () => {
    const { result } = renderCoupon(10000);
    act(() => result.current.apply());
    expect(result.current.note).toEqual({ tone: 'error', text: 'Enter a coupon code first.' });
    expect(asked).toEqual([]);
  });

  it('applies a code the server accepts for the subtotal, and checks it again when the stay changes', async () => {
    const { result, rerender } = renderCoupon(10000);
    act(() => result.current.change(' WELCOME10 '));
    act(() => result.current.apply());
    await waitFor(() => expect(result.current.applied).toEqual({ code: 'WELCOME10', type: 'percentage', value: 10, subtotal: 10000 }));
    expect(asked).toEqual(['/api/coupons/WELCOME10?amount=10000']);
    rerender({ amount: 15000 });
    await waitFor(() => expect(result.current.applied?.subtotal).toBe(15000));
    expect(asked).toEqual(['/api/coupons/WELCOME10?amount=10000', '/api/coupons/WELCOME10?amount=15000']);
  });

  it('says why the server refused a code, and Remove forgets the coupon', async () => {
    const { result } = renderCoupon(10000);
    act(() => result.current.change('BIGSTAY'));
    act(() => result.current.apply());
    await waitFor(() => expect(result.current.note).toEqual({ tone: 'error', text: 'This coupon needs a purchase of at least 20000.' }));
    expect(result.current.applied).toBeNull();
    act(() => result.current.remove());
    expect(result.current).toMatchObject({ input: '', applied: null, note: null });
  });
});
