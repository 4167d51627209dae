import type { TCoupon } from '@residency/shared';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import CouponsPage from './coupons-page';

// The page's ways out are the coupons API: stubbed, so the test sees exactly what is sent.
const updateCoupon = vi.fn();
const coupon: TCoupon = {
  _id: 'c1',
  code: 'PHONEBN',
  discountType: 'percentage',
  discountValue: 12,
  expirationDate: '2030-12-31',
  minimumPurchaseAmount: 3000,
  usageLimit: 40,
  usedCount: 0,
  isActive: true,
  createdAt: '2026-11-01T00:00:00.000Z',
};
vi.mock('../api', () => ({
  useGetCouponsQuery: () => ({ data: { success: true, data: [coupon], meta: { page: 1, limit: 1, total: 1 } }, isLoading: false, isError: false }),
  useCreateCouponMutation: () => [vi.fn(), { isLoading: false }],
  useUpdateCouponMutation: () => [updateCoupon, { isLoading: false }],
  useDeleteCouponMutation: () => [vi.fn(), { isLoading: false }],
}));

// Every width query answers no: a phone.
installAntdDom({ desktop: false });

/**
 * Admin › Coupons on a phone, in Bengali (was the Bengali half of admin-phone.spec.ts's Coupons
 * test; the English card, its edit and its switch stay there).
 */
describe('Admin › Coupons on a phone in Bengali', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('bn');
    updateCoupon.mockReset();
    updateCoupon.mockReturnValue({ unwrap: () => Promise.resolve({ success: true, data: { ...coupon, isActive: false } }) });
  });
  afterEach(cleanup);

  it('a card in the labelled list reads in Bengali, with Bengali digits, and its switch turns the coupon off', async () => {
    render(
      <App>
        <CouponsPage />
      </App>,
    );
    const card = screen.getByTestId('coupon-PHONEBN');
    expect(screen.getByRole('list', { name: 'কুপন' })).toContainElement(card);
    expect(within(card).getByTestId('coupon-active')).toHaveTextContent('সক্রিয়');
    expect(within(card).getByTestId('coupon-discount')).toHaveTextContent('ছাড়');
    expect(within(card).getByTestId('coupon-minimum')).toHaveTextContent('৳৩,০০০');
    expect(within(card).getByTestId('coupon-limit').textContent).not.toMatch(/[0-9]/);
    const toggle = within(card).getByRole('switch', { name: 'কুপন PHONEBN সক্রিয়' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(updateCoupon).toHaveBeenCalledWith({ id: 'c1', patch: { isActive: false } }));
    expect(await screen.findByText('কুপন PHONEBN নিষ্ক্রিয় করা হয়েছে: অতিথিরা এটি আর ব্যবহার করতে পারবেন না।')).toBeInTheDocument();
  });
});
