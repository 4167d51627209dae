import type { TBooking } from '@residency/shared';
import { ZNightPriceOverride } from '@residency/shared/bookings';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '../../../../lib/format';
import { useMoneyWrite } from '../../../../lib/idempotency-key';
import { useLastShown } from '../../../../lib/use-last-shown';
import { useOverrideNightPricesMutation } from '../../api';
import { useDeskErrorText } from './desk-text';

/**
 * Night prices (staff and admins, issue 21): the desk prices some nights of a stay itself (a
 * regular guest, a complaint), with a reason each changed night keeps. Only the nights whose
 * price changed are sent; the server prices the stay again (coupon, service charge, VAT).
 */
export function NightPricesModal({ booking, onClose }: { booking: TBooking | null; onClose: () => void }) {
  const { t } = useTranslation('front-desk');
  const titled = useLastShown(booking);
  return (
    <Modal
      open={booking !== null}
      onCancel={onClose}
      title={titled ? t('nightPrices.title', { transactionId: titled.transactionId }) : ''}
      destroyOnHidden
      footer={null}
      width={520}
    >
      {booking && <NightPricesForm key={booking._id} booking={booking} onClose={onClose} />}
    </Modal>
  );
}

function NightPricesForm({ booking, onClose }: { booking: TBooking; onClose: () => void }) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const errorText = useDeskErrorText();
  const [save] = useOverrideNightPricesMutation();
  // One request at a time, with this form's idempotency key: the stay's money is restated once.
  const { write, pending } = useMoneyWrite();
  // Only the nights of the stay as it stands (an early check-out ended the rest).
  const nights = booking.nightlyLines.filter((n) => n.date < booking.endDate);
  const [prices, setPrices] = useState<Record<string, number | null>>(() => Object.fromEntries(nights.map((n) => [n.date, n.price])));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    const changed = nights.filter((n) => prices[n.date] !== n.price).map((n) => ({ date: n.date, price: prices[n.date] as number }));
    if (changed.length === 0) return setProblem(t('nightPrices.nothing'));
    if (changed.some((n) => typeof n.price !== 'number')) return setProblem(t('nightPrices.priceRequired'));
    const checked = ZNightPriceOverride.safeParse({ nights: changed, reason });
    if (!checked.success) return setProblem(t('nightPrices.reasonRequired'));
    setProblem(null);
    try {
      if (!(await write((idempotencyKey) => save({ id: booking._id, body: checked.data, idempotencyKey }).unwrap()))) return;
      message.success(t('nightPrices.saved'), 3);
      onClose();
    } catch (error) {
      setProblem(errorText(error, t('nightPrices.failed')));
    }
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()} data-testid="night-prices-form">
      <p className="mt-0 text-sm text-slate-700">{t('nightPrices.intro')}</p>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        {nights.map((n) => (
          <Form.Item key={n.date} label={formatShortDate(n.date, lng)} htmlFor={`night-${n.date}`} className="!mb-3">
            <InputNumber
              id={`night-${n.date}`}
              prefix="৳"
              min={0}
              style={{ width: '100%' }}
              value={prices[n.date]}
              onChange={(value) => setPrices((p) => ({ ...p, [n.date]: value }))}
            />
          </Form.Item>
        ))}
      </div>
      <Form.Item label={t('nightPrices.reason')} htmlFor="night-prices-reason" required>
        <Input.TextArea id="night-prices-reason" rows={2} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Form.Item>
      {problem && (
        <p role="alert" className="mt-0 text-sm text-red-700" data-testid="night-prices-problem">
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-outline px-4 py-2" onClick={onClose}>
          {t('nightPrices.cancel')}
        </button>
        <button type="submit" className="btn-primary px-4 py-2" disabled={pending}>
          {t('nightPrices.save')}
        </button>
      </div>
    </Form>
  );
}
