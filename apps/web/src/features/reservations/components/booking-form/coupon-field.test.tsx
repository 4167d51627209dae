import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../../test/i18n';
import { CouponField } from './coupon-field';

const props = { value: '', onChange: () => {}, applied: null, discount: 0, checking: false, note: null, onApply: () => {}, onRemove: () => {} };

describe('the coupon field of the booking form', () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });
  afterEach(cleanup);

  it('checks the code on Apply and on Enter, which does not send the booking', async () => {
    const onApply = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <CouponField {...props} value="WELCOME10" onApply={onApply} />
      </form>,
    );
    await userEvent.click(screen.getByTestId('apply-coupon'));
    await userEvent.type(screen.getByLabelText('Coupon code'), '{Enter}');
    expect(onApply).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says Checking… while the server checks', () => {
    render(<CouponField {...props} checking />);
    expect(screen.getByTestId('apply-coupon')).toHaveTextContent('Checking…');
    expect(screen.getByTestId('apply-coupon')).toBeDisabled();
  });

  it('shows an applied coupon’s discount, keeps its code read-only and offers Remove', async () => {
    const onRemove = vi.fn();
    render(
      <CouponField {...props} value="WELCOME10" applied={{ code: 'WELCOME10', type: 'percentage', value: 10, subtotal: 10000 }} discount={1000} onRemove={onRemove} />,
    );
    expect(screen.getByTestId('coupon-note')).toHaveTextContent('Coupon WELCOME10 applied: 10% off (−৳1,000).');
    expect(screen.getByLabelText('Coupon code')).toHaveAttribute('readonly');
    await userEvent.click(screen.getByTestId('remove-coupon'));
    expect(onRemove).toHaveBeenCalled();
  });

  it('says why a code was refused', () => {
    render(<CouponField {...props} note={{ tone: 'error', text: 'This coupon has expired.' }} />);
    expect(screen.getByTestId('coupon-note')).toHaveTextContent('This coupon has expired.');
  });
});
