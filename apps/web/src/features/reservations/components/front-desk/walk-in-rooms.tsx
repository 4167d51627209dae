import { RESERVATION_ROOMS_MAX, STANDARD_PLAN, type TCategory, type TRoom, type TStayQuote } from '@residency/shared';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { planName, stayRuleText } from '../../../../components/stay-price/plan-texts';
import { guestMaxima } from '../../../../components/stay/guest-rules';
import { categoryTexts, roomNumberText } from '../../../../lib/category-texts';
import { formatNumber, formatTaka } from '../../../../lib/format';
import { useGetStayQuoteQuery } from '../../../../lib/rates-api';
import { getSite } from '../../../../lib/site';
import { quoteForRoom, quotedStayPrice } from '../../stay-price';

/** One room of a walk-in of several: which room, who sleeps in it, and the plan asked for. */
export interface WalkInRoom {
  /** Stable across edits, for React and for the row's price. */
  key: string;
  roomId: string;
  adults: number;
  children: number;
  /** The plan asked for; the row prices the first open plan instead when this one is not open. */
  plan: string;
}

/** A row's price as its quote gives it: the plan used and the room's total, or why it has none. */
export type WalkInRoomPrice = { ok: true; plan: string; amount: number } | { ok: false; reason: 'loading' | 'notFree' | 'noPlan' };

let keys = 0;
/** A new row for `roomId` (or none chosen yet), one adult, the Standard plan. */
export function newWalkInRoom(roomId = '', guests: { adults: number; children: number } = { adults: 1, children: 0 }, plan = STANDARD_PLAN): WalkInRoom {
  keys += 1;
  return { key: `room-${keys}`, roomId, adults: guests.adults, children: guests.children, plan };
}

/**
 * The guests a room may hold, kept within it: adults first (at least one), then children,
 * never more than the room's beds allow in all.
 */
function fitGuests(guests: { adults: number; children: number }, room: TRoom | undefined) {
  const max = guestMaxima(room?.beds_and_bedding);
  const adults = Math.min(Math.max(1, guests.adults), max.adults, max.total);
  const children = Math.min(Math.max(0, guests.children), max.children, max.total - adults);
  return { adults, children };
}

/** The free rooms a row may take: not chosen by another row, by room number. */
function roomChoices(free: readonly TRoom[], rows: readonly WalkInRoom[], row: WalkInRoom): TRoom[] {
  const taken = new Set(rows.filter((r) => r.key !== row.key).map((r) => r.roomId));
  return free
    .filter((room) => !taken.has(room._id))
    .sort((a, b) => a.category.localeCompare(b.category) || a.room_overview.room_number.localeCompare(b.room_overview.room_number, 'en', { numeric: true }));
}

/**
 * The walk-in's rooms for the same dates (issue 22): each with its room (only rooms free for the
 * stay and not chosen in another row), its adults and children within that room's limits, and
 * its plan, the desk's own plans included; its price on that plan. Rooms are added up to the
 * most one reservation holds, and removed down to one.
 */
export function WalkInRooms({
  rows,
  free,
  categories,
  stay,
  taken,
  version,
  onChange,
  onPriced,
}: {
  rows: readonly WalkInRoom[];
  free: readonly TRoom[];
  categories: readonly TCategory[];
  stay: { checkIn: string; checkOut: string };
  /** The row whose room the server said was taken meanwhile, with that type's rooms still free. */
  taken: { key: string; roomNumber: string; roomType: string; alternatives: { _id: string; roomNumber: string }[] } | null;
  /** Bumped when the prices must be asked again (the server said they changed). */
  version: number;
  /** Given an update of the rows, not the rows: two quick edits never undo each other. */
  onChange: (update: (rows: WalkInRoom[]) => WalkInRoom[]) => void;
  onPriced: (key: string, price: WalkInRoomPrice) => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  const left = free.filter((room) => !rows.some((r) => r.roomId === room._id)).length;
  const canAdd = rows.length < RESERVATION_ROOMS_MAX && left > 0;
  const update = (key: string, change: Partial<WalkInRoom>) => onChange((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const count = useRef(rows.length);
  // The button pressed goes away (Add a room on the one-room form, a row's Remove): the keyboard
  // user lands on the new room's select, or on Add a room, never on <body>.
  useEffect(() => {
    const added = rows.length > count.current;
    const lost = !document.activeElement || document.activeElement === document.body;
    count.current = rows.length;
    if (added || lost) {
      const selects = list.current?.querySelectorAll<HTMLSelectElement>('[data-testid="walk-in-room-select"]');
      if (added || (lost && rows.length > 1 && !rows.at(-1)?.roomId)) selects?.[selects.length - 1]?.focus();
      else addButton.current?.focus();
    }
  }, [rows]);

  return (
    <section aria-labelledby="walk-in-rooms-title" className="card space-y-4 p-5 sm:p-6" data-testid="walk-in-rooms">
      <div>
        <h2 id="walk-in-rooms-title" className="font-display text-xl text-brand-800">
          {t('walkInRooms.title', { n: formatNumber(rows.length, lng), count: rows.length })}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('walkInRooms.sameDates')}</p>
      </div>
      <ol ref={list} className="m-0 list-none space-y-4 p-0">
        {rows.map((row, index) => (
          <WalkInRoomRow
            key={row.key}
            row={row}
            index={index}
            rows={rows}
            free={free}
            categories={categories}
            stay={stay}
            taken={taken?.key === row.key ? taken : null}
            version={version}
            removable={rows.length > 1}
            onUpdate={(change) => update(row.key, change)}
            onRemove={() => onChange((all) => all.filter((r) => r.key !== row.key))}
            onPriced={onPriced}
          />
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <button
          ref={addButton}
          type="button"
          className="btn-outline"
          disabled={!canAdd}
          onClick={() => onChange((all) => [...all, newWalkInRoom()])}
          data-testid="walk-in-add-room"
        >
          + {t('walkInRooms.add')}
        </button>
        <span className="text-sm text-slate-600" role="status">
          {rows.length >= RESERVATION_ROOMS_MAX
            ? t('walkInRooms.max', { n: formatNumber(RESERVATION_ROOMS_MAX, lng) })
            : left === 0
              ? t('walkInRooms.noneLeft')
              : t('walkInRooms.left', { count: left, n: formatNumber(left, lng) })}
        </span>
      </div>
    </section>
  );
}

function WalkInRoomRow({
  row,
  index,
  rows,
  free,
  categories,
  stay,
  taken,
  version,
  removable,
  onUpdate,
  onRemove,
  onPriced,
}: {
  row: WalkInRoom;
  index: number;
  rows: readonly WalkInRoom[];
  free: readonly TRoom[];
  categories: readonly TCategory[];
  stay: { checkIn: string; checkOut: string };
  taken: { roomNumber: string; roomType: string; alternatives: { _id: string; roomNumber: string }[] } | null;
  version: number;
  removable: boolean;
  onUpdate: (change: Partial<WalkInRoom>) => void;
  onRemove: () => void;
  onPriced: (key: string, price: WalkInRoomPrice) => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const { t: tc } = useTranslation('common');
  const lng = i18n.resolvedLanguage ?? 'en';
  const id = useId();
  const site = getSite();
  const room = free.find((r) => r._id === row.roomId);
  const choices = roomChoices(free, rows, row);
  const max = guestMaxima(room?.beds_and_bedding);
  const quoteQuery = useGetStayQuoteQuery(
    { checkIn: stay.checkIn, checkOut: stay.checkOut, adults: row.adults, children: row.children, category: room?.category, desk: '1' },
    { skip: !room },
  );
  const { refetch } = quoteQuery;
  useEffect(() => {
    if (version > 0 && room) void refetch();
  }, [version, refetch, room]);
  const type: TStayQuote | undefined = quoteQuery.data?.data.find((q) => q.category === room?.category);
  const open = type?.plans.filter((p) => p.quote) ?? [];
  const plan = open.find((p) => p.code === row.plan) ?? open.find((p) => p.code === STANDARD_PLAN) ?? open[0];
  // The quote prices the type's cheapest free room: this room's supplement is added, as the server does.
  const cheapest = free.find((r) => r._id === type?.roomId);
  const amount = plan?.quote && room ? quotedStayPrice(quoteForRoom(plan.quote, cheapest ? room.price - cheapest.price : 0), null, site).amount : null;
  const loading = Boolean(room) && (quoteQuery.isFetching || quoteQuery.isLoading);
  const price: WalkInRoomPrice =
    plan && amount !== null && !loading
      ? { ok: true, plan: plan.code, amount }
      : { ok: false, reason: !room || loading ? 'loading' : !type ? 'notFree' : 'noPlan' };
  const priceKey = price.ok ? `${price.plan}:${price.amount}` : price.reason;
  useEffect(() => {
    onPriced(row.key, price);
    // `price` is rebuilt each render; its key says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row.key, priceKey]);

  const roomLabel = (r: TRoom) =>
    `${categoryTexts(categories.find((c) => c.name === r.category), lng).name || r.category} · ${t('walkInRooms.roomNumber', { number: roomNumberText(r.room_overview.room_number, lng) })} · ${t('walkInRooms.perNight', { price: formatTaka(r.price, lng) })}`;
  const chooseRoom = (roomId: string) => {
    const next = free.find((r) => r._id === roomId);
    onUpdate({ roomId, ...fitGuests(row, next) });
  };
  const n = (v: number) => formatNumber(v, lng);
  const select = 'field-input';
  const adultsMax = Math.min(max.adults, max.total - row.children);
  const childrenMax = Math.min(max.children, max.total - row.adults);

  return (
    <li className="rounded-xl p-4 ring-1 ring-slate-200" data-testid="walk-in-room" aria-labelledby={`${id}-title`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold text-brand-900">
          {t('walkInRooms.room', { n: n(index + 1) })}
        </h3>
        {removable && (
          <button
            type="button"
            className="rounded-lg px-3 py-2 text-sm font-medium text-red-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-red-700"
            onClick={onRemove}
            aria-label={t('walkInRooms.removeLabel', { n: n(index + 1) })}
            data-testid="walk-in-remove-room"
          >
            {t('walkInRooms.remove')}
          </button>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="col-span-2">
          <label htmlFor={`${id}-room`} className="field-label">
            {t('walkInRooms.roomLabel')}
          </label>
          <select id={`${id}-room`} className={select} value={row.roomId} onChange={(e) => chooseRoom(e.target.value)} aria-invalid={!room} data-testid="walk-in-room-select">
            {!room && <option value="">{t('walkInRooms.choose')}</option>}
            {choices.map((r) => (
              <option key={r._id} value={r._id}>
                {roomLabel(r)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-adults`} className="field-label">
            {t('walkInRooms.adults')}
          </label>
          <select id={`${id}-adults`} className={select} value={row.adults} onChange={(e) => onUpdate({ adults: Number(e.target.value) })} data-testid="walk-in-adults">
            {Array.from({ length: Math.max(1, adultsMax) }, (_, i) => i + 1).map((v) => (
              <option key={v} value={v}>
                {n(v)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-children`} className="field-label">
            {t('walkInRooms.children')}
          </label>
          <select id={`${id}-children`} className={select} value={row.children} onChange={(e) => onUpdate({ children: Number(e.target.value) })} data-testid="walk-in-children">
            {Array.from({ length: Math.max(0, childrenMax) + 1 }, (_, i) => i).map((v) => (
              <option key={v} value={v}>
                {n(v)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {room && (
        <p className="mt-2 text-sm text-slate-600">{t('stay.roomNote', { adults: n(max.adults), children: n(max.children), total: n(max.total) })}</p>
      )}
      {room && (
        <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)] sm:items-end">
          <div>
            <label htmlFor={`${id}-plan`} className="field-label">
              {t('ratePlan.label')}
            </label>
            <select
              id={`${id}-plan`}
              className={select}
              value={plan?.code ?? ''}
              disabled={open.length === 0}
              onChange={(e) => onUpdate({ plan: e.target.value })}
              data-testid="walk-in-plan"
            >
              {open.length === 0 && <option value="">{loading ? t('walkInRooms.pricing') : t('walkInRooms.noPlan')}</option>}
              {type?.plans.map((p) => (
                <option key={p.code} value={p.code} disabled={!p.quote}>
                  {p.quote ? planName(p.name, lng) : `${planName(p.name, lng)}: ${p.refusal ? stayRuleText(tc, p.refusal, lng) : t('walkInRooms.noPlan')}`}
                </option>
              ))}
            </select>
          </div>
          <p className="m-0 text-right text-lg font-semibold text-brand-900" data-testid="walk-in-room-price" aria-live="polite">
            {price.ok
              ? t('walkInRooms.price', { amount: formatTaka(price.amount, lng) })
              : price.reason === 'loading'
                ? t('walkInRooms.pricing')
                : price.reason === 'notFree'
                  ? t('walkInRooms.notFree')
                  : t('walkInRooms.noPlan')}
          </p>
        </div>
      )}
      {taken && (
        <div role="alert" className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="walk-in-room-taken">
          <p className="m-0 font-medium">{t('walkInRooms.taken', { type: taken.roomType, number: roomNumberText(taken.roomNumber, lng) })}</p>
          {taken.alternatives.length > 0 ? (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <span>{t('walkInRooms.alternatives')}</span>
              {taken.alternatives.map((a) => (
                <button key={a._id} type="button" className="btn-outline !px-3 !py-1.5 text-sm" onClick={() => chooseRoom(a._id)} data-testid="walk-in-alternative">
                  {t('walkInRooms.takeInstead', { number: roomNumberText(a.roomNumber, lng) })}
                </button>
              ))}
            </div>
          ) : (
            <p className="m-0 mt-1">{t('walkInRooms.noAlternatives')}</p>
          )}
        </div>
      )}
    </li>
  );
}
