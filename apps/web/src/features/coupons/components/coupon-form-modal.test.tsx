import type { TCoupon } from '@residency/shared';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { CouponFormModal } from './coupon-form-modal';
import { installAntdDom } from '../../../test/antd-dom';

// The modal's ways out are the create and update calls: stubbed, so the test sees what is sent.
const createCoupon = vi.fn();
const updateCoupon = vi.fn();
vi.mock('../api', () => ({
  useCreateCouponMutation: () => [createCoupon, { isLoading: false }],
  useUpdateCouponMutation: () => [updateCoupon, { isLoading: false }],
}));

installAntdDom();

const coupon: TCoupon = {
  _id: 'c1',
  code: 'WINTER25',
  discountType: 'percentage',
  discountValue: 25,
  expirationDate: '2030-12-31',
  minimumPurchaseAmount: 1000,
  usageLimit: 10,
  usedCount: 0,
  isActive: true,
  createdAt: '2026-11-01T00:00:00.000Z',
};

function renderModal(edit: TCoupon) {
  const onClose = vi.fn();
  render(
    <App>
      <CouponFormModal open coupon={edit} onClose={onClose} />
    </App>,
  );
  return { onClose, u: userEvent.setup() };
}

describe('the coupon modal, editing', () => {
  beforeEach(async () => {
    await initTestI18n('en');
    createCoupon.mockReset();
    updateCoupon.mockReset();
    updateCoupon.mockImplementation(({ patch }: { patch: Partial<TCoupon> }) => ({
      unwrap: () => Promise.resolve({ success: true, data: { ...coupon, ...patch } }),
    }));
  });
  afterEach(cleanup);

  it('opens prefilled and sends only what changed', async () => {
    const { onClose, u } = renderModal(coupon);
    expect(await screen.findByRole('dialog', { name: 'Edit coupon WINTER25' })).toBeInTheDocument();
    const code = screen.getByLabelText('Coupon Code');
    await waitFor(() => expect(code).toHaveValue('WINTER25'));
    expect(code).toBeEnabled();
    expect(screen.getByLabelText('Discount Value')).toHaveValue('25');
    expect(screen.getByLabelText('Usage Limit')).toHaveValue('10');
    await u.clear(screen.getByLabelText('Discount Value'));
    await u.type(screen.getByLabelText('Discount Value'), '30');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(updateCoupon).toHaveBeenCalledWith({ id: 'c1', patch: { discountValue: 30 } }));
    expect(await screen.findByText('Coupon WINTER25 updated')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(createCoupon).not.toHaveBeenCalled();
  });

  it('locks a used coupon\'s code and keeps its limit at or above its uses', async () => {
    const { u } = renderModal({ ...coupon, usedCount: 3 });
    const code = await screen.findByLabelText('Coupon Code');
    await waitFor(() => expect(code).toHaveValue('WINTER25'));
    expect(code).toBeDisabled();
    expect(screen.getByTestId('coupon-code-locked')).toHaveTextContent('Bookings were made with this code, so it cannot change.');
    await u.clear(screen.getByLabelText('Usage Limit'));
    await u.type(screen.getByLabelText('Usage Limit'), '2');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This coupon has been used 3 times: its limit cannot be lower than that (0 is unlimited).')).toBeInTheDocument();
    expect(updateCoupon).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a new code on the code field", async () => {
    updateCoupon.mockReturnValue({
      unwrap: () =>
        Promise.reject({ status: 409, data: { success: false, code: 'COUPON_CODE_LOCKED', message: 'Bookings were made with WINTER25: its code cannot change. Create a new coupon instead.' } }),
    });
    const { u } = renderModal(coupon);
    const code = await screen.findByLabelText('Coupon Code');
    await waitFor(() => expect(code).toHaveValue('WINTER25'));
    await u.clear(code);
    await u.type(code, 'SPRING');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(updateCoupon).toHaveBeenCalledWith({ id: 'c1', patch: { code: 'SPRING' } }));
    // Beside the field, in the form's words (the toast carries the server's).
    const help = await waitFor(() => {
      const found = document.getElementById('coupon_code_help');
      expect(found).toHaveTextContent('Bookings were made with this code, so it cannot change. Create a new coupon for a new code.');
      return found;
    });
    expect(help).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });
});
