import type { RoomTakenDetails, TReservation, TWalkInReservationCreate } from '@residency/shared';
import { nightsBetween } from '@residency/shared/pricing';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useGetCategoriesQuery } from '../../../../lib/categories-api';
import { formatLongDate, formatNumber, formatTaka } from '../../../../lib/format';
import { useGetRoomsQuery } from '../../../../lib/rooms-api';
import { useErrorText } from '../../../../lib/server-error';
import { readApiFailure, validateBookingFields, type BookingFieldErrors } from '../../booking-rules';
import { reservationsApi } from '../../reservations-api';
import { StayContactFields } from '../booking-form/stay-contact-fields';
import { WalkInGuestFields } from '../booking-form/walk-in-guest-fields';
import { WalkInRooms, type WalkInRoom, type WalkInRoomPrice } from './walk-in-rooms';

type Taken = { key: string; roomNumber: string; roomType: string; alternatives: { _id: string; roomNumber: string }[] };

/** The request of a walk-in of several rooms: every row priced on its plan, the total the desk saw. */
function walkInReservationBody(input: {
  stay: { checkIn: string; checkOut: string };
  rows: readonly WalkInRoom[];
  prices: Readonly<Record<string, WalkInRoomPrice>>;
  guest: { name: string; email: string };
  phone: string;
  address: string;
  shuttle: boolean;
}): TWalkInReservationCreate | null {
  const priced: { row: WalkInRoom; plan: string; amount: number }[] = [];
  for (const row of input.rows) {
    const price = input.prices[row.key];
    if (!row.roomId || !price?.ok) return null;
    priced.push({ row, plan: price.plan, amount: price.amount });
  }
  return {
    checkIn: input.stay.checkIn,
    checkOut: input.stay.checkOut,
    phone: input.phone.trim(),
    ...(input.address.trim() ? { address: input.address.trim() } : {}),
    airportShuttle: input.shuttle,
    // The total on screen: the server books only at this price (409 PRICE_CHANGED otherwise).
    expectedAmount: walkInTotal(input.rows, input.prices),
    guest: { name: input.guest.name.trim(), ...(input.guest.email.trim() ? { email: input.guest.email.trim() } : {}) },
    rooms: priced.map(({ row, plan }) => ({ roomId: row.roomId, adults: row.adults, children: row.children, ratePlan: plan })),
  };
}

/** The rooms' prices summed to the paisa, as the server sums the reservation's rooms. */
function walkInTotal(rows: readonly WalkInRoom[], prices: Readonly<Record<string, WalkInRoomPrice>>): number {
  const sum = rows.reduce((s, row) => {
    const price = prices[row.key];
    return s + (price?.ok ? price.amount : 0);
  }, 0);
  return Math.round(sum * 100) / 100;
}

/**
 * The walk-in of several rooms for the same dates (issue 22): the rooms (walk-in-rooms.tsx), the
 * guest, their phone and address, the airport shuttle, the total, and one Confirm that books them
 * all or none (POST /api/reservations/walk-in). A room taken meanwhile is named on its row with
 * the rooms of its type still free. The dates are the page's (changed with one room, before more
 * are added); a coupon is taken on a one-room walk-in only.
 */
export function WalkInReservationForm({
  stay,
  rows,
  onRows,
  onBooked,
}: {
  stay: { checkIn: string; checkOut: string };
  rows: readonly WalkInRoom[];
  onRows: (update: (rows: WalkInRoom[]) => WalkInRoom[]) => void;
  onBooked: (reservation: TReservation) => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  const errorText = useErrorText();
  const categories = useGetCategoriesQuery();
  // Every room free for the stay (one adult fits any room): each row narrows the guests to its room.
  const free = useGetRoomsQuery({ checkIn: stay.checkIn, checkOut: stay.checkOut, guests: JSON.stringify({ adults: 1, children: 0 }), page: 1, limit: 1000 });
  const [create, creating] = reservationsApi.useCreateWalkInReservationMutation();
  const [prices, setPrices] = useState<Record<string, WalkInRoomPrice>>({});
  const [guestName, setGuestName] = useState('');
  const [guestEmail, setGuestEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState('');
  const [shuttle, setShuttle] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<BookingFieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [taken, setTaken] = useState<Taken | null>(null);
  const [version, setVersion] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const onPriced = useCallback((key: string, price: WalkInRoomPrice) => setPrices((p) => ({ ...p, [key]: price })), []);
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  const n = (v: number) => formatNumber(v, lng);

  // A changed room list: the server's earlier answer no longer applies.
  const roomsKey = rows.map((r) => `${r.roomId}:${r.adults}:${r.children}:${r.plan}`).join('|');
  useEffect(() => {
    setTaken(null);
    setProblem(null);
  }, [roomsKey]);

  const body = walkInReservationBody({ stay, rows, prices, guest: { name: guestName, email: guestEmail }, phone, address, shuttle });
  const total = body ? walkInTotal(rows, prices) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validateBookingFields({ phone, guestName, guestEmail }, true);
    // Rendered at once, so that the first field in error is marked when the focus moves to it.
    flushSync(() => setFieldErrors(errors));
    if (Object.keys(errors).length > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    if (!body) return;
    setProblem(null);
    setTaken(null);
    const result = await create(body);
    if (result.data) {
      onBooked(result.data.data);
      return;
    }
    const failure = readApiFailure(result.error);
    const data = ((result.error as { data?: unknown } | undefined)?.data ?? {}) as Partial<RoomTakenDetails> & { amount?: unknown };
    if (failure.code === 'ROOM_NOT_AVAILABLE') {
      const row = rows.find((r) => r.roomId === data.roomId);
      if (row && data.roomNumber) {
        setTaken({ key: row.key, roomNumber: data.roomNumber, roomType: data.roomType ?? '', alternatives: data.alternatives ?? [] });
      } else {
        setProblem(errorText(result.error, t('walkInRooms.failed')));
      }
      void free.refetch();
      return;
    }
    if (failure.code === 'PRICE_CHANGED' && typeof data.amount === 'number') {
      setProblem(t('ratePlan.priceChanged', { amount: formatTaka(data.amount, lng) }));
      setVersion((v) => v + 1);
      return;
    }
    setProblem(errorText(result.error, t('walkInRooms.failed')));
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_23rem]">
      <div className="min-w-0 space-y-6">
        <section className="card p-5 sm:p-6" aria-labelledby="walk-in-stay-title" data-testid="booking-stay">
          <h2 id="walk-in-stay-title" className="font-display text-xl text-brand-800">
            {t('stay.guestTitle')}{' '}
            <span className="font-sans text-base font-normal text-slate-600">({t('stay.nights', { count: nights, n: n(nights) })})</span>
          </h2>
          <p className="mt-2 text-slate-800" data-testid="walk-in-dates">
            {formatLongDate(stay.checkIn, lng)} → {formatLongDate(stay.checkOut, lng)}
          </p>
          <p className="mt-1 text-sm text-slate-600">{t('walkInRooms.datesHint')}</p>
        </section>

        <WalkInRooms
          rows={rows}
          free={free.data?.data ?? []}
          categories={categories.data?.data ?? []}
          stay={stay}
          taken={taken}
          version={version}
          onChange={onRows}
          onPriced={onPriced}
        />

        <form ref={form} id="walk-in-reservation-form" onSubmit={submit} noValidate aria-labelledby="walk-in-guest-title" className="card space-y-4 p-5 sm:p-6">
          <h2 id="walk-in-guest-title" className="font-display text-xl text-brand-800">
            {t('form.guestTitle')}
          </h2>
          <WalkInGuestFields name={guestName} email={guestEmail} errors={fieldErrors} onName={setGuestName} onEmail={setGuestEmail} />
          <StayContactFields
            desk
            phone={phone}
            address={address}
            shuttle={shuttle}
            phoneError={fieldErrors.phone && t(`validation.phone.${fieldErrors.phone}`)}
            onPhone={setPhone}
            onAddress={setAddress}
            onShuttle={setShuttle}
          />
        </form>
      </div>

      <aside className="card p-5 sm:p-6 lg:sticky lg:top-24" aria-labelledby="walk-in-total-title" data-testid="walk-in-summary">
        <h2 id="walk-in-total-title" className="font-display text-xl text-brand-800">
          {t('walkInRooms.summary')}
        </h2>
        <ul className="mt-3 space-y-1 text-sm text-slate-700">
          {rows.map((row, i) => {
            const price = prices[row.key];
            return (
              <li key={row.key} className="flex justify-between gap-3">
                <span>{t('walkInRooms.room', { n: n(i + 1) })}</span>
                <span className="tabular-nums">{price?.ok ? formatTaka(price.amount, lng) : '—'}</span>
              </li>
            );
          })}
        </ul>
        <div className="mt-3 flex justify-between gap-3 border-t border-slate-200 pt-3 text-lg font-semibold text-brand-900">
          <span>{t('walkInRooms.total')}</span>
          <span className="tabular-nums" data-testid="walk-in-total">
            {total !== null ? formatTaka(total, lng) : '—'}
          </span>
        </div>
        <p className="mt-1 text-sm text-slate-600">{t('walkInRooms.taxesIncluded')}</p>
        {problem && (
          <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert" data-testid="walk-in-problem">
            {problem}
          </p>
        )}
        {taken && (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
            {t('walkInRooms.nothingBooked')}
          </p>
        )}
        <button
          type="submit"
          form="walk-in-reservation-form"
          className="btn-primary mt-4 w-full"
          disabled={creating.isLoading || !body || Boolean(taken)}
          data-testid="confirm-reservation"
        >
          {creating.isLoading ? t('confirming') : t('walkInRooms.confirm', { count: rows.length, n: n(rows.length) })}
        </button>
      </aside>
    </div>
  );
}
