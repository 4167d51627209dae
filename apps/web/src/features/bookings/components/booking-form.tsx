import { STANDARD_PLAN, type StayRuleRefusal, type TBooking } from '@residency/shared';
import { addDays } from '@residency/shared/dates';
import { MAX_NIGHTS, lastCheckOut } from '@residency/shared/booking-rules';
import { guestsFit } from '@residency/shared/guests';
import { nightsBetween } from '@residency/shared/pricing';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { quotedNights, stayRuleText } from '../../../components/stay-price/plan-texts';
import type { PriceNight } from '../../../components/stay-price/price-lines';
import { useGetStayQuoteQuery } from '../../../lib/rates-api';
import { guestMaxima } from '../../../components/stay/guest-rules';
import { StayFields } from '../../../components/stay/stay-fields';
import { isStayTooLong } from '../../../components/stay/stay-rules';
import { useHotelToday } from '../../../components/stay/use-hotel-today';
import { useGetCategoriesQuery } from '../../../lib/categories-api';
import { formatNumber, formatShortDate, formatTaka } from '../../../lib/format';
import { useGetRoomQuery, useGetRoomsQuery } from '../../../lib/rooms-api';
import { getSite } from '../../../lib/site';
import { useAppSelector } from '../../../lib/store-hooks';
import { useCreateBookingMutation, useCreateWalkInBookingMutation } from '../api';
import { otherRooms, readApiFailure, validateBookingFields, type ApiFailure, type BookingFieldErrors } from '../booking-rules';
import { quoteForRoom, quotedStayPrice, stayPrice } from '../stay-price';
import { useBookingStay } from '../use-booking-stay';
import { StayContactFields } from './stay-contact-fields';
import { BookingRoomCard } from './booking-room-card';
import { BookingSummary } from './booking-summary';
import { CouponField } from './coupon-field';
import { OtherRooms } from './other-rooms';
import { PlanSummary } from './plan-summary';
import { useCoupon } from './use-coupon';
import { WalkInGuestFields } from './walk-in-guest-fields';

/**
 * The booking form of `/booking/:id` and of the staff's walk-in booking: the room, the stay
 * (editable with the booking bar's controls), the guest's phone, address, airport shuttle and a
 * coupon, the price computed exactly as the server will, and Confirm. When the room is taken
 * (before or on confirming) the other rooms free for the same stay are offered. A stay the server
 * would refuse (longer than one booking holds) is said before Confirm, which waits for new dates.
 * Its parts: the walk-in guest (walk-in-guest-fields.tsx), the coupon (use-coupon.ts,
 * coupon-field.tsx), the price (stay-price.ts, booking-summary.tsx) and the server's refusal
 * (booking-error.tsx).
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
  const { t: tc } = useTranslation('common');
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
  const pastCheckIn = stay.checkIn < today;
  const tooLong = isStayTooLong(stay);
  // The rate plan from the Book button of /view-rates (?ratePlan=), else Standard; its price for
  // the stay night by night, as the server will charge it (issue 21).
  const [searchParams, setSearchParams] = useSearchParams();
  const ratePlan = (searchParams.get('ratePlan') ?? STANDARD_PLAN).trim().toUpperCase() || STANDARD_PLAN;
  const quoteQuery = useGetStayQuoteQuery(
    { checkIn: stay.checkIn, checkOut: stay.checkOut, adults: stay.adults, children: stay.children, category: room?.category, ...(walkIn ? { desk: '1' as const } : {}) },
    { skip: !room || pastCheckIn || tooLong },
  );
  const quotedType = quoteQuery.data?.data.find((q) => q.category === room?.category);
  const plan = quotedType?.plans.find((p) => p.code === ratePlan);
  // The quote prices the type's cheapest free room: this room's supplement may be more (see quoteForRoom).
  const quotedRoom = free.data?.data.find((r) => r._id === quotedType?.roomId);
  const planQuote = plan?.quote ? quoteForRoom(plan.quote, room && quotedRoom && quotedRoom._id !== room._id ? room.price - quotedRoom.price : 0) : null;
  const quoteKnown = Boolean(room) && quoteQuery.isSuccess && !quoteQuery.isFetching;
  const couponsAllowed = plan?.couponsAllowed ?? true;
  const [createBooking, booking] = useCreateBookingMutation();
  const [createWalkIn, walkInBooking] = useCreateWalkInBookingMutation();

  const [phone, setPhone] = useState(walkIn ? '' : (user?.phone ?? ''));
  const [address, setAddress] = useState(walkIn ? '' : (user?.address ?? ''));
  const [guestName, setGuestName] = useState('');
  const [guestEmail, setGuestEmail] = useState('');
  const [shuttle, setShuttle] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<BookingFieldErrors>({});
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  // What the server said along with its refusal: the new total of a changed price, the rule of a refused stay.
  const [priceChangedTo, setPriceChangedTo] = useState<number | null>(null);
  const [ruleRefusal, setRuleRefusal] = useState<StayRuleRefusal | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  const perNight = room?.price ?? 0;
  const coupon = useCoupon(planQuote?.subtotal ?? nights * perNight, Boolean(room));
  // A plan that takes no coupon prices the stay without the one typed (the field says why).
  const usedCoupon = couponsAllowed ? coupon.applied : null;
  const price = planQuote ? quotedStayPrice(planQuote, usedCoupon, site) : stayPrice(nights, perNight, usedCoupon, site);
  // The nights as the quote prices them; before it answers, the room's own price each night.
  const priceNights: PriceNight[] = planQuote
    ? quotedNights(planQuote.lines, plan, lng)
    : Array.from({ length: Math.max(nights, 0) }, (_, i) => ({ date: addDays(stay.checkIn, i), price: perNight, extraAdults: 0, extraChildren: 0, meals: 0 }));
  // The plan is not sold online for this stay (an old link, a desk-only code): said, and Confirm waits.
  // (No room type in the quote: the room is not free, which the stay's notice says already.)
  const planMissing = quoteKnown && Boolean(quotedType) && !plan && !walkIn;
  const planRefusal = plan?.refusal ?? null;
  const guests = { adults: stay.adults, children: stay.children };
  const fits = room ? guestsFit(guests, room.beds_and_bedding) : true;
  const freeRooms = free.data?.data ?? [];
  const known = Boolean(room) && free.isSuccess && !free.isFetching;
  const roomFree = freeRooms.some((r) => r._id === roomId);
  const takenOnConfirm = failure?.code === 'ROOM_NOT_AVAILABLE';
  const unavailable = !pastCheckIn && !tooLong && known && !roomFree;
  const alternatives = room ? otherRooms(freeRooms, room) : [];
  const submitting = booking.isLoading || walkInBooking.isLoading;

  // Another stay or another room: an earlier answer of the server no longer applies.
  useEffect(() => {
    setFailure(null);
    setPriceChangedTo(null);
    setRuleRefusal(null);
  }, [roomId, stay.checkIn, stay.checkOut, stay.adults, stay.children, ratePlan]);

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
    setPriceChangedTo(null);
    setRuleRefusal(null);
    const body = {
      roomId,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      adults: stay.adults,
      children: stay.children,
      phone: phone.trim(),
      address: address.trim() || undefined,
      airportShuttle: shuttle,
      couponCode: usedCoupon?.code,
      ratePlan,
      // The total on screen: the server books only at this price (409 PRICE_CHANGED otherwise).
      expectedAmount: price.amount,
    };
    const result = walkIn
      ? await createWalkIn({ ...body, guest: { name: guestName.trim(), ...(guestEmail.trim() ? { email: guestEmail.trim() } : {}) } })
      : // The site's language: the guest's booking mails are written in it.
        await createBooking({ ...body, language: lng === 'bn' ? 'bn' : 'en' });
    if (result.data) {
      onBooked(result.data.data);
      return;
    }
    const f = readApiFailure(result.error);
    setFailure(f);
    const data = ((result.error as { data?: unknown } | undefined)?.data ?? {}) as Record<string, unknown>;
    if (f.code === 'PRICE_CHANGED') {
      // Rates changed since the quote: the new total is said and priced again, and Confirm sends it.
      if (typeof data.amount === 'number') setPriceChangedTo(data.amount);
      void quoteQuery.refetch();
    }
    if (f.code === 'STAY_RULE' && typeof data.rule === 'string' && typeof data.date === 'string') {
      setRuleRefusal(data as unknown as StayRuleRefusal);
      void quoteQuery.refetch();
    }
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
        <BookingRoomCard room={room} category={category} lng={lng} />

        <section aria-labelledby="stay-title" className="card p-5 sm:p-6" data-testid="booking-stay">
          <h2 id="stay-title" className="mb-4 font-display text-xl text-brand-800">
            {walkIn ? t('stay.guestTitle') : t('stay.title')}{' '}
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
          {walkIn && <WalkInGuestFields name={guestName} email={guestEmail} errors={fieldErrors} onName={setGuestName} onEmail={setGuestEmail} />}
          <StayContactFields
            desk={walkIn}
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
              {t('ratePlan.noCoupons')}
            </p>
          ) : (
          <CouponField
            value={coupon.input}
            onChange={coupon.change}
            applied={coupon.applied}
            discount={price.discount}
            checking={coupon.checking}
            note={coupon.note}
            onApply={coupon.apply}
            onRemove={() => {
              setFailure(null);
              coupon.remove();
            }}
          />
          )}
        </form>
      </div>

      <BookingSummary
        price={price}
        nights={priceNights}
        plan={
          plan && (
            <PlanSummary
              plan={plan}
              persons={stay.adults + stay.children}
              // The price as it will be charged (the coupon applied): what a late cancellation is a share of.
              stay={planQuote && { checkIn: stay.checkIn, roomNights: planQuote.lines.map((l) => l.room), amount: price.amount }}
              choices={quotedType?.plans.filter((p) => p.quote) ?? []}
              onChoose={(code) =>
                setSearchParams(
                  (params) => {
                    params.set('ratePlan', code);
                    return params;
                  },
                  { replace: true },
                )
              }
            />
          )
        }
        couponCode={usedCoupon?.code}
        failure={failure}
        failureText={
          priceChangedTo !== null
            ? t('ratePlan.priceChanged', { amount: formatTaka(priceChangedTo, lng) })
            : ruleRefusal
              ? stayRuleText(tc, ruleRefusal, lng)
              : undefined
        }
        formId="booking-form"
        confirmLabel={submitting ? t('confirming') : walkIn ? t('walkIn.confirm') : t('confirm')}
        confirmDisabled={
          submitting || pastCheckIn || tooLong || unavailable || takenOnConfirm || planMissing || Boolean(planRefusal) || quoteQuery.isFetching
        }
      >
        {planRefusal && !ruleRefusal && <Notice testId="plan-refusal">{stayRuleText(tc, planRefusal, lng)}</Notice>}
        {planMissing && <Notice testId="plan-missing">{t('ratePlan.missing', { code: ratePlan })}</Notice>}
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
      </BookingSummary>
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
