import type { TCategory } from '@residency/shared';
import { MAX_NIGHTS, lastCheckOut } from '@residency/shared/booking-rules';
import { isoToDmy } from '@residency/shared/dates';
import type { Guests } from '@residency/shared/guests';
import { nightsBetween, priceStay } from '@residency/shared/pricing';
import { capacityText, displayPrice, imageSrcSet } from '@residency/shared/room-rules';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shallowEqual } from 'react-redux';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { formatNumber, formatShortDate, formatTaka } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useGetShownCategoriesQuery } from '../../../lib/categories-api';
import { RoomImage } from '../../../components/room-image';
import { useGetRoomsQuery } from '../../../lib/rooms-api';
import { useGetStayQuoteQuery } from '../../../lib/rates-api';
import type { TStayQuote } from '@residency/shared';
import { RatePlans, type RoomAdding } from '../components/rate-plans';
import { RoomChooser } from '../components/room-chooser';
import { nextFreeRoom, RESERVATION_ROOMS_MAX, type ChosenRoom } from '../room-choice';
import { categoryName, categoryTexts } from '../../../lib/category-texts';
import { guestSummary } from '../../../components/stay/guest-picker';
import { BedIcon, CheckIcon, GuestsIcon, SizeIcon } from '../../../components/stay/stay-icons';
import { StayFields } from '../../../components/stay/stay-fields';
import { clearFilters, selectCategory, selectGuests, selectStay, setCheckOut, setGuests } from '../filter-slice';
import { fitGuests, guestMaxima, withinMaxima } from '../../../components/stay/guest-rules';
import { isStayTooLong } from '../../../components/stay/stay-rules';
import { groupRoomsByCategory, type RateGroup } from '../rate-groups';
import { stayToQuery } from '../../../components/stay/stay-query';
import { useFilterCategory, useFilterStay } from '../use-filter-stay';
import { useRatesUrl } from '../use-rates-url';

/** Every room of a category: the API's limit for one list (spec: category room list limit 1000). */
const ROOM_LIMIT = 1000;
const PHOTO_SIZES = '(min-width: 768px) 18rem, calc(100vw - 2rem)';

/**
 * `/view-rates`: the stay's controls (the phones' way to search), then the rooms free for the
 * whole stay that fit the guests, grouped by category, with the price display rule, the stay's
 * total and a Book button for the first free room of each category. A stay longer than one
 * booking holds, or guests the chosen room type cannot sleep, are said as such (not as "no room
 * is free").
 */
export default function ViewRatesPage() {
  const { t, i18n } = useTranslation('stay-search');
  const lng = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const site = getSite();
  const stayControls = useFilterStay();
  // Large screens search with the booking bar above the page; phones and tablets search here.
  const wide = useMediaQuery('(min-width: 1024px)');
  const { checkIn, checkOut } = useAppSelector(selectStay, shallowEqual);
  const guests = useAppSelector(selectGuests);
  const category = useFilterCategory();
  // The chips offer only the room types guests can book (at least one room in service).
  const categories = useGetShownCategoriesQuery();
  // The search lives in the address too (`?checkIn=&checkOut=&adults=&children=&category=`: from
  // a Book button, "Book again" on My Bookings, a bookmark or a reload); a room type it asks for
  // is chosen once the room types are known (a failed list drops it: every room type shows).
  const { pending: addressPending } = useRatesUrl(categories.data?.data ?? (categories.isError ? [] : undefined), stayControls.today);
  const tooLong = isStayTooLong({ checkIn, checkOut });
  // No booking can hold a longer stay: the rooms free for it would only lead to a refusal.
  const rooms = useGetRoomsQuery(
    {
      checkIn,
      checkOut,
      guests: JSON.stringify({ adults: guests.adults, children: guests.children }),
      categories: category,
      page: 1,
      limit: ROOM_LIMIT,
    },
    { skip: tooLong || addressPending },
  );
  // Each room type's rate plans priced night by night, or the rule that closes them (issue 21).
  // The room search above still says which rooms are free and what they look like.
  const quotes = useGetStayQuoteQuery(
    { checkIn, checkOut, adults: guests.adults, children: guests.children, category },
    { skip: tooLong || addressPending },
  );
  const quoteOf = (name: string) => quotes.data?.data.find((q) => q.category === name && Array.isArray(q.plans));
  const chosen = category ? categories.data?.data.find((c) => c.name === category) : undefined;
  const chosenMaxima = guestMaxima(chosen?.beds_and_bedding);
  const overCapacity = Boolean(chosen) && !withinMaxima(guests, chosenMaxima);
  // The guests a room type brought within its maxima when it was chosen, to say so.
  const [fitted, setFitted] = useState<{ category: string; guests: Guests } | null>(null);
  const showFitted = fitted && fitted.category === category && fitted.guests.adults === guests.adults && fitted.guests.children === guests.children;

  const choose = (c: TCategory) => {
    const maxima = guestMaxima(c.beds_and_bedding);
    const next = fitGuests(guests, maxima);
    setFitted(category !== c.name && next !== guests ? { category: c.name, guests: next } : null);
    dispatch(selectCategory(c.name, maxima));
  };

  useEffect(() => {
    document.title = `${t('meta.title')} | ${site.name}`;
  }, [t, site.name]);

  // Phones search in the controls above the results, which update as the stay changes; Check
  // Availability then brings the results into view (below the controls, often off screen at
  // 375 px) and moves the focus to their heading, the stay they are for.
  const results = useRef<HTMLElement>(null);
  const summary = useRef<HTMLHeadingElement>(null);
  const summaryId = useId();
  const showResults = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    results.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    summary.current?.focus({ preventScroll: true });
  };

  const nights = nightsBetween(checkIn, checkOut);
  const n = (value: number) => formatNumber(value, lng);
  const groups = groupRoomsByCategory(rooms.data?.data ?? [], categories.data?.data ?? []);
  const stayQuery = stayToQuery({ checkIn, checkOut, ...guests });
  const allCategories = [...(categories.data?.data ?? [])].sort((a, b) => a.offerPrice - b.offerPrice || a.name.localeCompare(b.name));
  // Room types that would sleep these guests but have no room free on every night (booked, or held
  // by a channel or the desk): said as sold out, not left out, so the guest knows to try other dates.
  const soldOut = rooms.data
    ? allCategories.filter(
        (c) => (!category || c.name === category) && !groups.some((g) => g.category === c.name) && withinMaxima(guests, guestMaxima(c.beds_and_bedding)),
      )
    : [];
  // The rooms chosen for a reservation of several (issue 22), for these dates only: other dates
  // free other rooms. A room the search no longer lists (other guests, taken meanwhile) drops out.
  const stayKey = `${checkIn}|${checkOut}`;
  const [choice, setChoice] = useState<{ stay: string; rooms: ChosenRoom[] }>({ stay: stayKey, rooms: [] });
  const freeById = new Map(groups.flatMap((g) => g.rooms.map((r) => [r._id, r] as const)));
  const picked = choice.stay === stayKey && rooms.data ? choice.rooms.filter((r) => freeById.has(r.roomId)) : [];
  const setPicked = (next: ChosenRoom[]) => setChoice({ stay: stayKey, rooms: next });
  const addingFor = (group: RateGroup): RoomAdding => {
    const next = nextFreeRoom(group.rooms, picked);
    return {
      // Each new room starts with the guests searched for, within its own beds.
      add: (plan) =>
        next && setPicked([...picked, { roomId: next._id, category: group.category, plan, ...fitGuests(guests, guestMaxima(next.beds_and_bedding)) }]),
      added: (plan) => picked.filter((r) => r.category === group.category && r.plan === plan).length,
      full: next ? null : picked.length >= RESERVATION_ROOMS_MAX ? 'reservation' : 'type',
    };
  };
  const nameOf = (name: string) => {
    const info = categories.data?.data.find((c) => c.name === name);
    return info ? categoryName(info, lng) : name;
  };
  const chip = (active: boolean) =>
    `rounded-full px-4 py-2 text-sm font-medium ring-1 transition-colors ${
      active ? 'bg-brand-800 text-white ring-brand-800' : 'bg-white text-brand-800 ring-slate-300 hover:bg-brand-50'
    }`;

  return (
    <>
      <div className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="container-page py-8 sm:py-12">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-300 uppercase [&:lang(bn)]:tracking-normal">{t('rates.eyebrow')}</p>
          <h1 className="mt-2 font-display text-3xl sm:text-5xl">{t('rates.title')}</h1>
          <p className="mt-3 max-w-2xl text-brand-50 sm:text-lg">{t('rates.intro')}</p>
        </div>
      </div>

      <div className="container-page py-6 sm:py-10">
        {!wide && (
          <section aria-label={t('rates.searchLabel')} className="card mb-6 p-4 sm:p-5" data-testid="rates-controls">
            <form
              role="search"
              aria-label={t('bar.label')}
              onSubmit={(event) => {
                event.preventDefault();
                showResults();
              }}
            >
              <StayFields {...stayControls} variant="stacked" />
              <button type="submit" className="btn-gold mt-4 w-full py-3 text-base" data-testid="check-availability">
                {t('bar.checkAvailability')}
              </button>
            </form>
          </section>
        )}

        {/* The results, headed by the stay they are for: Check Availability brings them into view. */}
        <section ref={results} aria-labelledby={summaryId} className="scroll-mt-20" data-testid="rates-results">
          <h2 ref={summary} id={summaryId} tabIndex={-1} className="text-base font-normal text-slate-700" data-testid="stay-summary">
            <span className="font-semibold text-brand-900">{t('rates.nightCount', { count: nights, n: formatNumber(nights, lng) })}</span>
            {' · '}
            {formatShortDate(checkIn, lng)} – {formatShortDate(checkOut, lng)}
            {' · '}
            {guestSummary(t, guests, lng)}
          </h2>
          {showFitted && chosen && (
            <p role="status" className="mt-2 text-sm text-brand-800" data-testid="guests-fitted">
              {t('rates.guestsFitted', { name: categoryTexts(chosen, lng).name, guests: guestSummary(t, guests, lng) })}
            </p>
          )}

          {allCategories.length > 0 && (
            <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={t('rates.filterLabel')} data-testid="category-chips">
              <button
                type="button"
                className={chip(!category)}
                aria-pressed={!category}
                onClick={() => {
                  setFitted(null);
                  if (category) dispatch(selectCategory(category));
                }}
              >
                {t('rates.allCategories')}
              </button>
              {allCategories.map((c) => (
                <button
                  key={c._id}
                  type="button"
                  className={chip(category === c.name)}
                  aria-pressed={category === c.name}
                  onClick={() => choose(c)}
                >
                  {categoryTexts(c, lng).name}
                </button>
              ))}
            </div>
          )}

          <div className="mt-6" aria-live="polite" aria-busy={rooms.isFetching}>
            {tooLong ? (
              <div className="card text-center" data-testid="rates-too-long">
                <h2 className="font-display text-2xl text-brand-800">{t('rates.tooLong.title', { max: n(MAX_NIGHTS) })}</h2>
                <p className="mt-2 text-slate-700">
                  {t('rates.tooLong.text', {
                    nights: t('rates.nightCount', { count: nights, n: n(nights) }),
                    max: n(MAX_NIGHTS),
                    date: formatShortDate(lastCheckOut(checkIn), lng),
                  })}
                </p>
                <button
                  type="button"
                  className="btn-primary mt-5"
                  onClick={() => dispatch(setCheckOut(isoToDmy(lastCheckOut(checkIn))))}
                  data-testid="shorten-stay"
                >
                  {t('rates.tooLong.shorten', { max: n(MAX_NIGHTS) })}
                </button>
              </div>
            ) : rooms.isLoading || addressPending ? (
              <RatesSkeleton label={t('rates.loading')} />
            ) : rooms.isError ? (
              <div className="card text-center" role="alert" data-testid="rates-error">
                <p className="text-slate-700">{t('rates.error')}</p>
                <button type="button" className="btn-primary mt-4" onClick={() => rooms.refetch()} disabled={rooms.isFetching}>
                  {t('rates.retry')}
                </button>
              </div>
            ) : groups.length === 0 && overCapacity && chosen ? (
              <div className="card text-center" data-testid="rates-too-many-guests">
                <h2 className="font-display text-2xl text-brand-800">
                  {t('rates.overCapacity.title', { name: categoryTexts(chosen, lng).name, guests: guestSummary(t, guests, lng) })}
                </h2>
                <p className="mt-2 text-slate-700">
                  {t('guests.categoryNote', {
                    name: categoryTexts(chosen, lng).name,
                    adults: n(chosenMaxima.adults),
                    children: n(chosenMaxima.children),
                    total: n(chosenMaxima.total),
                  })}
                </p>
                <div className="mt-5 flex flex-wrap justify-center gap-3">
                  <button
                    type="button"
                    className="btn-primary"
                    onClick={() => dispatch(setGuests(fitGuests(guests, chosenMaxima)))}
                    data-testid="fit-guests"
                  >
                    {t('rates.overCapacity.fit', { guests: guestSummary(t, fitGuests(guests, chosenMaxima), lng) })}
                  </button>
                  <button type="button" className="btn-outline" onClick={() => dispatch(selectCategory(chosen.name))} data-testid="all-categories">
                    {t('rates.overCapacity.all')}
                  </button>
                </div>
              </div>
            ) : (
              <>
                {groups.length === 0 ? (
                  <div className="card text-center" data-testid="rates-empty">
                    <h2 className="font-display text-2xl text-brand-800">{t('rates.empty.title')}</h2>
                    <p className="mt-2 text-slate-700">{t('rates.empty.text')}</p>
                    <button type="button" className="btn-primary mt-5" onClick={() => dispatch(clearFilters())} data-testid="clear-filters">
                      {t('rates.empty.clear')}
                    </button>
                  </div>
                ) : (
                  <ul className={`space-y-5 transition-opacity ${rooms.isFetching ? 'opacity-60' : ''}`} aria-label={t('rates.resultsLabel')}>
                    {groups.map((group, i) => (
                      <li key={group.category}>
                        <RateCard
                          group={group}
                          nights={nights}
                          first={i === 0}
                          lng={lng}
                          bookHref={`/booking/${group.rooms[0]._id}?${stayQuery}`}
                          quote={quoteOf(group.category)}
                          persons={guests.adults + guests.children}
                          stayQuery={stayQuery}
                          adding={addingFor(group)}
                        />
                      </li>
                    ))}
                  </ul>
                )}
                {soldOut.length > 0 && (
                  <ul className="mt-5 space-y-3" aria-label={t('rates.soldOut.label')} data-testid="sold-out-list">
                    {soldOut.map((c) => (
                      <li key={c._id} className="card flex flex-wrap items-center justify-between gap-2 p-4" data-testid="sold-out-card" data-category={c.name}>
                        <h2 className="font-display text-xl text-brand-800">{categoryTexts(c, lng).name}</h2>
                        <p className="text-sm text-slate-700">
                          <span className="mr-2 inline-block rounded-full bg-rose-50 px-3 py-1 font-semibold text-rose-800 ring-1 ring-rose-200">
                            {t('rates.soldOut.badge')}
                          </span>
                          {t('rates.soldOut.text')}
                        </p>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </div>
          <RoomChooser rooms={picked} stay={{ checkIn, checkOut }} roomOf={(id) => freeById.get(id)} nameOf={nameOf} onChange={setPicked} afterEmpty={summary} />
        </section>
      </div>
    </>
  );
}

/**
 * One room type: its photo, who it sleeps and how many rooms are free; then its rate plans once
 * the quote has come (`quote`), else the room's own price and one Book button (the quote still
 * loading, or not answering: the guest can book the Standard plan all the same).
 */
function RateCard({
  group,
  nights,
  first,
  lng,
  bookHref,
  quote,
  persons,
  stayQuery,
  adding,
}: {
  group: RateGroup;
  nights: number;
  first: boolean;
  lng: string;
  bookHref: string;
  quote?: TStayQuote;
  persons: number;
  stayQuery: string;
  adding?: RoomAdding;
}) {
  const { t } = useTranslation('stay-search');
  const site = getSite();
  const room = group.rooms[0];
  const texts = categoryTexts(group.info, lng, room);
  const photo = group.info?.images[0] ?? room.images[0];
  const n = (value: number) => formatNumber(value, lng);
  const capacity = capacityText(room.beds_and_bedding, (key, values) => t(`rates.capacity.${key}`, values), n);
  const pct = (value: number) => `${n(value)}%`;
  const headingId = `rate-${room._id}`;
  // What the stay costs in all, as the booking page and the server compute it (no coupon yet):
  // the nights at this room's price, the hotel's service charge and VAT (site settings).
  // With the quote: the cheapest plan open for the stay (its own lines say why below); none when
  // every plan is closed (the plans say why).
  const cheapest = quote?.plans
    .map((plan) => plan.quote)
    .filter((q) => q !== null)
    .sort((a, b) => a.amount - b.amount)[0];
  const openPlans = quote?.plans.filter((plan) => plan.quote).length ?? 0;
  // The price a night, as the calendar has it for these dates: the cheapest open plan's average
  // room night (a season or a weekend moves it). When a rule closes every plan, still those
  // nights' real price (issue 31: a closed Eid night showed the base offer beside the reason);
  // the room's own price only without a quote.
  const average = (prices: number[]) => Math.round(prices.reduce((sum, p) => sum + p, 0) / prices.length);
  const closedNightly = quote?.plans
    .filter((plan) => plan.nights?.length)
    .map((plan) => average(plan.nights.map((night) => night.price)))
    .sort((a, b) => a - b)[0];
  const nightly = cheapest ? average(cheapest.lines.map((line) => line.room)) : (closedNightly ?? room.price);
  const { price, struck } = displayPrice({ rackRate: group.info?.rackRate, offerPrice: nightly });
  const stay = quote
    ? cheapest && { amount: cheapest.amount, withOutVatAndService: cheapest.subtotal, serviceCharge: cheapest.serviceCharge, vat: cheapest.vat }
    : priceStay({
        nights,
        perNightCost: room.price,
        serviceChargePercent: site.serviceChargePercent,
        vatPercent: site.vatPercent,
      });
  const free = group.rooms.length;

  return (
    <article
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70 md:grid md:grid-cols-[18rem_1fr]"
      data-testid="rate-card"
      data-category={group.category}
    >
      <div className="aspect-[3/2] bg-sand-100 md:aspect-auto md:h-full">
        <RoomImage
          src={photo}
          name={texts.name}
          srcSet={photo ? imageSrcSet(photo) : undefined}
          sizes={PHOTO_SIZES}
          width={1280}
          height={853}
          alt={t('rates.photoAlt', { name: texts.name })}
          loading={first ? 'eager' : 'lazy'}
          decoding="async"
          className="h-full w-full object-cover"
          fallbackClassName="h-full min-h-40 w-full"
        />
      </div>
      <div className="flex flex-col gap-4 p-5 sm:p-6 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="font-display text-2xl text-brand-800" data-testid="rate-name">
            {texts.name}
          </h2>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" data-testid="rate-beds">
            {capacity && (
              <span className="inline-flex items-center gap-1.5" data-testid="rate-capacity">
                <GuestsIcon className="h-4 w-4 text-brand-700" />
                {capacity}
              </span>
            )}
            {texts.beds && (
              <span className="inline-flex items-center gap-1.5">
                <BedIcon className="h-4 w-4 text-brand-700" />
                {texts.beds}
              </span>
            )}
            {texts.size && (
              <span className="inline-flex items-center gap-1.5">
                <SizeIcon className="h-4 w-4 text-brand-700" />
                {texts.size}
              </span>
            )}
          </p>
          <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800" data-testid="free-count">
            <CheckIcon className="h-4 w-4" />
            {t('rates.freeCount', { count: free, n: n(free) })}
          </p>
        </div>
        <div className="shrink-0 border-t border-slate-100 pt-4 lg:w-72 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-6 lg:text-right">
          <p className="flex flex-wrap items-baseline gap-x-2 lg:justify-end" data-testid="rate-price">
            {struck !== null && (
              <s className="text-slate-500 decoration-red-700/70" data-testid="rack-rate">
                <span className="sr-only">{t('rates.was')} </span>
                {formatTaka(struck, lng)}
              </s>
            )}
            <span className="font-display text-2xl font-semibold text-brand-800" data-testid="offer-price">
              {struck !== null && <span className="sr-only">{t('rates.now')} </span>}
              {formatTaka(price, lng)}
            </span>
            <span className="text-sm text-slate-600">{t('rates.perNight')}</span>
          </p>
          {stay && (
            <>
          <p className="mt-2 text-sm text-slate-700" data-testid="stay-total">
            {t(openPlans > 1 ? 'rates.totalFrom' : 'rates.total', { nights: t('rates.nightCount', { count: nights, n: n(nights) }) })}{' '}
            <span className="font-semibold text-brand-900" data-testid="stay-total-amount">
              {formatTaka(stay.amount, lng)}
            </span>
          </p>
          <p className="mt-1 text-xs text-slate-600" data-testid="stay-total-breakdown">
            {t('rates.totalBreakdown', {
              rooms: formatTaka(stay.withOutVatAndService, lng),
              service: formatTaka(stay.serviceCharge, lng),
              servicePercent: pct(site.serviceChargePercent),
              vat: formatTaka(stay.vat, lng),
              vatPercent: pct(site.vatPercent),
            })}
          </p>
            </>
          )}
          {/* With the quote, each plan below has its own Book button. */}
          {!quote && (
          <Link
            to={bookHref}
            className="btn-primary mt-4 w-full px-6 py-3 lg:w-auto"
            aria-label={t('rates.bookName', { name: texts.name })}
            data-testid="book-button"
          >
            {t('rates.book')}
          </Link>
          )}
        </div>
      </div>
      {quote && (
        <div className="px-5 pb-5 sm:px-6 sm:pb-6 md:col-start-2">
          <RatePlans quote={quote} roomName={texts.name} persons={persons} nights={nights} stayQuery={stayQuery} adding={adding} />
        </div>
      )}
    </article>
  );
}

function RatesSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} data-testid="rates-loading" className="space-y-5">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-52 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200/70 md:h-56">
          <div className="h-full w-72 max-w-[40%] rounded-l-2xl bg-sand-100" />
        </div>
      ))}
    </div>
  );
}
