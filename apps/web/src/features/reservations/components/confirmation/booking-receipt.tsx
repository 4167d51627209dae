import type { TBooking } from '@residency/shared';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatNumber, formatTaka } from '../../../../lib/format';
import { useCategoryName } from '../../../../lib/use-category-name';
import { roomNumberText } from '../../../../lib/category-texts';
import { guestSummary } from '../../../../components/stay/guest-picker';
import { bookingNights, PriceBreakdownList } from '../price-breakdown';

/**
 * What a made booking says: its booking ID (the reservation's reference, the one the guest quotes:
 * issue 31), the room, the stay, the guests and the amount.
 */
export function BookingReceipt({ booking }: { booking: TBooking }) {
  const { t, i18n } = useTranslation('booking');
  const { t: ts } = useTranslation('stay-search');
  const lng = i18n.resolvedLanguage ?? 'en';
  const category = useCategoryName()(booking.room.category);
  const rows: [string, string, string][] = [
    [t('receipt.room'), `${category} · ${t('room.number', { number: roomNumberText(booking.room.roomNumber, lng) })}`, 'receipt-room'],
    [t('receipt.checkIn'), formatLongDate(booking.startDate, lng), 'receipt-check-in'],
    [t('receipt.checkOut'), formatLongDate(booking.endDate, lng), 'receipt-check-out'],
    [t('receipt.nights'), formatNumber(booking.nights, lng), 'receipt-nights'],
    [t('receipt.guests'), guestSummary(ts, { adults: booking.adults, children: booking.children }, lng), 'receipt-guests'],
    [t('receipt.shuttle'), booking.airportShuttle ? t('receipt.yes') : t('receipt.no'), 'receipt-shuttle'],
    [t('receipt.amount'), formatTaka(booking.amount, lng), 'receipt-amount'],
  ];
  return (
    <div data-testid="booking-receipt">
      <div className="rounded-2xl bg-brand-50 p-4 text-center ring-1 ring-brand-100">
        <p className="text-sm text-slate-600">{t('receipt.transactionId')}</p>
        <p className="mt-1 font-mono text-2xl font-semibold tracking-wider text-brand-900 select-all" data-testid="transaction-id">
          {booking.reservationReference}
        </p>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-3">
        {rows.map(([label, value, testId]) => (
          <div key={testId} className={testId === 'receipt-room' ? 'col-span-2' : ''}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="font-semibold text-brand-900" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 border-t border-slate-100 pt-4">
        <PriceBreakdownList price={booking} nights={bookingNights(booking)} couponCode={booking.couponCode} />
      </div>
    </div>
  );
}
