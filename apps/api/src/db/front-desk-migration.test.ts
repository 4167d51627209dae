import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationBed } from '../test/migration-bed.ts';
import { rows, type Database } from './client.ts';

/*
 * Migration 0008 on a database that has bookings from before it: the schema of 0007 with
 * stays written the old way (a bare 'Paid' flag, no payments, no stage), then 0008 applied as
 * a start of the new version would. PGlite, or a database of its own on TEST_DATABASE_URL.
 */

const BEFORE = 8;
let db: Database;
let bed: Awaited<ReturnType<typeof migrationBed>>;

beforeAll(async () => {
  bed = await migrationBed('_migration');
  db = bed.db;
  await bed.before(BEFORE);

  // The data of a hotel running the version before: a guest, a room, four stays.
  await db.execute(sql`insert into users (id, email, name) values ('00000000-0000-4000-8000-000000000001', 'old.guest@example.com', 'Old Guest')`);
  await db.execute(sql`
    insert into rooms (id, category, room_number, name, status, price, updated_at)
    values ('00000000-0000-4000-8000-000000000010', 'Deluxe King', '101', 'Deluxe', 'maintenance', 7500, '2025-06-01T08:00:00Z')`);
  const stay = (id: string, checkIn: string, checkOut: string, extra: ReturnType<typeof sql>) =>
    db.execute(sql`
      insert into bookings (id, transaction_id, user_id, room_id, room_category, room_number, check_in, check_out, adults, phone,
        nights, per_night_cost, subtotal, without_vat_and_service, service_charge, vat, amount, payment_status, is_confirmed, status,
        paid_at, updated_at)
      select ${id}::uuid, 'RSV-' || upper(substr(md5(${id}), 1, 8)), '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000010',
        'Deluxe King', '101', ${checkIn}::date, ${checkOut}::date, 2, '01700000000', 2, 7500, 15000, 15000, 1500, 2475, x.amount,
        x.payment_status::payment_status, true, x.status::booking_status, x.paid_at, x.updated_at
      from (${extra}) as x (amount, payment_status, status, paid_at, updated_at)`);
  // Paid, with the time it was marked paid.
  await stay('00000000-0000-4000-8000-000000000101', '2025-05-01', '2025-05-03', sql`select 18975::numeric, 'Paid', 'active', '2025-05-01T06:30:00Z'::timestamptz, '2025-05-02T00:00:00Z'::timestamptz`);
  // Paid, from before the time was kept: its last change stands in.
  await stay('00000000-0000-4000-8000-000000000102', '2025-05-10', '2025-05-12', sql`select 18975::numeric, 'Paid', 'active', null::timestamptz, '2025-05-09T10:00:00Z'::timestamptz`);
  // Not paid.
  await stay('00000000-0000-4000-8000-000000000103', '2025-05-20', '2025-05-22', sql`select 18975::numeric, 'Pending', 'active', null::timestamptz, '2025-05-19T10:00:00Z'::timestamptz`);
  // Paid, then cancelled.
  await stay('00000000-0000-4000-8000-000000000104', '2025-05-25', '2025-05-27', sql`select 18975::numeric, 'Paid', 'cancelled', '2025-05-20T10:00:00Z'::timestamptz, '2025-05-21T10:00:00Z'::timestamptz`);

  // As the versions up to 0016 ran it: 0017 moved payments to reservations (folio-migration.test.ts).
  await bed.before(17);
}, 60_000);
afterAll(async () => {
  await bed?.close();
});

describe('migration 0008 on bookings from before it', () => {
  it('carries each Paid booking over as one cash payment of its amount, noted, at the time it was paid', async () => {
    const payments = await rows<{ booking_id: string; amount: string; method: string; paid_at: Date | string; recorded_by: string | null; note: string }>(
      db,
      sql`select booking_id, amount::text, method, paid_at, recorded_by, note from payments order by booking_id`,
    );
    expect(payments.map((p) => ({ ...p, paid_at: new Date(p.paid_at).toISOString() }))).toEqual([
      { booking_id: '00000000-0000-4000-8000-000000000101', amount: '18975.00', method: 'cash', paid_at: '2025-05-01T06:30:00.000Z', recorded_by: null, note: 'carried over' },
      { booking_id: '00000000-0000-4000-8000-000000000102', amount: '18975.00', method: 'cash', paid_at: '2025-05-09T10:00:00.000Z', recorded_by: null, note: 'carried over' },
      { booking_id: '00000000-0000-4000-8000-000000000104', amount: '18975.00', method: 'cash', paid_at: '2025-05-20T10:00:00.000Z', recorded_by: null, note: 'carried over' },
    ]);
  });

  it('keeps every booking, its payment status and history, and puts each at the booked stage', async () => {
    const bookings = await rows<{ id: string; payment_status: string; paid_amount: string; stage: string; status: string; check_out: string; booked_check_out: string | null; updated_at: Date | string }>(
      db,
      sql`select id, payment_status, paid_amount::text, stage, status, check_out::text, booked_check_out::text, updated_at from bookings order by id`,
    );
    expect(bookings.map((b) => ({ ...b, updated_at: new Date(b.updated_at).toISOString() }))).toEqual([
      { id: '00000000-0000-4000-8000-000000000101', payment_status: 'Paid', paid_amount: '18975.00', stage: 'booked', status: 'active', check_out: '2025-05-03', booked_check_out: null, updated_at: '2025-05-02T00:00:00.000Z' },
      { id: '00000000-0000-4000-8000-000000000102', payment_status: 'Paid', paid_amount: '18975.00', stage: 'booked', status: 'active', check_out: '2025-05-12', booked_check_out: null, updated_at: '2025-05-09T10:00:00.000Z' },
      { id: '00000000-0000-4000-8000-000000000103', payment_status: 'Pending', paid_amount: '0.00', stage: 'booked', status: 'active', check_out: '2025-05-22', booked_check_out: null, updated_at: '2025-05-19T10:00:00.000Z' },
      { id: '00000000-0000-4000-8000-000000000104', payment_status: 'Paid', paid_amount: '18975.00', stage: 'booked', status: 'cancelled', check_out: '2025-05-27', booked_check_out: null, updated_at: '2025-05-21T10:00:00.000Z' },
    ]);
  });

  it("starts each room's status history with its status today, since its last change", async () => {
    const history = await rows<{ status: string; changed_at: Date | string; ended_at: Date | null }>(
      db,
      sql`select status, changed_at, ended_at from room_status_changes`,
    );
    expect(history.map((h) => ({ ...h, changed_at: new Date(h.changed_at).toISOString() }))).toEqual([
      { status: 'maintenance', changed_at: '2025-06-01T08:00:00.000Z', ended_at: null },
    ]);
  });

  it('builds the daily totals from the stays and payments already there (cancelled ones left out)', async () => {
    const totals = await rows<{ day: string; arrivals: number; departures: number; received: string }>(
      db,
      // The days with arrivals, departures or money (revenue has a row on every night sold since 0015).
      sql`select day::text, arrivals, departures, round(received, 2)::text as received from daily_totals
          where arrivals <> 0 or departures <> 0 or received <> 0 order by day`,
    );
    expect(totals).toEqual([
      // Stay 101 arrives May 1 and its payment (12:30 in Dhaka) is received that day.
      { day: '2025-05-01', arrivals: 1, departures: 0, received: '18975.00' },
      { day: '2025-05-03', arrivals: 0, departures: 1, received: '0.00' },
      // 10:00 UTC is 16:00 in Dhaka: still May 9.
      { day: '2025-05-09', arrivals: 0, departures: 0, received: '18975.00' },
      { day: '2025-05-10', arrivals: 1, departures: 0, received: '0.00' },
      { day: '2025-05-12', arrivals: 0, departures: 1, received: '0.00' },
      { day: '2025-05-20', arrivals: 1, departures: 0, received: '0.00' },
      { day: '2025-05-22', arrivals: 0, departures: 1, received: '0.00' },
    ]);
  });

  it('records from now on the payments of every path in the booking totals', async () => {
    await db.execute(sql`insert into payments (booking_id, amount, method) values ('00000000-0000-4000-8000-000000000103', 5000, 'card')`);
    const [partly] = await rows<{ paid_amount: string; payment_status: string }>(
      db,
      sql`select paid_amount::text, payment_status from bookings where id = '00000000-0000-4000-8000-000000000103'`,
    );
    expect(partly).toEqual({ paid_amount: '5000.00', payment_status: 'Pending' });
    await db.execute(sql`insert into payments (booking_id, amount, method) values ('00000000-0000-4000-8000-000000000103', 13975, 'cash')`);
    const [paid] = await rows<{ paid_amount: string; payment_status: string }>(
      db,
      sql`select paid_amount::text, payment_status from bookings where id = '00000000-0000-4000-8000-000000000103'`,
    );
    expect(paid).toEqual({ paid_amount: '18975.00', payment_status: 'Paid' });
  });
});
