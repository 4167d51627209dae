import type { RoomTakenDetails, TReservation, TRoom } from '@residency/shared';
import { nightsBetween } from '@residency/shared/pricing';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PriceLines } from '../../../components/stay-price/price-lines';
import { planName, quotedNights } from '../../../components/stay-price/plan-texts';
import { guestSummary } from '../../../components/stay/guest-picker';
import { useHotelToday } from '../../../components/stay/use-hotel-today';
import { categoryName, roomNumberText } from '../../../lib/category-texts';
import { useGetCategoriesQuery } from '../../../lib/categories-api';
import { formatLongDate, formatTaka, formatNumber } from '../../../lib/format';
import { useGetRoomsQuery } from '../../../lib/rooms-api';
import { useErrorText } from '../../../lib/server-error';
import { getSite } from '../../../lib/site';
import { useAppSelector } from '../../../lib/store-hooks';
import { priceRooms, roomsFromQuery, roomsToQuery, useRoomQuotes, type ChosenRoom } from '../../stay-search';
import { readApiFailure, validateBookingFields, type ApiFailure, type BookingFieldErrors } from '../booking-rules';
import { reservationsApi } from '../reservations-api';
import { Field } from './booking-field';
import { StayContactFields } from './stay-contact-fields';
import { BookingSummary } from './booking-summary';
import { CouponField } from './coupon-field';
import { PlanSummary } from './plan-summary';
import { useCoupon } from './use-coupon';

/** A company's BIN, as NBR issues them: 9 or 13 digits (the server's ZBin, without zod). */
const BIN_PATTERN = /^(\d{9}|\d{13})$/;

/**
 * The booking form of `/booking/rooms` (issue 22): the rooms chosen on /view-rates (in the URL),
 * each with its guests and plan; one set of details (phone, address, airport shuttle, a coupon
 * and, for a VAT invoice to a company, its name and BIN); each room priced as the server will
 * and their total, sent as `expectedAmount` to POST /api/reservations, all or nothing. A room
 * taken meanwhile (before Confirm, or 409 on it) is named with the rooms of its type still
 * free, and the guest swaps it for one and confirms again; nothing was booked.
 */
export function RoomsBookingForm({ onBooked }: { onBooked: (reservation: TReservation) => void }) {
  const { t, i18n } = useTranslation('booking');
  const { t: ts } = useTranslation('stay-search');
  const { t: tc } = useTranslation('common');
  const lng = i18n.resolvedLanguage ?? 'en';
  const site = getSite();
  const errorText = useErrorText();
  const user = useAppSelector((state) => state.auth.user);
  const today = useHotelToday();
  const [params, setParams] = useSearchParams();
  const chosen = roomsFromQuery(params);
  const stay = { checkIn: chosen?.checkIn ?? today, checkOut: chosen?.checkOut ?? today };
  const rooms = chosen?.rooms ?? [];
  const pastCheckIn = stay.checkIn < today;
  const categories = useGetCategoriesQuery();
  // Every room free for the dates (any guests): each chosen room's price and beds, and the others of its type.
  const free = useGetRoomsQuery({ checkIn: stay.checkIn, checkOut: stay.checkOut, page: 1, limit: 1000 }, { skip: !chosen || pastCheckIn });
  const freeRooms = free.data?.data ?? [];
  const freeById = new Map(freeRooms.map((r) => [r._id, r]));
  const { quotes, fetching: quoting, refetch: requote } = useRoomQuotes(stay, rooms, (id) => freeById.get(id)?.price, { skip: !chosen || pastCheckIn });
  const known = free.isSuccess && !free.isFetching;
  const allQuoted = rooms.length > 0 && quotes.every((q) => q?.quote);
  const couponsAllowed = quotes.every((q) => q?.plan.couponsAllowed ?? true);
  const subtotal = allQuoted ? quotes.reduce((s, q) => s + q!.quote!.subtotal, 0) : 0;
  const coupon = useCoupon(subtotal, allQuoted);
  const usedCoupon = couponsAllowed ? coupon.applied : null;
  const price = allQuoted ? priceRooms(quotes.map((q) => q!.quote!), usedCoupon, site) : null;
  const [createReservation, creating] = reservationsApi.useCreateReservationMutation();

  const [phone, setPhone] = useState(user?.phone ?? '');
  const [address, setAddress] = useState(user?.address ?? '');
  const [shuttle, setShuttle] = useState(false);
  const [companyName, setCompanyName] = useState('');
  const [companyBin, setCompanyBin] = useState('');
  const [fieldErrors, setFieldErrors] = useState<BookingFieldErrors & { companyBin?: 'invalid' }>({});
  const [failure, setFailure] = useState<{ failure: ApiFailure; text: string } | null>(null);
  const [taken, setTaken] = useState<RoomTakenDetails | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const alert = useRef<HTMLDivElement>(null);

  const query = params.toString();
  // Other rooms, or a room swapped: an earlier answer of the server no longer applies.
  useEffect(() => {
    setFailure(null);
    setTaken(null);
  }, [query]);

  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  const n = (value: number) => formatNumber(value, lng);
  const nameOf = (category: string) => {
    const info = categories.data?.data.find((c) => c.name === category);
    return info ? categoryName(info, lng) : category;
  };
  const numberOf = (room: TRoom | { roomNumber: string }) => roomNumberText('roomNumber' in room ? room.roomNumber : room.room_overview.room_number, lng);
  // A room no longer free (taken since the rates page): the other free rooms of its type, not chosen already.
  const chosenIds = new Set(rooms.map((r) => r.roomId));
  const othersOfType = (category: string) =>
    freeRooms
      .filter((r) => r.category === category && !chosenIds.has(r._id))
      .sort((a, b) => a.price - b.price || a.room_overview.room_number.localeCompare(b.room_overview.room_number, 'en', { numeric: true }));
  const gone = known ? rooms.filter((r) => !freeById.has(r.roomId)) : [];

  const writeRooms = (next: ChosenRoom[]) => setParams(roomsToQuery({ ...stay, rooms: next }), { replace: true });
  const swap = (roomId: string, toId: string) => writeRooms(rooms.map((r) => (r.roomId === roomId ? { ...r, roomId: toId } : r)));
  const remove = (roomId: string) => writeRooms(rooms.filter((r) => r.roomId !== roomId));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !price) return;
    const errors: BookingFieldErrors & { companyBin?: 'invalid' } = validateBookingFields({ phone }, false);
    if (companyBin.trim() && !BIN_PATTERN.test(companyBin.trim())) errors.companyBin = 'invalid';
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setFailure(null);
    setTaken(null);
    const result = await createReservation({
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      phone: phone.trim(),
      address: address.trim() || undefined,
      airportShuttle: shuttle,
      couponCode: usedCoupon?.code,
      // The site's language: the guest's mails are written in it.
      language: lng === 'bn' ? 'bn' : 'en',
      companyName: companyName.trim() || undefined,
      companyBin: companyBin.trim() || undefined,
      rooms: rooms.map((r) => ({ roomId: r.roomId, adults: r.adults, children: r.children, ratePlan: r.plan })),
      // The total on screen: the server books only at this price (409 PRICE_CHANGED otherwise).
      expectedAmount: price.total.amount,
    });
    if (result.data) {
      onBooked(result.data.data);
      return;
    }
    const f = readApiFailure(result.error);
    const data = ((result.error as { data?: unknown } | undefined)?.data ?? {}) as Record<string, unknown>;
    let text: string;
    if (f.status === 'FETCH_ERROR' || f.status === 'TIMEOUT_ERROR') text = t('errors.network');
    else if (f.code === 'PRICE_CHANGED' && typeof data.amount === 'number') {
      // Rates changed since the quote: the new total is said and priced again, and Confirm sends it.
      text = t('ratePlan.priceChanged', { amount: formatTaka(data.amount, lng) });
      requote();
    } else if (f.code === 'ROOM_NOT_AVAILABLE' && typeof data.roomType === 'string' && Array.isArray(data.alternatives)) {
      const details = data as unknown as RoomTakenDetails;
      setTaken(details);
      text = t('rooms.taken', { name: nameOf(details.roomType), number: roomNumberText(details.roomNumber, lng) });
      void free.refetch();
    } else {
      text = errorText(result.error, t('errors.generic'));
      if (f.code === 'STAY_RULE') requote();
    }
    setFailure({ failure: f, text });
    // The answer is beside Confirm, which may be far from the field the guest was in on a phone.
    requestAnimationFrame(() => alert.current?.focus());
  };

  if (!chosen) {
    return (
      <div className="card text-center" role="alert" data-testid="rooms-unreadable">
        <p className="text-slate-700">{t('rooms.unreadable')}</p>
        <Link to="/view-rates" className="btn-primary mt-4">
          {t('rooms.backToRates')}
        </Link>
      </div>
    );
  }

  const ratesHref = `/view-rates?${new URLSearchParams({ checkIn: stay.checkIn, checkOut: stay.checkOut, adults: String(rooms[0]!.adults), children: String(rooms[0]!.children) })}`;
  const roomLabel = (room: ChosenRoom, i: number) => ts('rooms.roomName', { n: n(i + 1), name: nameOf(room.category) });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_23rem]">
      <div className="min-w-0 space-y-6">
        <section aria-labelledby="rooms-stay-title" className="card p-5 sm:p-6" data-testid="booking-rooms">
          <h2 id="rooms-stay-title" className="font-display text-xl text-brand-800">
            {t('stay.title')}{' '}
            <span className="font-sans text-base font-normal text-slate-600" data-testid="booking-nights">
              ({t('stay.nights', { count: nights, n: n(nights) })})
            </span>
          </h2>
          <p className="mt-1 text-slate-700" data-testid="rooms-dates">
            {formatLongDate(stay.checkIn, lng)} – {formatLongDate(stay.checkOut, lng)}
          </p>
          {pastCheckIn && <Notice testId="stay-notice">{t('stay.pastCheckIn')}</Notice>}
          <ol className="mt-4 divide-y divide-slate-100 border-y border-slate-100">
            {rooms.map((room, i) => {
              const own = freeById.get(room.roomId);
              const quote = quotes[i];
              const others = othersOfType(room.category);
              const isGone = gone.includes(room);
              return (
                <li key={room.roomId} className="py-3" data-testid="booking-room-line">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <h3 className="font-semibold text-brand-900">
                      {roomLabel(room, i)}
                      {own && <span className="font-normal text-slate-600"> · {t('room.number', { number: numberOf(own) })}</span>}
                    </h3>
                    <p className="text-sm text-slate-700">
                      {guestSummary(ts, room, lng)}
                      {quote && ` · ${planName(quote.plan.name, lng)}`}
                    </p>
                  </div>
                  {quote === null && <Notice testId="room-plan-missing">{t('ratePlan.missing', { code: room.plan })}</Notice>}
                  {quote?.plan.refusal && <Notice testId="room-plan-closed">{t('rooms.planClosed')}</Notice>}
                  {isGone && (
                    <div className="mt-2" data-testid="room-gone">
                      <Notice testId="room-gone-notice">{t('rooms.gone', { name: nameOf(room.category) })}</Notice>
                      <Alternatives
                        rooms={others.map((r) => ({ _id: r._id, roomNumber: r.room_overview.room_number }))}
                        name={nameOf(room.category)}
                        onSwap={(toId) => swap(room.roomId, toId)}
                        onRemove={rooms.length > 1 ? () => remove(room.roomId) : undefined}
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
        </section>

        <form ref={form} id="booking-form" onSubmit={submit} noValidate aria-labelledby="details-title" className="card space-y-4 p-5 sm:p-6">
          <h2 id="details-title" className="font-display text-xl text-brand-800">
            {t('form.title')}
          </h2>
          <StayContactFields
            phone={phone}
            address={address}
            shuttle={shuttle}
            phoneError={fieldErrors.phone && t(`validation.phone.${fieldErrors.phone}`)}
            onPhone={setPhone}
            onAddress={setAddress}
            onShuttle={setShuttle}
          />
          {!couponsAllowed ? (
            <p className="rounded-xl bg-sand-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="coupon-not-allowed">
              {t('rooms.noCoupons')}
            </p>
          ) : (
            <CouponField
              value={coupon.input}
              onChange={coupon.change}
              applied={coupon.applied}
              discount={price?.total.discount ?? 0}
              checking={coupon.checking}
              note={coupon.note}
              onApply={coupon.apply}
              onRemove={() => {
                setFailure(null);
                coupon.remove();
              }}
            />
          )}
          <fieldset className="rounded-xl p-3 ring-1 ring-slate-200" data-testid="company-fields">
            <legend className="px-1 font-medium text-brand-900">{t('rooms.company.title')}</legend>
            <p className="text-sm text-slate-600">{t('rooms.company.hint')}</p>
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              <Field label={t('rooms.company.name')}>
                {(props) => <input {...props} name="companyName" autoComplete="organization" maxLength={120} value={companyName} onChange={(e) => setCompanyName(e.target.value)} />}
              </Field>
              <Field label={t('rooms.company.bin')} hint={t('rooms.company.binHint')} error={fieldErrors.companyBin && t('rooms.company.binInvalid')}>
                {(props) => <input {...props} name="companyBin" inputMode="numeric" maxLength={13} value={companyBin} onChange={(e) => setCompanyBin(e.target.value)} />}
              </Field>
            </div>
          </fieldset>
        </form>
      </div>

      <BookingSummary
        price={price?.total ?? { subtotal: 0, discount: 0, withOutVatAndService: 0, serviceCharge: 0, vat: 0, amount: 0 }}
        nights={[]}
        rooms={
          <ol className="mb-3 space-y-3" aria-label={t('rooms.pricesLabel')} data-testid="room-prices">
            {rooms.map((room, i) => {
              const quote = quotes[i];
              const roomPrice = price?.rooms[i];
              return (
                <li key={room.roomId} className="rounded-xl bg-white p-3 ring-1 ring-slate-200" data-testid="room-price">
                  <div className="flex justify-between gap-3">
                    <p className="font-semibold text-brand-900">{roomLabel(room, i)}</p>
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
                        <PriceLines
                          nights={quotedNights(quote.quote.lines, quote.plan, lng)}
                          totals={roomPrice}
                          couponCode={usedCoupon?.code}
                        />
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
        }
        couponCode={usedCoupon?.code}
        failure={null}
        formId="booking-form"
        confirmLabel={creating.isLoading ? t('confirming') : t('rooms.confirm', { count: rooms.length, n: n(rooms.length) })}
        confirmDisabled={creating.isLoading || pastCheckIn || !price || quoting || gone.length > 0 || Boolean(taken)}
      >
        {failure && (
          <div ref={alert} tabIndex={-1} role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200" data-testid="booking-error">
            {failure.text}
            {taken && (
              <Alternatives
                rooms={taken.alternatives}
                name={nameOf(taken.roomType)}
                onSwap={(toId) => swap(taken.roomId, toId)}
                onRemove={rooms.length > 1 ? () => remove(taken.roomId) : undefined}
                ratesHref={ratesHref}
              />
            )}
          </div>
        )}
      </BookingSummary>
    </div>
  );
}

/**
 * The rooms of a taken room's type still free for the stay: each swaps in for it (the guest then
 * confirms again); with none, the room can be left out, or other rooms chosen on the rates page.
 */
function Alternatives({
  rooms,
  name,
  onSwap,
  onRemove,
  ratesHref,
}: {
  rooms: readonly { _id: string; roomNumber: string }[];
  name: string;
  onSwap: (roomId: string) => void;
  onRemove?: () => void;
  ratesHref: string;
}) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  return (
    <div className="mt-3 text-slate-800" data-testid="room-alternatives">
      <p>{rooms.length > 0 ? t('rooms.alternatives', { name }) : t('rooms.noAlternatives', { name })}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {rooms.slice(0, 6).map((r) => (
          <li key={r._id}>
            <button
              type="button"
              className="btn-outline bg-white px-3 py-1.5 text-sm"
              onClick={() => onSwap(r._id)}
              aria-label={t('rooms.swapName', { name, number: roomNumberText(r.roomNumber, lng) })}
              data-testid="swap-room"
            >
              {t('room.number', { number: roomNumberText(r.roomNumber, lng) })}
            </button>
          </li>
        ))}
        {onRemove && (
          <li>
            <button type="button" className="btn-outline bg-white px-3 py-1.5 text-sm" onClick={onRemove} data-testid="drop-room">
              {t('rooms.drop')}
            </button>
          </li>
        )}
      </ul>
      <Link to={ratesHref} className="mt-2 inline-block font-medium underline underline-offset-2">
        {t('rooms.change')}
      </Link>
    </div>
  );
}

function Notice({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <p role="status" className="mt-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid={testId}>
      {children}
    </p>
  );
}
