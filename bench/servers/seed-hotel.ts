/**
 * A hotel of the size issue 23's figures ask for, written into a running app (PGlite or
 * PostgreSQL) through its API and SQL, as servers/rates.ts does it: 5 room types, each with its
 * Standard plan and a Non-refundable plan derived from it (−10 %), two years of daily rates for
 * all 10 plans, and for every room `bookingsPerRoom` stays of 1 or 2 nights back to back with a
 * free stretch of 2–8 days after every eighth (one in twenty cancelled), from the hotel's tomorrow;
 * under 100 stays a room, a free stretch after each, so that they still span the two years.
 * Used by index-memory.ts (grown step by step) and startup-100k.ts.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { addDays, todayAt } from '../../packages/shared/src/dates.ts';
import { defaultCategory } from '../../packages/shared/src/room-rules.ts';

interface SeededHotel {
  /** Grows each room type to `rooms / 5` rooms (numbers c0001…), the new rooms with their stays. */
  grow(rooms: number): Promise<void>;
}

const ROOMS_A_STATEMENT = 30;

export async function seedHotel(
  app: FastifyInstance,
  options: { bookingsPerRoom: number; bookingNights?: boolean; progress?: (what: string) => void },
): Promise<SeededHotel> {
  const register = async (email: string) =>
    (await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'bench-password', name: 'Bench Person' } })).json()
      .data as { user: { _id: string } };
  const adminUser = await register('bench-admin@residency.local');
  await app.db.execute(sql`update users set role = 'admin' where id = ${adminUser.user._id}`);
  const adminAuth = { authorization: `Bearer ${app.jwt.sign({ sub: adminUser.user._id, role: 'admin' })}` };
  const guest = await register('bench-guest@residency.local');
  const start = addDays(todayAt(app.config.hotel.timeZone), 1);
  let first = true;

  async function rooms(size: number) {
    const base = defaultCategory();
    for (let c = 1; c <= 5; c += 1) {
      const name = `Category ${c}`;
      const numbers = Array.from({ length: size / 5 }, (_, i) => `${c}${String(i + 1).padStart(4, '0')}`);
      const res = await app.inject({
        method: 'PUT',
        url: '/api/room-categories',
        headers: adminAuth,
        payload: {
          ...base,
          name,
          description: 'A room for the benchmark.',
          offerPrice: 4000 + c * 1000,
          beds_and_bedding: { ...base.beds_and_bedding, maximum_adults: 3, maximum_occupancy: 3, maximum_children: 1 },
          room_features: { ...base.room_features, windows: 'City view' },
          roomNumbers: numbers,
        },
      });
      const sync = res.json().data?.sync as { failed?: unknown[]; invalid?: unknown[] } | undefined;
      if (res.statusCode >= 300 || !sync || sync.failed?.length || sync.invalid?.length) throw new Error(`seeding rooms failed: ${res.body.slice(0, 300)}`);
      if (!first) continue;
      const plan = await app.inject({
        method: 'POST',
        url: '/api/rate-plans',
        headers: adminAuth,
        payload: {
          category: name,
          code: 'NRF',
          name: { en: 'Non-refundable', bn: 'ফেরতযোগ্য নয়' },
          parent: 'STD',
          derivePercent: -10,
          cancellationPolicy: { freeHours: null, penalty: 'non_refundable', penaltyPercent: null },
        },
      });
      if (plan.statusCode !== 201) throw new Error(`adding the NRF plan failed: ${plan.body.slice(0, 300)}`);
    }
    // A supplement on one room in three (a view, a floor): 0, 500 or 1,000 Taka a night.
    await app.db.execute(sql`
      update rooms r set supplement = (r.room_number::int % 3) * 500, price = c.offer_price + (r.room_number::int % 3) * 500
      from room_categories c where c.name = r.category and r.supplement = 0 and r.room_number::int % 3 <> 0`);
  }

  async function rateDays() {
    await app.db.execute(sql`
      with days as (select (${start}::date + i) as day, i from generate_series(0, 730) as i),
      std as (select p.id, c.offer_price from rate_plans p join room_categories c on c.id = p.category_id where p.code = 'STD')
      insert into rate_days (plan_id, day, price, extra_adult, extra_child, min_stay, closed_to_arrival)
      select std.id, d.day,
        round(std.offer_price
          * case when extract(dow from d.day) in (5, 6) then 1.15 else 1 end
          * case when d.i between 100 and 107 or d.i between 170 and 177 or d.i between 465 and 472 or d.i between 535 and 542 then 1.40
                 when extract(month from d.day) in (12, 1, 2) then 1.20
                 when extract(month from d.day) in (6, 7, 8) then 0.90
                 else 1 end),
        1500, 800,
        case when d.i between 100 and 107 or d.i between 170 and 177 or d.i between 465 and 472 or d.i between 535 and 542 then 2
             when extract(month from d.day) in (12, 1, 2) and extract(dow from d.day) = 5 then 2 end,
        case when d.i in (99, 169, 464, 534) then true end
      from std cross join days d`);
    await app.db.execute(sql`
      with days as (select (${start}::date + i) as day, i from generate_series(0, 730) as i),
      nrf as (select p.id, c.offer_price from rate_plans p join room_categories c on c.id = p.category_id where p.code = 'NRF')
      insert into rate_days (plan_id, day, price, extra_child, min_stay)
      select nrf.id, d.day,
        case when extract(month from d.day) in (7, 8) then round(nrf.offer_price * 0.75) end,
        600,
        case when d.i between 100 and 107 or d.i between 170 and 177 or d.i between 465 and 472 or d.i between 535 and 542 then 3 end
      from nrf cross join days d`);
  }

  /**
   * The stays of every room that has none yet, 30 rooms a statement (about 10,000 bookings at 333
   * a room): one statement of 100,000 bookings, each firing its triggers, took over 20 minutes.
   */
  async function bookings() {
    const perRoom = options.bookingsPerRoom;
    // Fewer stays a room (a quicker seed): a gap after each, so they still span the two years.
    const spread = Math.max(0, Math.floor(700 / perRoom) - 4);
    const fresh = (
      (await app.db.execute(
        sql`select r.id from rooms r where r.deleted_at is null and not exists (select 1 from bookings b where b.room_id = r.id) order by r.room_number`,
      )) as { rows: { id: string }[] }
    ).rows.map((row) => row.id);
    for (let at = 0; at < fresh.length; at += ROOMS_A_STATEMENT) {
      // An array literal: drizzle would send a JavaScript array as a row of parameters.
      const ids = `{${fresh.slice(at, at + ROOMS_A_STATEMENT).join(',')}}`;
      await app.db.execute(sql`
        with slots as (
          select r.id as room_id, r.category, r.room_number, r.price, k,
            1 + abs(hashtext(r.id::text || ':' || k)) % 2 as nights,
            case when ${perRoom}::int < 100 then ${spread}::int + abs(hashtext(k || ':' || r.id::text)) % 5
                 when k % 8 = 7 then 2 + abs(hashtext(k || ':' || r.id::text)) % 7 else 0 end as gap
          from rooms r cross join generate_series(0, ${perRoom - 1}) as k
          where r.id = any(${ids}::uuid[])
        ), placed as (
          select *, sum(nights + gap) over (partition by room_id order by k) - (nights + gap) as offset_days from slots
        )
        insert into bookings (transaction_id, user_id, room_id, room_category, room_number, check_in, check_out,
          adults, children, phone, nights, per_night_cost, subtotal, without_vat_and_service, service_charge, vat, amount, status)
        select 'BEN-' || room_number || '-' || k, ${guest.user._id}::uuid, room_id, category, room_number,
          ${start}::date + offset_days::int, ${start}::date + offset_days::int + nights,
          2, 0, '01700000000', nights, price, price * nights, price * nights, 0, 0, price * nights,
          case when k % 20 = 0 then 'cancelled'::booking_status else 'active'::booking_status end
        from placed`);
      if (options.bookingNights) {
        // Their nightly lines, as a booking through the API writes them.
        await app.db.execute(sql`
          insert into booking_nights (booking_id, night, plan_code, room_price)
          select b.id, (b.check_in + n)::date, 'STD', b.per_night_cost
          from bookings b cross join lateral generate_series(0, b.nights - 1) as n
          where b.room_id = any(${ids}::uuid[])`);
      }
      // PGlite has no autovacuum: without fresh statistics the triggers' cached plans scan the
      // growing tables (the second 10,000 bookings took 5 times as long as the first).
      await app.db.execute(sql`analyze`);
      options.progress?.(`stays of ${Math.min(at + ROOMS_A_STATEMENT, fresh.length)} of ${fresh.length} rooms`);
    }
    await app.db.execute(sql`vacuum analyze`);
  }

  return {
    async grow(size: number) {
      if (size % 5 !== 0) throw new Error('rooms come in 5 room types: give a multiple of 5');
      await rooms(size);
      if (first) await rateDays();
      first = false;
      await bookings();
    },
  };
}
