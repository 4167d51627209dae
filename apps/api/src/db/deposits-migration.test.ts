import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationBed } from '../test/migration-bed.ts';
import { rows } from './client.ts';

/*
 * Migration 0018 (deposits) on a hotel running the version before: every plan asks for none,
 * and no stay already sold owes a deposit, paid or not. The same hotel's rate log, written
 * before migration 0027, checks that one too (a database migrated from scratch costs seconds:
 * one is shared).
 */

let bed: Awaited<ReturnType<typeof migrationBed>>;
const GUEST = '00000000-0000-4000-8000-000000000001';
const ROOM = '00000000-0000-4000-8000-000000000101';
const RESERVATION = '00000000-0000-4000-8000-000000000301';

beforeAll(async () => {
  bed = await migrationBed('_deposits_migration');
  const { db } = bed;
  await bed.before(18);
  await db.execute(sql`insert into users (id, email, name) values (${GUEST}, 'old.guest@example.com', 'Old Guest')`);
  await db.execute(sql`insert into room_categories (name, offer_price) values ('Deluxe King', 9500)`);
  await db.execute(sql`insert into rooms (id, category, room_number, name, price) values (${ROOM}, 'Deluxe King', '101', 'Deluxe', 9500)`);
  await db.execute(sql`
    insert into rate_plans (category_id, code, name_en, name_bn, cancel_penalty)
    select id, code, code, code, 'non_refundable'::cancel_penalty from room_categories, (values ('STD'), ('NRF')) as p (code)`);
  await db.execute(sql`insert into reservations (id, reference, user_id) values (${RESERVATION}, 'RSV-OLD00001', ${GUEST})`);
  await db.execute(sql`
    insert into bookings (transaction_id, user_id, room_id, room_category, room_number, check_in, check_out, adults, phone,
      nights, per_night_cost, subtotal, without_vat_and_service, service_charge, vat, amount, reservation_id)
    values ('RSV-OLD00001', ${GUEST}, ${ROOM}, 'Deluxe King', '101', '2027-01-01', '2027-01-03', 2, '01711-000000',
      2, 9500, 19000, 19000, 1900, 3135, 24035, ${RESERVATION})`);
  // The rate log before 0027: listed by time; written here out of that order on purpose.
  await db.execute(sql`
    insert into rate_changes (plan_id, from_day, to_day, change, days, before, after, changed_at)
    select p.id, '2027-01-01', '2027-01-01', jsonb_build_object('price', v.price), 1, '[]', '[]', v.at::timestamptz
    from rate_plans p, (values (9002, '2026-11-02T10:00:00Z'), (9001, '2026-11-01T10:00:00Z'), (9003, '2026-11-03T10:00:00Z')) as v (price, at)
    where p.code = 'STD'`);
  await bed.after();
});

afterAll(async () => {
  await bed?.close();
});

describe('migration 0018 on a hotel from before it', () => {
  it('gives every existing plan no deposit', async () => {
    const plans = await rows<{ code: string; deposit_policy: string; deposit_percent: string | null }>(
      bed.db,
      sql`select code, deposit_policy, deposit_percent from rate_plans order by code`,
    );
    expect(plans).toEqual([
      { code: 'NRF', deposit_policy: 'none', deposit_percent: null },
      { code: 'STD', deposit_policy: 'none', deposit_percent: null },
    ]);
  });

  it('leaves the stays sold owing no deposit, before and after a payment', async () => {
    const owed = () => rows<{ deposit: string; deposit_due: string; deposit_due_at: Date | null }>(bed.db, sql`select deposit, deposit_due, deposit_due_at from bookings`);
    expect((await owed()).map((b) => [Number(b.deposit), Number(b.deposit_due), b.deposit_due_at])).toEqual([[0, 0, null]]);
    await bed.db.execute(sql`insert into payments (reservation_id, amount, method, paid_at) values (${RESERVATION}, 1000, 'cash', now())`);
    expect((await owed()).map((b) => [Number(b.deposit), Number(b.deposit_due)])).toEqual([[0, 0]]);
  });

  it('refuses a percentage plan without its percentage', async () => {
    await expect(bed.db.execute(sql`update rate_plans set deposit_policy = 'percent' where code = 'STD'`)).rejects.toThrow();
  });
});

describe('migration 0027 (the rate log in the order of effect) on a log written before it', () => {
  it('numbers the entries in the order they were listed (by time), and a new entry after them', async () => {
    await bed.db.execute(sql`
      insert into rate_changes (plan_id, from_day, to_day, change, days, before, after)
      select id, '2027-01-01', '2027-01-01', '{"price": 9004}', 1, '[]', '[]' from rate_plans where code = 'STD'`);
    const log = await rows<{ price: number; seq: string }>(bed.db, sql`select (change->>'price')::int as price, seq from rate_changes order by seq`);
    expect(log.map((r) => [r.price, Number(r.seq)])).toEqual([
      [9001, 1],
      [9002, 2],
      [9003, 3],
      [9004, 4],
    ]);
  });
});
