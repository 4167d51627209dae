import type { TRoom } from '@residency/shared';
import type { PriceBreakdown } from '@residency/shared/pricing';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PriceLines } from '../../../../components/stay-price/price-lines';
import { planName, quotedNights } from '../../../../components/stay-price/plan-texts';
import { guestSummary } from '../../../../components/stay/guest-picker';
import { roomNumberText } from '../../../../lib/category-texts';
import { formatLongDate, formatNumber, formatTaka } from '../../../../lib/format';
import type { ChosenRoom, useRoomQuotes } from '../../../stay-search';
import { BookingNotice } from './booking-notice';
import { PlanSummary } from './plan-summary';
import { RoomAlternatives } from './room-alternatives';

/** A room's plan and price for the stay: undefined while it loads, null when not offered. */
type ReservationQuote = ReturnType<typeof useRoomQuotes>['quotes'][number];

/**
 * The rooms of a reservation of several (chosen on /view-rates, in the URL): each with its guests
 * and plan; a room no longer free is named with the rooms of its type still free, to swap in or
 * leave out. Below, the way back to the rates page to choose other rooms.
 */
export function ChosenRooms({
  stay,
  rooms,
  quotes,
  freeById,
  othersOfType,
  gone,
  pastCheckIn,
  nameOf,
  ratesHref,
  onSwap,
  onRemove,
}: {
  stay: { checkIn: string; checkOut: string };
  rooms: readonly ChosenRoom[];
  quotes: readonly ReservationQuote[];
  freeById: ReadonlyMap<string, TRoom>;
  othersOfType: (category: string) => TRoom[];
  gone: readonly ChosenRoom[];
  pastCheckIn: boolean;
  nameOf: (category: string) => string;
  ratesHref: string;
  onSwap: (roomId: string, toId: string) => void;
  onRemove: (roomId: string) => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const { t: ts } = useTranslation('stay-search');
  const lng = i18n.resolvedLanguage ?? 'en';
  const n = (value: number) => formatNumber(value, lng);
  return (
    <>
      <p className="mt-1 text-slate-700" data-testid="rooms-dates">
        {formatLongDate(stay.checkIn, lng)} – {formatLongDate(stay.checkOut, lng)}
      </p>
      {pastCheckIn && <BookingNotice testId="stay-notice">{t('stay.pastCheckIn')}</BookingNotice>}
      <ol className="mt-4 divide-y divide-slate-100 border-y border-slate-100">
        {rooms.map((room, i) => {
          const own = freeById.get(room.roomId);
          const quote = quotes[i];
          return (
            <li key={room.roomId} className="py-3" data-testid="booking-room-line">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h3 className="font-semibold text-brand-900">
                  {ts('rooms.roomName', { n: n(i + 1), name: nameOf(room.category) })}
                  {own && <span className="font-normal text-slate-600"> · {t('room.number', { number: roomNumberText(own.room_overview.room_number, lng) })}</span>}
                </h3>
                <p className="text-sm text-slate-700">
                  {guestSummary(ts, room, lng)}
                  {quote && ` · ${planName(quote.plan.name, lng)}`}
                </p>
              </div>
              {quote === null && <BookingNotice testId="room-plan-missing">{t('ratePlan.missing', { code: room.plan })}</BookingNotice>}
              {quote?.plan.refusal && <BookingNotice testId="room-plan-closed">{t('rooms.planClosed')}</BookingNotice>}
              {gone.includes(room) && (
                <div className="mt-2" data-testid="room-gone">
                  <BookingNotice testId="room-gone-notice">{t('rooms.gone', { name: nameOf(room.category) })}</BookingNotice>
                  <RoomAlternatives
                    rooms={othersOfType(room.category).map((r) => ({ _id: r._id, roomNumber: r.room_overview.room_number }))}
                    name={nameOf(room.category)}
                    onSwap={(toId) => onSwap(room.roomId, toId)}
                    onRemove={rooms.length > 1 ? () => onRemove(room.roomId) : undefined}
                    ratesHref={ratesHref}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <Link to={ratesHref} className="mt-4 inline-block text-sm font-medium text-brand-700 underline underline-offset-2" data-testid="change-rooms">
        {t('rooms.change')}
      </Link>
    </>
  );
}

/** Each room's price in the price column, with its plan and "Why this price", above the rooms' total. */
export function ChosenRoomPrices({
  stay,
  rooms,
  quotes,
  prices,
  couponCode,
  nameOf,
}: {
  stay: { checkIn: string };
  rooms: readonly ChosenRoom[];
  quotes: readonly ReservationQuote[];
  prices: readonly PriceBreakdown[] | undefined;
  couponCode?: string;
  nameOf: (category: string) => string;
}) {
  const { t, i18n } = useTranslation('booking');
  const { t: ts } = useTranslation('stay-search');
  const { t: tc } = useTranslation('common');
  const lng = i18n.resolvedLanguage ?? 'en';
  const n = (value: number) => formatNumber(value, lng);
  return (
    <ol className="mb-3 space-y-3" aria-label={t('rooms.pricesLabel')} data-testid="room-prices">
      {rooms.map((room, i) => {
        const quote = quotes[i];
        const roomPrice = prices?.[i];
        return (
          <li key={room.roomId} className="rounded-xl bg-white p-3 ring-1 ring-slate-200" data-testid="room-price">
            <div className="flex justify-between gap-3">
              <p className="font-semibold text-brand-900">{ts('rooms.roomName', { n: n(i + 1), name: nameOf(room.category) })}</p>
              <p className="font-semibold text-brand-900 tabular-nums" data-testid="room-price-amount">
                {roomPrice ? formatTaka(roomPrice.amount, lng) : '…'}
              </p>
            </div>
            <p className="text-sm text-slate-700">{guestSummary(ts, room, lng)}</p>
            {quote && (
              <div className="mt-2">
                <PlanSummary
                  plan={quote.plan}
                  persons={room.adults + room.children}
                  stay={quote.quote && { checkIn: stay.checkIn, roomNights: quote.quote.lines.map((l) => l.room), amount: quote.quote.amount }}
                />
              </div>
            )}
            {quote?.quote && roomPrice && (
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer font-medium text-brand-700">{tc('stayPrice.why')}</summary>
                <div className="mt-2">
                  <PriceLines nights={quotedNights(quote.quote.lines, quote.plan, lng)} totals={roomPrice} couponCode={couponCode} />
                </div>
              </details>
            )}
          </li>
        );
      })}
      <li className="pt-1 font-semibold text-brand-900" data-testid="rooms-price-title">
        {t('rooms.totalTitle', { count: rooms.length, n: n(rooms.length) })}
      </li>
    </ol>
  );
}
