import type { TDayFigures, TOpenItem } from '@residency/shared';
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.ts';

/*
 * What a day left open and what it brought, read from the stays, folios and money (issue 35).
 * A day is [its midnight, the next) at the hotel's clock; money counts on the day it moved.
 */

const num = (v: unknown) => Number(v ?? 0);

/** The first day the night audit closes (days before it were never closed); written on first use. */
export async function nightAuditStart(db: Executor, today: string): Promise<string> {
  const [row] = await rows<{ value: string }>(
    db,
    sql`insert into app_meta (key, value) values ('night-audit-from', ${today}) on conflict (key) do update set value = app_meta.value returning value`,
  );
  return row!.value;
}

export interface ClosedDayRow {
  day: string;
  closed_at: Date;
  closed_by: string | null;
  closed_by_role: string;
  closer_name: string | null;
  note: string | null;
  open_items: TOpenItem[];
  figures: TDayFigures;
  audit_seq: string;
  audit_hash: string;
}

export async function closedDay(db: Executor, day: string): Promise<ClosedDayRow | undefined> {
  const [row] = await rows<ClosedDayRow>(
    db,
    sql`select d.day::text as day, d.closed_at, d.closed_by, d.closed_by_role, u.name as closer_name, d.note, d.open_items, d.figures, d.audit_seq, d.audit_hash
          from business_days d left join users u on u.id = d.closed_by where d.day = ${day}::date`,
  );
  return row ? { ...row, closed_at: new Date(row.closed_at) } : undefined;
}

/** The last closed day, or null. */
export async function lastClosedDay(db: Executor): Promise<string | null> {
  const [row] = await rows<{ day: string | null }>(db, sql`select closed_through()::text as day`);
  return row?.day ?? null;
}

/** Closed days' figures in [from, to], by day (the reports read these). */
export async function closedFigures(db: Executor, from: string, to: string): Promise<Map<string, TDayFigures>> {
  const found = await rows<{ day: string; figures: TDayFigures }>(db, sql`select day::text as day, figures from business_days where day between ${from}::date and ${to}::date`);
  return new Map(found.map((r) => [r.day, r.figures]));
}

/** Inserts the closed day; false when another process closed it first (nothing written). */
export async function insertClosedDay(
  db: Executor,
  values: { day: string; closedBy: string | null; role: string; note: string | null; openItems: TOpenItem[]; figures: TDayFigures; audit: { seq: number; hash: string } },
): Promise<boolean> {
  const inserted = await rows<{ day: string }>(
    db,
    sql`insert into business_days (day, closed_by, closed_by_role, note, open_items, figures, audit_seq, audit_hash)
        values (${values.day}::date, ${values.closedBy}, ${values.role}, ${values.note}, ${JSON.stringify(values.openItems)}::jsonb, ${JSON.stringify(values.figures)}::jsonb, ${values.audit.seq}, ${values.audit.hash})
        on conflict (day) do nothing returning day::text as day`,
  );
  return inserted.length === 1;
}

/**
 * What the day left open: arrivals not checked in, departures not checked out, rooms occupied
 * with a balance due, online payments held for review, channel conflicts not resolved, and
 * rooms in the house without complete registration cards.
 */
export async function openItemsOf(db: Executor, day: string): Promise<TOpenItem[]> {
  const found = await rows<{ kind: TOpenItem['kind']; id: string; reservation_id: string | null; reference: string | null; room_number: string | null; guest_name: string | null; amount: string | null }>(
    db,
    sql`select * from (
          select 'arrival' as kind, b.id::text as id, b.reservation_id::text as reservation_id, r.reference, b.room_number, u.name as guest_name, null::numeric as amount, 1 as o
            from bookings b join reservations r on r.id = b.reservation_id join users u on u.id = b.user_id
           where b.check_in = ${day}::date and b.status = 'active' and b.stage = 'booked'
          union all
          select 'departure', b.id::text, b.reservation_id::text, r.reference, b.room_number, u.name, null, 2
            from bookings b join reservations r on r.id = b.reservation_id join users u on u.id = b.user_id
           where b.check_out <= ${day}::date and b.status = 'active' and b.stage = 'checked_in'
          union all
          select 'balance-due', b.id::text, b.reservation_id::text, r.reference, b.room_number, u.name, r.charged - r.paid + r.refunded, 3
            from bookings b join reservations r on r.id = b.reservation_id join users u on u.id = b.user_id
           where b.stage = 'checked_in' and b.status = 'active' and b.check_in <= ${day}::date
             and r.charged - r.paid + r.refunded > 0 and r.city_ledger_at is null
          union all
          select 'payment-review', s.id::text, s.reservation_id::text, r.reference, null, u.name, s.amount, 4
            from online_payment_sessions s join reservations r on r.id = s.reservation_id join users u on u.id = r.user_id
           where s.status = 'review'
          union all
          select 'channel-conflict', c.id::text, null, null, rm.room_number, null, null, 5
            from channel_conflicts c join rooms rm on rm.id = c.room_id
           where c.resolved_at is null
          union all
          select 'registration', b.id::text, b.reservation_id::text, r.reference, b.room_number, u.name, null, 6
            from bookings b join reservations r on r.id = b.reservation_id join users u on u.id = b.user_id
           where b.stage = 'checked_in' and b.status = 'active' and b.check_in <= ${day}::date and b.registration_complete_at is null
        ) items order by o, room_number nulls last, id`,
  );
  return found.map((r) => ({
    kind: r.kind,
    id: r.id,
    reservationId: r.reservation_id,
    reference: r.reference,
    roomNumber: r.room_number,
    guestName: r.guest_name,
    amount: r.amount === null ? null : num(r.amount),
  }));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The day's figures, as the close freezes them. One round trip of a few aggregates, each on an index. */
export async function figuresOf(db: Executor, day: string, timeZone: string): Promise<TDayFigures> {
  const start = sql`(${day}::date)::timestamp at time zone ${timeZone}`;
  const end = sql`(${day}::date + 1)::timestamp at time zone ${timeZone}`;
  const [f] = await rows<Record<string, string | null>>(
    db,
    sql`select
          -- As the dashboard counts them: rooms that existed that day, less those under maintenance.
          (select count(*) from rooms where created_at < ${end} and (deleted_at is null or deleted_at >= ${end}))
            - (select count(distinct m.room_id) from room_status_changes m
                where m.status = 'maintenance' and m.changed_at < ${end} and (m.ended_at is null or (m.ended_at at time zone ${timeZone})::date > ${day}::date)) as rooms_available,
          -- Rooms sold and their revenue as the dashboard's daily totals count them (migration 0015:
          -- each night at its price less the coupon's share, nights before an early check-out only),
          -- so a closed day reads the same on the dashboard before and after the close.
          s.rooms_sold, s.room_revenue,
          (select count(*) from room_blocks rb
            where rb.source = 'channel' and rb.released_at is null and rb.booking_id is null
              and rb.check_in <= ${day}::date and rb.check_out > ${day}::date) as channel_nights,
          l.folio_revenue - s.room_revenue as other_revenue, l.service_charge, l.vat,
          (select count(*) from bookings where check_in = ${day}::date and status = 'active') as arrivals,
          (select count(*) from bookings where check_out = ${day}::date and status = 'active') as departures,
          (select count(*) from bookings where status = 'no_show' and check_in = ${day}::date) as no_shows,
          (select count(*) from bookings where cancelled_at >= ${start} and cancelled_at < ${end}) as cancellations,
          (select coalesce(sum(p.amount), 0) from payments p
             where p.kind = 'payment' and p.paid_at >= ${start} and p.paid_at < ${end}
               and (select min(b.check_in) from bookings b where b.reservation_id = p.reservation_id) > ${day}::date) as deposits,
          (select count(*) from reservations where city_ledger_at >= ${start} and city_ledger_at < ${end}) as city_ledger_count,
          (select coalesce(sum(charged - paid + refunded), 0) from reservations where city_ledger_at >= ${start} and city_ledger_at < ${end}) as city_ledger_amount
        from (select coalesce(sum(amount) filter (where kind not in ('service_charge', 'vat')), 0) as folio_revenue,
                     coalesce(sum(amount) filter (where kind = 'service_charge'), 0) as service_charge,
                     coalesce(sum(amount) filter (where kind = 'vat'), 0) as vat
                from folio_lines where service_date = ${day}::date) l,
             (select count(*) as rooms_sold, coalesce(sum(n.room_price * revenue_ratio(b.without_vat_and_service, b.subtotal)), 0) as room_revenue
                from booking_nights n join bookings b on b.id = n.booking_id
               where n.night = ${day}::date and n.night < b.check_out and b.status = 'active') s`,
  );
  const money = await rows<{ staff_id: string | null; name: string | null; method: string; received: string; refunded: string; count: number; refunds: number }>(
    db,
    sql`select p.recorded_by::text as staff_id, coalesce(u.name, p.gateway::text) as name, p.method::text as method,
               coalesce(sum(p.amount) filter (where p.kind = 'payment'), 0) as received,
               coalesce(sum(p.amount) filter (where p.kind = 'refund'), 0) as refunded,
               count(*)::int as count,
               (count(*) filter (where p.kind = 'refund'))::int as refunds
          from payments p left join users u on u.id = p.recorded_by
         where p.paid_at >= ${start} and p.paid_at < ${end}
         group by p.recorded_by, u.name, p.gateway, p.method
         order by name nulls last, method`,
  );
  const refundCount = money.reduce((s, m) => s + m.refunds, 0);
  const byStaff = money.map((m) => ({ staffId: m.staff_id, name: m.name, method: m.method, received: num(m.received), refunded: num(m.refunded), count: m.count }));
  const methods = new Map<string, { method: string; received: number; refunded: number }>();
  for (const m of byStaff) {
    const entry = methods.get(m.method) ?? { method: m.method, received: 0, refunded: 0 };
    entry.received = round2(entry.received + m.received);
    entry.refunded = round2(entry.refunded + m.refunded);
    methods.set(m.method, entry);
  }
  const received = round2(byStaff.reduce((s, m) => s + m.received, 0));
  const refunded = round2(byStaff.reduce((s, m) => s + m.refunded, 0));
  const cash = methods.get('cash');
  const roomsAvailable = num(f!.rooms_available);
  const roomsSold = num(f!.rooms_sold);
  const channelNights = num(f!.channel_nights);
  const roomRevenue = round2(num(f!.room_revenue));
  return {
    roomsAvailable,
    roomsSold,
    channelNights,
    occupancy: roomsAvailable ? Math.round(((roomsSold + channelNights) / roomsAvailable) * 10_000) / 10_000 : 0,
    adr: roomsSold ? round2(roomRevenue / roomsSold) : 0,
    revpar: roomsAvailable ? round2(roomRevenue / roomsAvailable) : 0,
    roomRevenue,
    otherRevenue: round2(num(f!.other_revenue)),
    serviceCharge: round2(num(f!.service_charge)),
    vat: round2(num(f!.vat)),
    arrivals: num(f!.arrivals),
    departures: num(f!.departures),
    noShows: num(f!.no_shows),
    cancellations: num(f!.cancellations),
    payments: { received, refunded, byMethod: [...methods.values()], byStaff },
    cash: cash ? round2(cash.received - cash.refunded) : 0,
    deposits: round2(num(f!.deposits)),
    refunds: { count: refundCount, amount: refunded },
    cityLedger: { count: num(f!.city_ledger_count), amount: round2(num(f!.city_ledger_amount)) },
  };
}
