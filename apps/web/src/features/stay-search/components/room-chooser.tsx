import type { TRoom } from '@residency/shared';
import type { Guests } from '@residency/shared/guests';
import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { planName } from '../../../components/stay-price/plan-texts';
import { guestSummary } from '../../../components/stay/guest-picker';
import { guestMaxima, guestSteppers, stepGuests, type GuestMaxima } from '../../../components/stay/guest-rules';
import { MinusIcon, PlusIcon } from '../../../components/stay/stay-icons';
import { formatNumber, formatTaka } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { guestTotals, roomsToQuery, type ChosenRoom } from '../room-choice';
import { priceRooms } from '../room-price';
import { useRoomQuotes } from '../use-room-quotes';

/**
 * The rooms a guest chose on /view-rates for one reservation (issue 22): each with its room type,
 * plan and its own guests (steppers within the room's beds and the hotel's per-room limits), its
 * price for the stay, and Remove; then how many rooms and guests in all, the total, and "Book N
 * rooms". A bar fixed at the bottom of the screen keeps the count and the total in sight while
 * the guest goes on choosing, and brings this list into view.
 */
export function RoomChooser({
  rooms,
  stay,
  roomOf,
  nameOf,
  onChange,
  afterEmpty,
}: {
  rooms: readonly ChosenRoom[];
  stay: { checkIn: string; checkOut: string };
  /** The free room of an id, with its beds and price (the rates page's search). */
  roomOf: (roomId: string) => TRoom | undefined;
  /** A room type's name in the reader's language. */
  nameOf: (category: string) => string;
  onChange: (rooms: ChosenRoom[]) => void;
  /** Where the focus goes when the last room is removed (the list is gone). */
  afterEmpty: RefObject<HTMLElement | null>;
}) {
  const { t, i18n } = useTranslation('stay-search');
  const lng = i18n.resolvedLanguage ?? 'en';
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  const { quotes } = useRoomQuotes(stay, rooms, (id) => roomOf(id)?.price);
  const priced = quotes.every((q) => q?.quote) ? priceRooms(quotes.map((q) => q!.quote!), null, getSite()) : null;
  const totals = guestTotals(rooms);
  const n = (value: number) => formatNumber(value, lng);
  const count = t('rooms.count', { count: rooms.length, n: n(rooms.length) });
  const guests = t('rooms.guestCount', { count: totals.adults + totals.children, n: n(totals.adults + totals.children) });
  const total = priced ? formatTaka(priced.total.amount, lng) : '…';

  if (rooms.length === 0) return null;

  const update = (index: number, guests: Guests) => onChange(rooms.map((r, i) => (i === index ? { ...r, ...guests } : r)));
  const remove = (index: number) => {
    onChange(rooms.filter((_, i) => i !== index));
    // The pressed button is gone with its room: the focus goes to the list's heading, or past it.
    if (rooms.length > 1) heading.current?.focus();
    else afterEmpty.current?.focus();
  };
  const show = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    heading.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <section ref={section} aria-labelledby="chosen-rooms-title" className="card mt-6 scroll-mt-20 p-4 sm:p-6" data-testid="room-chooser">
        <h2 ref={heading} id="chosen-rooms-title" tabIndex={-1} className="font-display text-2xl text-brand-800">
          {t('rooms.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('rooms.intro')}</p>
        <ol className="mt-4 divide-y divide-slate-100 border-y border-slate-100">
          {rooms.map((room, i) => {
            const quote = quotes[i];
            const name = nameOf(room.category);
            const number = n(i + 1);
            const maxima = guestMaxima(roomOf(room.roomId)?.beds_and_bedding);
            return (
              <li key={room.roomId} className="grid gap-3 py-4 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center" data-testid="chosen-room">
                <div className="min-w-0">
                  <h3 className="font-semibold text-brand-900" data-testid="chosen-room-name">
                    {t('rooms.roomName', { n: number, name })}
                  </h3>
                  <p className="text-sm text-slate-700">
                    <span data-testid="chosen-room-plan">{quote ? planName(quote.plan.name, lng) : room.plan}</span>
                    {' · '}
                    <span data-testid="chosen-room-guests">{guestSummary(t, room, lng)}</span>
                  </p>
                </div>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {(['adults', 'children'] as const).map((who) => (
                    <GuestStepper
                      key={who}
                      who={who}
                      guests={room}
                      maxima={maxima}
                      label={t(`guests.${who}`)}
                      fewer={t(`rooms.fewer.${who}`, { n: number, name })}
                      more={t(`rooms.more.${who}`, { n: number, name })}
                      lng={lng}
                      onChange={(next) => update(i, next)}
                    />
                  ))}
                </div>
                <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end sm:gap-1">
                  <p className="font-semibold text-brand-900" data-testid="chosen-room-price">
                    {quote === undefined ? '…' : quote?.quote ? formatTaka(priced?.rooms[i]?.amount ?? 0, lng) : t('rooms.notOffered')}
                  </p>
                  <button
                    type="button"
                    className="text-sm font-medium text-red-700 underline-offset-2 hover:underline"
                    aria-label={t('rooms.removeName', { n: number, name })}
                    onClick={() => remove(i)}
                    data-testid="remove-room"
                  >
                    {t('rooms.remove')}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <p className="text-sm text-slate-700" data-testid="rooms-total">
            <span className="block font-semibold text-brand-900" data-testid="rooms-count">
              {count} · {guests}
            </span>
            {t('rooms.total')}{' '}
            <span className="font-display text-xl font-semibold text-brand-800" data-testid="rooms-total-amount">
              {total}
            </span>
          </p>
          <Link
            to={`/booking/rooms?${roomsToQuery({ ...stay, rooms: [...rooms] })}`}
            className="btn-primary w-full px-6 py-3 sm:w-auto"
            data-testid="book-rooms"
          >
            {t('rooms.book', { count: rooms.length, n: n(rooms.length) })}
          </Link>
        </div>
      </section>
      {/* Room at the page's end, so the fixed bar never hides its last lines. */}
      <div className="h-24" aria-hidden="true" />
      <div
        className="fixed inset-x-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur"
        // Above the cookie banner while it is shown (it publishes its height), never under it.
        style={{ bottom: 'var(--cookie-banner-space, 0px)' }}
        data-testid="rooms-bar"
      >
        {/* Its right end is left free for the round back-to-top button, which floats over it. */}
        <div className="container-page flex items-center justify-between gap-3 py-3 pr-20">
          <p className="min-w-0 text-sm text-slate-700">
            <span className="block font-semibold text-brand-900">{count}</span>
            <span data-testid="rooms-bar-total">{total}</span>
          </p>
          <button type="button" className="btn-gold shrink-0 px-5 py-2.5" onClick={show} data-testid="review-rooms">
            {t('rooms.review', { count: rooms.length, n: n(rooms.length) })}
          </button>
        </div>
      </div>
    </>
  );
}

const STEP =
  'flex h-9 w-9 items-center justify-center rounded-full border border-brand-700 text-brand-800 hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:border-slate-300 aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent';

/** One room's adults or children, − and + within the room's limits (as the guest picker's). */
function GuestStepper({
  who,
  guests,
  maxima,
  label,
  fewer,
  more,
  lng,
  onChange,
}: {
  who: keyof Guests;
  guests: Guests;
  maxima: GuestMaxima;
  label: string;
  fewer: string;
  more: string;
  lng: string;
  onChange: (guests: Guests) => void;
}) {
  const state = guestSteppers(guests, maxima)[who];
  const value = { adults: guests.adults, children: guests.children };
  return (
    <div className="flex items-center gap-2" role="group" aria-label={label}>
      <span className="w-20 text-sm text-slate-700 sm:w-auto">{label}</span>
      <button
        type="button"
        className={STEP}
        // aria-disabled, not disabled: a button that reaches its limit keeps the focus.
        aria-disabled={!state.canDecrease}
        aria-label={fewer}
        onClick={() => state.canDecrease && onChange(stepGuests(value, who, -1, maxima))}
        data-testid={`room-${who}-minus`}
      >
        <MinusIcon className="h-4 w-4" />
      </button>
      <output className="w-5 text-center font-semibold tabular-nums" aria-live="polite" data-testid={`room-${who}-count`}>
        {formatNumber(guests[who], lng)}
      </output>
      <button
        type="button"
        className={STEP}
        aria-disabled={!state.canIncrease}
        aria-label={more}
        onClick={() => state.canIncrease && onChange(stepGuests(value, who, 1, maxima))}
        data-testid={`room-${who}-plus`}
      >
        <PlusIcon className="h-4 w-4" />
      </button>
    </div>
  );
}
