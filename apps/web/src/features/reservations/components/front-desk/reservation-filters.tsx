import { SearchOutlined } from '@ant-design/icons';
import { BOOKING_STATES, PAYMENT_STATES, type BookingState, type PaymentState } from '@residency/shared/booking-states';
import { Button, DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isFiltered, type ReservationFilters } from '../../booking-actions';

interface Props {
  filters: ReservationFilters;
  /** Changes some filters (back to page 1); `typing` replaces the history entry instead of adding one. */
  onChange: (next: Partial<ReservationFilters>, typing?: boolean) => void;
  onClear: () => void;
  phone: boolean;
}

const day = (iso?: string) => (iso ? dayjs(iso) : null);
const iso = (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : undefined);

/**
 * The reservation list's search and filters: state, payment and the nights from–to. Their values
 * live in the URL (the page reads and writes them), so a link or a reload shows the same list.
 */
export function ReservationFilterBar({ filters, onChange, onClear, phone }: Props) {
  const { t } = useTranslation(['front-desk', 'reservations']);
  const from = day(filters.from);
  const to = day(filters.to);
  return (
    <div className="mb-5 flex flex-col gap-3" data-testid="reservation-filters">
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('reservations:search')}
        aria-label={t('reservations:search')}
        value={filters.q ?? ''}
        inputMode="search"
        onChange={(e) => onChange({ q: e.target.value || undefined }, true)}
        className="md:!max-w-md"
        data-testid="reservations-search"
      />
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <Select<BookingState | 'all'>
          value={filters.state ?? 'all'}
          onChange={(value) => onChange({ state: value === 'all' ? undefined : value })}
          aria-label={t('front-desk:filters.state')}
          className="sm:!w-48"
          popupMatchSelectWidth={false}
          data-testid="filter-state"
          options={[
            { value: 'all', label: t('front-desk:filters.allStates') },
            ...BOOKING_STATES.map((s) => ({ value: s, label: t(`front-desk:states.${s}`) })),
          ]}
        />
        <Select<PaymentState | 'all'>
          value={filters.payment ?? 'all'}
          onChange={(value) => onChange({ payment: value === 'all' ? undefined : value })}
          aria-label={t('front-desk:filters.payment')}
          className="sm:!w-44"
          popupMatchSelectWidth={false}
          data-testid="filter-payment"
          options={[
            { value: 'all', label: t('front-desk:filters.allPayments') },
            ...PAYMENT_STATES.map((s) => ({ value: s, label: t(`front-desk:paymentStates.${s}`) })),
          ]}
        />
        {phone ? (
          // The range picker's two months are wider than a phone: one picker per end there.
          <>
            <DatePicker
              value={from}
              onChange={(date) => onChange({ from: iso(date) })}
              disabledDate={(date) => to !== null && date.isAfter(to, 'day')}
              format="DD-MM-YYYY"
              placeholder={t('front-desk:filters.from')}
              aria-label={t('front-desk:filters.from')}
              inputReadOnly
              data-testid="filter-from"
            />
            <DatePicker
              value={to}
              onChange={(date) => onChange({ to: iso(date) })}
              disabledDate={(date) => from !== null && date.isBefore(from, 'day')}
              format="DD-MM-YYYY"
              placeholder={t('front-desk:filters.to')}
              aria-label={t('front-desk:filters.to')}
              inputReadOnly
              placement="bottomRight"
              data-testid="filter-to"
            />
          </>
        ) : (
          <DatePicker.RangePicker
            value={[from, to]}
            allowEmpty={[true, true]}
            onChange={(dates) => onChange({ from: iso(dates?.[0] ?? null), to: iso(dates?.[1] ?? null) })}
            format="DD-MM-YYYY"
            placeholder={[t('front-desk:filters.from'), t('front-desk:filters.to')]}
            aria-label={t('front-desk:filters.dates')}
            className="sm:!w-72"
            data-testid="filter-dates"
          />
        )}
        {isFiltered(filters) && (
          <Button type="link" className="!px-0 !text-brand-800 sm:!px-2 justify-self-start" onClick={onClear} data-testid="filters-clear">
            {t('front-desk:filters.clear')}
          </Button>
        )}
      </div>
    </div>
  );
}
