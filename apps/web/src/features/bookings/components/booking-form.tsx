import type { TBooking, TCategory, TRoom } from '@residency/shared';
import { MAX_NIGHTS, lastCheckOut } from '@residency/shared/booking-rules';
import { guestsFit } from '@residency/shared/guests';
import { nightsBetween, priceStay, type DiscountType } from '@residency/shared/pricing';
import { displayPrice, imageSrcSet } from '@residency/shared/room-rules';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../lib/store-hooks';
import { formatNumber, formatShortDate, formatTaka } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { useGetCategoriesQuery } from '../../../lib/categories-api';
import { useLazyCheckCouponQuery } from '../../coupons';
import { useGetRoomQuery, useGetRoomsQuery } from '../../../lib/rooms-api';
import { categoryTexts, roomNumberText } from '../../../lib/category-texts';
import { StayFields } from '../../../components/stay/stay-fields';
import { guestMaxima } from '../../../components/stay/guest-rules';
import { isStayTooLong } from '../../../components/stay/stay-rules';
import { useHotelToday } from '../../../components/stay/use-hotel-today';
import { useCreateBookingMutation, useCreateWalkInBookingMutation } from '../api';
import {
  couponReason,
  otherRooms,
  readApiFailure,
  validateBookingFields,
  type ApiFailure,
  type BookingFieldErrors,
} from '../booking-rules';
import { useBookingStay } from '../use-booking-stay';
import { OtherRooms } from './other-rooms';
import { PriceBreakdownList } from './price-breakdown';

interface AppliedCoupon {
  code: string;
  type: DiscountType;
  value: number;
  /** The subtotal it was checked against: a different stay checks it again. */
  subtotal: number;
}

type Note = { tone: 'ok' | 'error'; text: string } | null;

/**
 * The booking form of `/booking/:id` and of the staff's walk-in booking: the room, the stay
 * (editable with the booking bar's controls), the guest's phone, address, airport shuttle and a
 * coupon, the price computed exactly as the server will, and Confirm. When the room is taken
 * (before or on confirming) the other rooms free for the same stay are offered. A stay the server
 * would refuse (longer than one booking holds) is said before Confirm, which waits for new dates.
 */
export function BookingForm({
  roomId,
  walkIn,
  onBooked,
}: {
  roomId: string;
  walkIn: boolean;
  onBooked: (booking: TBooking) => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  const site = getSite();
  const user = useAppSelector((state) => state.auth.user);
  const basePath = walkIn ? '/guest/booking' : '/booking';
  const today = useHotelToday();
  const { stay, moved, onCheckIn, onCheckOut, onGuests } = useBookingStay(today);
  const roomQuery = useGetRoomQuery(roomId);
  const categories = useGetCategoriesQuery();
  const room = roomQuery.data?.data;
  const category = room ? categories.data?.data.find((c) => c.name === room.category) : undefined;
  const free = useGetRoomsQuery(
    {
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      guests: JSON.stringify({ adults: stay.adults, children: stay.children }),
      page: 1,
      limit: 1000,
    },
    { skip: !room },
  );
  const [createBooking, booking] = useCreateBookingMutation();
  const [createWalkIn, walkInBooking] = useCreateWalkInBookingMutation();
  const [checkCoupon, couponCheck] = useLazyCheckCouponQuery();

  const [phone, setPhone] = useState(walkIn ? '' : (user?.phone ?? ''));
  const [address, setAddress] = useState(walkIn ? '' : (user?.address ?? ''));
  const [guestName, setGuestName] = useState('');
  const [guestEmail, setGuestEmail] = useState('');
  const [shuttle, setShuttle] = useState(false);
  const [couponInput, setCouponInput] = useState('');
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const [couponNote, setCouponNote] = useState<Note>(null);
  const [fieldErrors, setFieldErrors] = useState<BookingFieldErrors>({});
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  const perNight = room?.price ?? 0;
  const subtotal = nights * perNight;
  const price = priceStay({
    nights,
    perNightCost: perNight,
    discount: applied ? { type: applied.type, value: applied.value } : null,
    serviceChargePercent: site.serviceChargePercent,
    vatPercent: site.vatPercent,
  });
  const guests = { adults: stay.adults, children: stay.children };
  const fits = room ? guestsFit(guests, room.beds_and_bedding) : true;
  const freeRooms = free.data?.data ?? [];
  const known = Boolean(room) && free.isSuccess && !free.isFetching;
  const roomFree = freeRooms.some((r) => r._id === roomId);
  const pastCheckIn = stay.checkIn < today;
  const tooLong = isStayTooLong(stay);
  const takenOnConfirm = failure?.code === 'ROOM_NOT_AVAILABLE';
  const unavailable = !pastCheckIn && !tooLong && known && !roomFree;
  const alternatives = room ? otherRooms(freeRooms, room) : [];
  const submitting = booking.isLoading || walkInBooking.isLoading;

  // Another stay or another room: an earlier answer of the server no longer applies.
  useEffect(() => {
    setFailure(null);
  }, [roomId, stay.checkIn, stay.checkOut, stay.adults, stay.children]);

  const couponText = (check: { reason: string | null }, reason: ReturnType<typeof couponReason>, minimum: number | null) =>
    lng === 'bn' && reason
      ? t(`coupon.reasons.${reason}`, { amount: formatTaka(minimum ?? 0, lng) })
      : (check.reason ?? t('coupon.error'));

  const applyCoupon = async (code: string) => {
    const trimmed = code.trim();
    if (!trimmed) {
      setCouponNote({ tone: 'error', text: t('coupon.empty') });
      return;
    }
    const result = await checkCoupon({ code: trimmed, amount: subtotal });
    const check = result.data?.data;
    if (!check) {
      setApplied(null);
      setCouponNote({ tone: 'error', text: lng === 'bn' ? t('coupon.error') : (readApiFailure(result.error).message ?? t('coupon.error')) });
      return;
    }
    if (check.valid && check.discountType && check.discountValue !== null) {
      setApplied({ code: check.code, type: check.discountType, value: check.discountValue, subtotal });
      setCouponInput(check.code);
      setCouponNote(null);
    } else {
      setApplied(null);
      setCouponNote({ tone: 'error', text: couponText(check, couponReason(check, subtotal), check.minimumPurchaseAmount) });
    }
  };

  // A coupon is checked against the subtotal: when the stay changes, it is checked again.
  useEffect(() => {
    if (applied && room && applied.subtotal !== subtotal) void applyCoupon(applied.code);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subtotal, room]);

  const errorText = (f: ApiFailure) => {
    if (f.status === 'FETCH_ERROR' || f.status === 'TIMEOUT_ERROR') return t('errors.network');
    if (lng === 'bn' && f.code) return t(`errors.${f.code}`, { defaultValue: f.message ?? t('errors.generic') });
    return f.message ?? t('errors.generic');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!room) return;
    const errors = validateBookingFields({ phone, guestName, guestEmail }, walkIn);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setFailure(null);
    const body = {
      roomId,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      adults: stay.adults,
      children: stay.children,
      phone: phone.trim(),
      address: address.trim() || undefined,
      airportShuttle: shuttle,
      couponCode: applied?.code,
    };
    const result = walkIn
      ? await createWalkIn({ ...body, guest: { name: guestName.trim(), email: guestEmail.trim() } })
      : // The site's language: the guest's booking mails are written in it.
        await createBooking({ ...body, language: lng === 'bn' ? 'bn' : 'en' });
    if (result.data) {
      onBooked(result.data.data);
      return;
    }
    const f = readApiFailure(result.error);
    setFailure(f);
    // Someone took the dates: what is still free is asked again.
    if (f.code === 'ROOM_NOT_AVAILABLE') void free.refetch();
  };

  if (roomQuery.isLoading) {
    return (
      <p className="card text-center text-slate-600" role="status">
        {t('room.loading')}
      </p>
    );
  }
  if (!room) {
    const notFound = readApiFailure(roomQuery.error).status === 404;
    return (
      <div className="card text-center" role="alert" data-testid="room-error">
        <p className="text-slate-700">{notFound ? t('room.notFound') : t('room.error')}</p>
        {!notFound && (
          <button type="button" className="btn-primary mt-4" onClick={() => roomQuery.refetch()}>
            {t('room.retry')}
          </button>
        )}
      </div>
    );
  }

  const maxima = guestMaxima(room.beds_and_bedding);
  const n = (value: number) => formatNumber(value, lng);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_23rem]">
      <div className="min-w-0 space-y-6">
        <RoomCard room={room} category={category} lng={lng} />

        <section aria-labelledby="stay-title" className="card p-5 sm:p-6" data-testid="booking-stay">
          <h2 id="stay-title" className="mb-4 font-display text-xl text-brand-800">
            {t('stay.title')}{' '}
            <span className="font-sans text-base font-normal text-slate-600" data-testid="booking-nights">
              ({t('stay.nights', { count: nights, n: n(nights) })})
            </span>
          </h2>
          <StayFields
            variant="stacked"
            checkIn={stay.checkIn}
            checkOut={stay.checkOut}
            guests={guests}
            today={today}
            maxima={maxima}
            limitNote={t('stay.roomNote', { adults: n(maxima.adults), children: n(maxima.children), total: n(maxima.total) })}
            onCheckIn={onCheckIn}
            onCheckOut={onCheckOut}
            onGuests={onGuests}
          />
          {moved && !pastCheckIn && (
            <Notice testId="stay-moved">
              {t('stay.moved', { checkIn: formatShortDate(stay.checkIn, lng), checkOut: formatShortDate(stay.checkOut, lng) })}
            </Notice>
          )}
          {pastCheckIn ? (
            <Notice testId="stay-notice">{t('stay.pastCheckIn')}</Notice>
          ) : tooLong ? (
            <Notice testId="stay-notice">
              {t('stay.tooLong', {
                nights: t('stay.nights', { count: nights, n: n(nights) }),
                max: n(MAX_NIGHTS),
                date: formatShortDate(lastCheckOut(stay.checkIn), lng),
              })}{' '}
              <button type="button" className="font-semibold underline" onClick={() => onCheckOut(lastCheckOut(stay.checkIn))} data-testid="shorten-stay">
                {t('stay.shorten', { max: n(MAX_NIGHTS) })}
              </button>
            </Notice>
          ) : unavailable && !failure ? (
            <>
              <Notice testId="stay-notice">{fits ? t('stay.unavailable') : t('stay.tooManyGuests')}</Notice>
              <OtherRooms rooms={alternatives} categories={categories.data?.data ?? []} stay={stay} nights={nights} loading={false} basePath={basePath} />
            </>
          ) : null}
        </section>

        <form ref={form} id="booking-form" onSubmit={submit} noValidate aria-labelledby="details-title" className="card space-y-4 p-5 sm:p-6">
          <h2 id="details-title" className="font-display text-xl text-brand-800">
            {walkIn ? t('form.guestTitle') : t('form.title')}
          </h2>
          {walkIn && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('form.name')} error={fieldErrors.guestName && t(`validation.guestName.${fieldErrors.guestName}`)}>
                {(props) => <input {...props} name="guestName" autoComplete="off" value={guestName} onChange={(e) => setGuestName(e.target.value)} />}
              </Field>
              <Field label={t('form.email')} error={fieldErrors.guestEmail && t(`validation.guestEmail.${fieldErrors.guestEmail}`)}>
                {(props) => (
                  <input {...props} name="guestEmail" type="email" autoComplete="off" value={guestEmail} onChange={(e) => setGuestEmail(e.target.value)} />
                )}
              </Field>
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('form.phone')} error={fieldErrors.phone && t(`validation.phone.${fieldErrors.phone}`)}>
              {(props) => (
                <input {...props} name="phone" type="tel" autoComplete={walkIn ? 'off' : 'tel'} value={phone} onChange={(e) => setPhone(e.target.value)} />
              )}
            </Field>
            <Field label={t('form.address')}>
              {(props) => (
                <input {...props} name="address" autoComplete={walkIn ? 'off' : 'street-address'} maxLength={300} value={address} onChange={(e) => setAddress(e.target.value)} />
              )}
            </Field>
          </div>
          <label className="flex cursor-pointer items-start gap-3 rounded-xl bg-sand-50 p-3 ring-1 ring-slate-200">
            <input
              type="checkbox"
              name="airportShuttle"
              className="mt-1 h-4 w-4 accent-brand-800"
              checked={shuttle}
              onChange={(e) => setShuttle(e.target.checked)}
            />
            <span>
              <span className="block font-medium text-brand-900">{t('form.shuttle')}</span>
              <span className="block text-sm text-slate-600">{t('form.shuttleHint')}</span>
            </span>
          </label>
          <CouponField
            value={couponInput}
            onChange={(value) => {
              setCouponInput(value);
              setCouponNote(null);
            }}
            applied={applied}
            discount={price.discount}
            checking={couponCheck.isFetching}
            note={couponNote}
            onApply={() => void applyCoupon(couponInput)}
            onRemove={() => {
              setFailure(null);
              setApplied(null);
              setCouponInput('');
              setCouponNote(null);
            }}
          />
        </form>
      </div>

      <aside aria-labelledby="price-title" className="card p-5 sm:p-6 lg:sticky lg:top-24" data-testid="booking-summary">
        <h2 id="price-title" className="mb-3 font-display text-xl text-brand-800">
          {t('price.title')}
        </h2>
        <PriceBreakdownList price={price} couponCode={applied?.code} />
        {failure && (
          <div role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200" data-testid="booking-error">
            {errorText(failure)}
          </div>
        )}
        {takenOnConfirm && (
          <OtherRooms
            rooms={alternatives}
            categories={categories.data?.data ?? []}
            stay={stay}
            nights={nights}
            loading={free.isFetching}
            basePath={basePath}
          />
        )}
        <button
          type="submit"
          form="booking-form"
          className="btn-primary mt-5 w-full py-3 text-base"
          disabled={submitting || pastCheckIn || tooLong || unavailable || takenOnConfirm}
          data-testid="confirm-booking"
        >
          {submitting ? t('confirming') : walkIn ? t('walkIn.confirm') : t('confirm')}
        </button>
      </aside>
    </div>
  );
}

function Notice({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <p role="status" className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid={testId}>
      {children}
    </p>
  );
}

/** A labelled input with its error, wired for screen readers. */
function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | false;
  children: (props: { id: string; className: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, className: 'field-input', 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined })}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function CouponField({
  value,
  onChange,
  applied,
  discount,
  checking,
  note,
  onApply,
  onRemove,
}: {
  value: string;
  onChange: (value: string) => void;
  applied: AppliedCoupon | null;
  discount: number;
  checking: boolean;
  note: Note;
  onApply: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  const id = useId();
  const off = applied
    ? applied.type === 'percentage'
      ? t('coupon.percent', { value: formatNumber(applied.value, lng) })
      : t('coupon.fixed', { value: formatTaka(applied.value, lng) })
    : '';
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t('form.coupon')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="couponCode"
          className="field-input uppercase"
          autoComplete="off"
          value={value}
          readOnly={Boolean(applied)}
          aria-describedby={`${id}-note`}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            // Enter here checks the coupon; it does not send the booking.
            if (e.key === 'Enter') {
              e.preventDefault();
              if (!applied) onApply();
            }
          }}
        />
        {applied ? (
          <button type="button" className="btn-outline shrink-0 px-4" onClick={onRemove} data-testid="remove-coupon">
            {t('form.removeCoupon')}
          </button>
        ) : (
          <button type="button" className="btn-outline shrink-0 px-4" onClick={onApply} disabled={checking} data-testid="apply-coupon">
            {checking ? t('form.applying') : t('form.apply')}
          </button>
        )}
      </div>
      <p id={`${id}-note`} aria-live="polite" className="mt-1 min-h-5 text-sm" data-testid="coupon-note">
        {applied ? (
          <span className="text-emerald-800">{t('coupon.applied', { code: applied.code, off, discount: formatTaka(discount, lng) })}</span>
        ) : note ? (
          <span className={note.tone === 'error' ? 'text-red-700' : 'text-emerald-800'}>{note.text}</span>
        ) : null}
      </p>
    </div>
  );
}

function RoomCard({ room, category, lng }: { room: TRoom; category?: TCategory; lng: string }) {
  const { t } = useTranslation('booking');
  const texts = categoryTexts(category, lng, room);
  const photo = room.images[0] ?? category?.images[0];
  const { price, struck } = displayPrice({ rackRate: category?.rackRate, offerPrice: room.price });
  return (
    <section aria-labelledby="room-title" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70 sm:flex" data-testid="booking-room">
      <div className="aspect-[3/2] bg-sand-100 sm:aspect-auto sm:w-64 sm:shrink-0">
        {photo && (
          <img
            src={photo}
            srcSet={imageSrcSet(photo)}
            sizes="(min-width: 640px) 16rem, calc(100vw - 2rem)"
            width={1280}
            height={853}
            alt=""
            className="h-full w-full object-cover"
          />
        )}
      </div>
      <div className="p-5 sm:p-6">
        <h2 id="room-title" className="font-display text-2xl text-brand-800" data-testid="booking-room-name">
          {texts.name}
        </h2>
        <p className="mt-1 text-sm font-medium text-slate-700" data-testid="booking-room-number">
          {t('room.number', { number: roomNumberText(room.room_overview.room_number, lng) })}
        </p>
        <p className="mt-2 text-sm text-slate-600">{[texts.beds, texts.size].filter(Boolean).join(' · ')}</p>
        <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
          {struck !== null && (
            <s className="text-slate-500 decoration-red-700/70">
              <span className="sr-only">{t('room.was')} </span>
              {formatTaka(struck, lng)}
            </s>
          )}
          <span className="font-display text-xl font-semibold text-brand-800">
            {struck !== null && <span className="sr-only">{t('room.now')} </span>}
            {formatTaka(price, lng)}
          </span>
          <span className="text-sm text-slate-600">{t('room.perNight')}</span>
        </p>
      </div>
    </section>
  );
}
