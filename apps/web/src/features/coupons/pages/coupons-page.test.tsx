import type { TCoupon } from '@residency/shared';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import CouponsPage from './coupons-page';
import { installAntdDom } from '../../../test/antd-dom';

// The page's ways out are the coupons API: stubbed, so the test sees exactly what is sent.
const updateCoupon = vi.fn();
const coupon: TCoupon = {
  _id: 'c1',
  code: 'WINTER25',
  discountType: 'percentage',
  discountValue: 25,
  expirationDate: '2030-12-31',
  // A minimum and a limit, so the Bengali card has amounts to write in Bengali digits.
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

// Every width query answers no: a phone (the coupons are cards).
installAntdDom({ desktop: false });

const renderPage = () =>
  render(
    <App>
      <CouponsPage />
    </App>,
  );

describe('Admin › Coupons: the active switch and Edit', () => {
  beforeEach(async () => {
    await initTestI18n('en');
    updateCoupon.mockReset();
  });
  afterEach(cleanup);

  it('switching a coupon off sends isActive alone and says guests cannot use it', async () => {
    updateCoupon.mockReturnValue({ unwrap: () => Promise.resolve({ success: true, data: { ...coupon, isActive: false } }) });
    renderPage();
    const toggle = screen.getByRole('switch', { name: 'Coupon WINTER25 active' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(updateCoupon).toHaveBeenCalledWith({ id: 'c1', patch: { isActive: false } }));
    expect(await screen.findByText('Coupon WINTER25 is inactive: guests cannot use it.')).toBeInTheDocument();
  });

  it("shows the server's refusal of a switch", async () => {
    updateCoupon.mockReturnValue({
      unwrap: () => Promise.reject({ status: 404, data: { success: false, code: 'COUPON_NOT_FOUND', message: 'This coupon does not exist or was deleted.' } }),
    });
    renderPage();
    await userEvent.click(screen.getByRole('switch', { name: 'Coupon WINTER25 active' }));
    expect(await screen.findByText('This coupon does not exist or was deleted.')).toBeInTheDocument();
  });

  it('Edit opens the modal on that coupon, prefilled', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Edit coupon WINTER25' }));
    expect(await screen.findByRole('dialog', { name: 'Edit coupon WINTER25' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Coupon Code')).toHaveValue('WINTER25'));
    expect(screen.getByLabelText('Discount Value')).toHaveValue('25');
  });

  /** On a phone, in Bengali (was the Bengali half of admin-phone.spec.ts's Coupons test; the English card, its edit and its switch stay there). */
  describe('in Bengali', { timeout: 20_000 }, () => {
    beforeEach(async () => {
      // After the English beforeEach above, which puts every other test back in English.
      await initTestI18n('bn');
      updateCoupon.mockReturnValue({ unwrap: () => Promise.resolve({ success: true, data: { ...coupon, isActive: false } }) });
    });

    it('a card in the labelled list reads in Bengali, with Bengali digits, and its switch turns the coupon off', async () => {
      renderPage();
      const card = screen.getByTestId('coupon-WINTER25');
      expect(screen.getByRole('list', { name: 'কুপন' })).toContainElement(card);
      expect(within(card).getByTestId('coupon-active')).toHaveTextContent('সক্রিয়');
      expect(within(card).getByTestId('coupon-discount')).toHaveTextContent('ছাড়');
      expect(within(card).getByTestId('coupon-minimum')).toHaveTextContent('৳৩,০০০');
      expect(within(card).getByTestId('coupon-limit').textContent).not.toMatch(/[0-9]/);
      const toggle = within(card).getByRole('switch', { name: 'কুপন WINTER25 সক্রিয়' });
      expect(toggle).toBeChecked();
      await userEvent.click(toggle);
      await waitFor(() => expect(updateCoupon).toHaveBeenCalledWith({ id: 'c1', patch: { isActive: false } }));
      expect(await screen.findByText('কুপন WINTER25 নিষ্ক্রিয় করা হয়েছে: অতিথিরা এটি আর ব্যবহার করতে পারবেন না।')).toBeInTheDocument();
    });
  });
});
