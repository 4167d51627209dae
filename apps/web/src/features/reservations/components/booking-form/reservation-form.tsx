import { depositOf, STANDARD_PLAN, ZBin, type OnlineGateway, type RoomTakenDetails, type StayRuleRefusal, type TReservation } from '@residency/shared';
import { guestsFit } from '@residency/shared/guests';
import { nightsBetween } from '@residency/shared/pricing';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { quotedNights, stayRuleText } from '../../../../components/stay-price/plan-texts';
import { isStayTooLong } from '../../../../components/stay/stay-rules';
import { useHotelToday } from '../../../../components/stay/use-hotel-today';
import { categoryName, roomNumberText } from '../../../../lib/category-texts';
import { useGetCategoriesQuery } from '../../../../lib/categories-api';
import { formatNumber, formatTaka } from '../../../../lib/format';
import { useGetRoomQuery, useGetRoomsQuery } from '../../../../lib/rooms-api';
import { getSite } from '../../../../lib/site';
import { useAppSelector } from '../../../../lib/store-hooks';
import { priceRooms, roomsFromQuery, roomsToQuery, useRoomQuotes, type ChosenRoom } from '../../../stay-search';
import { otherRooms, readApiFailure, validateBookingFields, type ApiFailure, type BookingFieldErrors } from '../../booking-rules';
import { reservationsApi } from '../../reservations-api';
import { useBookingStay } from '../../use-booking-stay';
import { BookingError } from './booking-error';
import { BookingNotice } from './booking-notice';
import { BookingRoomCard } from './booking-room-card';
import { BookingSummary } from './booking-summary';
import { CompanyFields } from './company-fields';
import { CouponField } from './coupon-field';
import { OneRoomStay } from './one-room-stay';
import { PaymentChoice, type PayWay } from './payment-choice';
import { gatewayNavigation } from '../online-payment/pay-online';
import { OtherRooms } from './other-rooms';
import { PlanSummary } from './plan-summary';
import { ChosenRoomPrices, ChosenRooms } from './chosen-rooms';
import { RoomAlternatives } from './room-alternatives';
import { StayContactFields } from './stay-contact-fields';
import { useCoupon } from './use-coupon';
import { WalkInGuestFields } from './walk-in-guest-fields';

const NO_PRICE = { subtotal: 0, discount: 0, withOutVatAndService: 0, serviceCharge: 0, vat: 0, amount: 0 };

/**
 * The one booking form (issue 22): a reservation of one room or of several, posted to
 * `POST /api/reservations` (a guest) or `POST /api/reservations/walk-in` (the front desk, with the
 * guest's name and e-mail), all or nothing; a one-room booking is a reservation of that room.
 *
 * - With `roomId` (`/booking/:id`, the desk's `/guest/booking/:id`): that room, its stay editable
 *   with the booking bar's controls (use-booking-stay.ts), its plan chosen here (`?ratePlan=`),
 *   and, when it is not free or is taken on Confirm, the other rooms free for the stay.
 * - Without (`/booking/rooms?checkIn&checkOut&room=…`): the rooms chosen on /view-rates, each on
 *   its plan; a room taken meanwhile (before Confirm, or 409 on it) is named with the rooms of
 *   its type still free, to swap in or leave out.
 *
 * One set of details (phone, address, airport shuttle, a coupon and, for a guest, the company on
 * the VAT invoice), every room priced as the server will and their total sent as
 * `expectedAmount`; the server's refusal (a changed price, a stay rule, a room taken) is said
 * beside Confirm, which takes the focus.
 */
export function ReservationForm({
  roomId,
  walkIn = false,
  onBooked,
}: {
  roomId?: string;
  walkIn?: boolean;
  onBooked: (reservation: TReservation) => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const { t: tc } = useTranslation('common');
  const lng = i18n.resolvedLanguage ?? 'en';
  const site = getSite();
  const user = useAppSelector((state) => state.auth.user);
  const today = useHotelToday();
  const one = Boolean(roomId);
  const [params, setParams] = useSearchParams();

  // One room: the stay of the URL, editable; several: the rooms and dates of the URL.
  const oneStay = useBookingStay(today, { skip: !one });
  const chosen = one ? null : roomsFromQuery(params);
  const roomQuery = useGetRoomQuery(roomId ?? '', { skip: !one });
  const room = one ? roomQuery.data?.data : undefined;
  const ratePlan = (params.get('ratePlan') ?? STANDARD_PLAN).trim().toUpperCase() || STANDARD_PLAN;
  const stay = one ? { checkIn: oneStay.stay.checkIn, checkOut: oneStay.stay.checkOut } : { checkIn: chosen?.checkIn ?? today, checkOut: chosen?.checkOut ?? today };
  const guests = { adults: oneStay.stay.adults, children: oneStay.stay.children };
  const rooms: ChosenRoom[] = one
    ? room
      ? [{ roomId: room._id, category: room.category, plan: ratePlan, ...guests }]
      : []
    : (chosen?.rooms ?? []);
  const ready = one ? Boolean(room) : Boolean(chosen);
  const pastCheckIn = stay.checkIn < today;
  const tooLong = isStayTooLong(stay);

  const categories = useGetCategoriesQuery();
  // Every room free for the dates (any guests): each room's price and beds, and the others to offer.
  const free = useGetRoomsQuery({ checkIn: stay.checkIn, checkOut: stay.checkOut, page: 1, limit: 1000 }, { skip: !ready || pastCheckIn });
  const freeRooms = free.data?.data ?? [];
  const freeById = new Map(freeRooms.map((r) => [r._id, r]));
  const priceOf = (id: string) => freeById.get(id)?.price ?? (room?._id === id ? room.price : undefined);
  const { quotes, fetching: quoting, refetch: requote } = useRoomQuotes(stay, rooms, priceOf, { skip: !ready || pastCheckIn || tooLong, desk: walkIn });
  const known = free.isSuccess && !free.isFetching;
  const allQuoted = rooms.length > 0 && quotes.every((q) => q?.quote);
  const couponsAllowed = quotes.every((q) => q?.plan.couponsAllowed ?? true);
  const subtotal = allQuoted ? quotes.reduce((s, q) => s + q!.quote!.subtotal, 0) : 0;
  const coupon = useCoupon(subtotal, allQuoted);
  const usedCoupon = couponsAllowed ? coupon.applied : null;
  const price = allQuoted ? priceRooms(quotes.map((q) => q!.quote!), usedCoupon, site) : null;
  // Paying online now (issue 33): the deposit the plans ask of the rooms as priced, or all of it; a plan may require it.
  const gateways = walkIn ? [] : site.onlinePayment.gateways;
  const deposit = allQuoted && price ? Math.round(quotes.reduce((sum, q, i) => sum + depositOf(q!.plan.deposit ?? { policy: 'none', percent: null }, { amount: price.rooms[i]!.amount, lines: q!.quote!.lines }), 0) * 100) / 100 : 0;
  const onlineRequired = gateways.length > 0 && quotes.some((q) => q?.plan.onlinePaymentRequired);
  const [chosenWay, setPayWay] = useState<PayWay>('hotel');
  const [gateway, setGateway] = useState<OnlineGateway>(gateways[0] ?? 'sslcommerz');
  // A plan paid online when booked has no "at the hotel"; a deposit gone (another plan) leaves "in full".
  const payWay: PayWay = gateways.length === 0 ? 'hotel' : chosenWay === 'hotel' && onlineRequired ? (deposit > 0 ? 'deposit' : 'full') : chosenWay === 'deposit' && !(deposit > 0 && deposit < (price?.total.amount ?? 0)) ? 'full' : chosenWay;
  const [createReservation, creating] = reservationsApi.useCreateReservationMutation();
  const [createWalkIn, creatingWalkIn] = reservationsApi.useCreateWalkInReservationMutation();
  const submitting = creating.isLoading || creatingWalkIn.isLoading;

  const [phone, setPhone] = useState(walkIn ? '' : (user?.phone ?? ''));
  const [address, setAddress] = useState(walkIn ? '' : (user?.address ?? ''));
  const [guestName, setGuestName] = useState('');
  const [guestEmail, setGuestEmail] = useState('');
  const [shuttle, setShuttle] = useState(false);
  const [companyName, setCompanyName] = useState('');
  const [companyBin, setCompanyBin] = useState('');
  const [fieldErrors, setFieldErrors] = useState<BookingFieldErrors & { companyBin?: 'invalid' }>({});
  const [failure, setFailure] = useState<{ failure: ApiFailure; text?: string } | null>(null);
  const [taken, setTaken] = useState<RoomTakenDetails | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const alert = useRef<HTMLDivElement>(null);

  const query = params.toString();
  // Another stay, plan or room: an earlier answer of the server no longer applies.
  useEffect(() => {
    setFailure(null);
    setTaken(null);
  }, [query, roomId]);

  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  const n = (value: number) => formatNumber(value, lng);
  const nameOf = (category: string) => {
    const info = categories.data?.data.find((c) => c.name === category);
    return info ? categoryName(info, lng) : category;
  };

  // One room: not free for the stay, or not for these guests (said before Confirm), or taken on it.
  const fits = room ? guestsFit(guests, room.beds_and_bedding) : true;
  const unavailable = one && !pastCheckIn && !tooLong && known && (!freeById.has(roomId!) || !fits);
  const takenOnConfirm = one && failure?.failure.code === 'ROOM_NOT_AVAILABLE';
  const others = room ? otherRooms(freeRooms.filter((r) => guestsFit(guests, r.beds_and_bedding)), room) : [];
  const otherRoomsOffer = (loading: boolean) => (
    <OtherRooms
      rooms={others}
      categories={categories.data?.data ?? []}
      stay={{ ...stay, ...guests }}
      nights={nights}
      loading={loading}
      basePath={walkIn ? '/guest/booking' : '/booking'}
    />
  );
  const onePlan = one ? quotes[0] : undefined;
  // The plan is not sold for this stay (an old link, a desk-only code): said, and Confirm waits.
  const planMissing = one && onePlan === null && !unavailable;
  const planRefusal = onePlan?.plan.refusal ?? null;

  // Several: a room no longer free (taken since the rates page), and the other free rooms of its type, not chosen already.
  const chosenIds = new Set(rooms.map((r) => r.roomId));
  const othersOfType = (category: string) =>
    freeRooms
      .filter((r) => r.category === category && !chosenIds.has(r._id))
      .sort((a, b) => a.price - b.price || a.room_overview.room_number.localeCompare(b.room_overview.room_number, 'en', { numeric: true }));
  const gone = !one && known ? rooms.filter((r) => !freeById.has(r.roomId)) : [];
  const writeRooms = (next: ChosenRoom[]) => setParams(roomsToQuery({ ...stay, rooms: next }), { replace: true });
  const swap = (from: string, to: string) => writeRooms(rooms.map((r) => (r.roomId === from ? { ...r, roomId: to } : r)));
  const remove = (id: string) => writeRooms(rooms.filter((r) => r.roomId !== id));
  const first = rooms[0];
  const ratesHref = first
    ? `/view-rates?${new URLSearchParams({ checkIn: stay.checkIn, checkOut: stay.checkOut, adults: String(first.adults), children: String(first.children) })}`
    : '/view-rates';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !price) return;
    const errors: BookingFieldErrors & { companyBin?: 'invalid' } = validateBookingFields({ phone, guestName, guestEmail }, walkIn);
    if (!walkIn && companyBin.trim() && !ZBin.safeParse(companyBin).success) errors.companyBin = 'invalid';
    // Rendered at once, so that the first field in error is marked when the focus moves to it.
    flushSync(() => setFieldErrors(errors));
    if (Object.keys(errors).length > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setFailure(null);
    setTaken(null);
    const body = {
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      phone: phone.trim(),
      address: address.trim() || undefined,
      airportShuttle: shuttle,
      couponCode: usedCoupon?.code,
      rooms: rooms.map((r) => ({ roomId: r.roomId, adults: r.adults, children: r.children, ratePlan: r.plan })),
      // The total on screen: the server books only at this price (409 PRICE_CHANGED otherwise).
      expectedAmount: price.total.amount,
    };
    const result = walkIn
      ? await createWalkIn({ ...body, guest: { name: guestName.trim(), ...(guestEmail.trim() ? { email: guestEmail.trim() } : {}) } })
      : await createReservation({
          ...body,
          // The site's language: the guest's mails are written in it.
          language: lng === 'bn' ? 'bn' : 'en',
          companyName: companyName.trim() || undefined,
          companyBin: companyBin.trim() || undefined,
          ...(payWay !== 'hotel' ? { onlinePayment: { gateway, pay: payWay } } : {}),
        });
    if (result.data) {
      const booked = result.data.data;
      const redirect = booked.onlinePayment?.redirectUrl;
      if (redirect) {
        // To the gateway, the booking form's entry in the history made the confirmation first:
        // Back from the gateway's page lands there (time left, another way to pay), never on a second booking.
        window.history.replaceState(null, '', `/booking/reservation/${booked._id}`);
        gatewayNavigation.go(redirect);
        return;
      }
      onBooked(booked);
      return;
    }
    const f = readApiFailure(result.error);
    const data = ((result.error as { data?: unknown } | undefined)?.data ?? {}) as Record<string, unknown>;
    // Undefined: the server's words, or in Bengali those of its code (booking-error.tsx).
    let text: string | undefined;
    if (f.code === 'PRICE_CHANGED' && typeof data.amount === 'number') {
      // Rates changed since the quote: the new total is said and priced again, and Confirm sends it.
      text = t('ratePlan.priceChanged', { amount: formatTaka(data.amount, lng) });
      requote();
    } else if (f.code === 'ROOM_NOT_AVAILABLE' && typeof data.roomType === 'string' && typeof data.roomNumber === 'string') {
      const details = { alternatives: [], ...data } as unknown as RoomTakenDetails;
      if (!one) setTaken(details);
      text = t('rooms.taken', { name: nameOf(details.roomType), number: roomNumberText(details.roomNumber, lng) });
      // Someone took the dates: what is still free is asked again.
      void free.refetch();
    } else if (f.code === 'STAY_RULE' && typeof data.rule === 'string' && typeof data.date === 'string') {
      text = stayRuleText(tc, data as unknown as StayRuleRefusal, lng);
      requote();
    } else if (f.code === 'ROOM_NOT_AVAILABLE') {
      void free.refetch();
    }
    setFailure({ failure: f, text });
    // The answer is beside Confirm, which may be far from the field the guest was in on a phone.
    requestAnimationFrame(() => alert.current?.focus());
  };

  if (one && roomQuery.isLoading) {
    return (
      <p className="card text-center text-slate-600" role="status">
        {t('room.loading')}
      </p>
    );
  }
  if (one && !room) {
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
  if (!one && !chosen) {
    return (
      <div className="card text-center" role="alert" data-testid="rooms-unreadable">
        <p className="text-slate-700">{t('rooms.unreadable')}</p>
        <Link to="/view-rates" className="btn-primary mt-4">
          {t('rooms.backToRates')}
        </Link>
      </div>
    );
  }

  const several = rooms.length > 1 || !one;
  const confirmLabel = submitting
    ? t('confirming')
    : payWay !== 'hotel' && price
      ? t('payment.confirmPay', { amount: formatTaka(payWay === 'deposit' ? deposit : price.total.amount, lng) })
      : walkIn
      ? t('walkIn.confirm')
      : several
        ? t('rooms.confirm', { count: rooms.length, n: n(rooms.length) })
        : t('confirm');
  const confirmDisabled =
    submitting || !price || quoting || pastCheckIn || tooLong || unavailable || takenOnConfirm || planMissing || Boolean(planRefusal) || gone.length > 0 || Boolean(taken);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_23rem]">
      <div className="min-w-0 space-y-6">
        {room && <BookingRoomCard room={room} category={categories.data?.data.find((c) => c.name === room.category)} lng={lng} />}

        <section aria-labelledby="stay-title" className="card p-5 sm:p-6" data-testid={one ? 'booking-stay' : 'booking-rooms'}>
          <h2 id="stay-title" className="mb-4 font-display text-xl text-brand-800">
            {walkIn ? t('stay.guestTitle') : t('stay.title')}{' '}
            <span className="font-sans text-base font-normal text-slate-600" data-testid="booking-nights">
              ({t('stay.nights', { count: nights, n: n(nights) })})
            </span>
          </h2>
          {room ? (
            <OneRoomStay
              room={room}
              stay={oneStay.stay}
              today={today}
              moved={oneStay.moved}
              pastCheckIn={pastCheckIn}
              tooLong={tooLong}
              unavailable={unavailable && !failure ? { fits, others: otherRoomsOffer(false) } : null}
              onCheckIn={oneStay.onCheckIn}
              onCheckOut={oneStay.onCheckOut}
              onGuests={oneStay.onGuests}
            />
          ) : (
            <ChosenRooms
              stay={stay}
              rooms={rooms}
              quotes={quotes}
              freeById={freeById}
              othersOfType={othersOfType}
              gone={gone}
              pastCheckIn={pastCheckIn}
              nameOf={nameOf}
              ratesHref={ratesHref}
              onSwap={swap}
              onRemove={remove}
            />
          )}
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
              {several ? t('rooms.noCoupons') : t('ratePlan.noCoupons')}
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
          {/* The desk's walk-in asks no company: its invoice is made on the folio. */}
          {!walkIn && (
            <CompanyFields name={companyName} bin={companyBin} binInvalid={Boolean(fieldErrors.companyBin)} onName={setCompanyName} onBin={setCompanyBin} />
          )}
          {gateways.length > 0 && price && (
            <PaymentChoice
              gateways={gateways}
              holdMinutes={site.onlinePayment.holdMinutes}
              deposit={deposit}
              total={price.total.amount}
              required={onlineRequired}
              way={payWay}
              gateway={gateway}
              onWay={setPayWay}
              onGateway={setGateway}
            />
          )}
        </form>
      </div>

      <BookingSummary
        price={price?.total ?? NO_PRICE}
        nights={!several && onePlan?.quote ? quotedNights(onePlan.quote.lines, onePlan.plan, lng) : []}
        plan={
          !several &&
          onePlan && (
            <PlanSummary
              plan={onePlan.plan}
              persons={guests.adults + guests.children}
              // The price as it will be charged (the coupon applied): what a late cancellation is a share of.
              stay={onePlan.quote && price && { checkIn: stay.checkIn, roomNights: onePlan.quote.lines.map((l) => l.room), amount: price.total.amount }}
              choices={onePlan.plans.filter((p) => p.quote)}
              onChoose={(code) =>
                setParams(
                  (next) => {
                    next.set('ratePlan', code);
                    return next;
                  },
                  { replace: true },
                )
              }
            />
          )
        }
        rooms={
          several && <ChosenRoomPrices stay={stay} rooms={rooms} quotes={quotes} prices={price?.rooms} couponCode={usedCoupon?.code} nameOf={nameOf} />
        }
        couponCode={usedCoupon?.code}
        formId="booking-form"
        confirmLabel={confirmLabel}
        confirmDisabled={confirmDisabled}
      >
        {planRefusal && failure?.failure.code !== 'STAY_RULE' && <BookingNotice testId="plan-refusal">{stayRuleText(tc, planRefusal, lng)}</BookingNotice>}
        {planMissing && <BookingNotice testId="plan-missing">{t('ratePlan.missing', { code: ratePlan })}</BookingNotice>}
        {failure && (
          <BookingError ref={alert} failure={failure.failure} text={failure.text}>
            {taken && (
              <RoomAlternatives
                rooms={taken.alternatives}
                name={nameOf(taken.roomType)}
                onSwap={(toId) => swap(taken.roomId, toId)}
                onRemove={rooms.length > 1 ? () => remove(taken.roomId) : undefined}
                ratesHref={ratesHref}
              />
            )}
          </BookingError>
        )}
        {takenOnConfirm && otherRoomsOffer(free.isFetching)}
      </BookingSummary>
    </div>
  );
}
