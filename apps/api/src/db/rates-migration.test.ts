import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationBed } from '../test/migration-bed.ts';
import { rows } from './client.ts';

/*
 * Migration 0014 (the rate calendar) on a hotel running the version before: no price changes on
 * the day of the migration. Rooms keep their price as the type's offer price + a supplement,
 * every type gets a Standard plan, and existing bookings keep their amounts as nightly lines.
 */

let bed: Awaited<ReturnType<typeof migrationBed>>;
const ROOM = { base: '00000000-0000-4000-8000-000000000101', view: '00000000-0000-4000-8000-000000000108' };

beforeAll(async () => {
  bed = await migrationBed('_rates_migration');
  const { db } = bed;
  await bed.before(14);
  await db.execute(sql`insert into users (id, email, name) values ('00000000-0000-4000-8000-000000000001', 'old.guest@example.com', 'Old Guest')`);
  await db.execute(sql`insert into room_categories (name, offer_price) values ('Deluxe King', 9500), ('Twin', 5500)`);
  // Room 108 was priced above its type (a view), as the demo's 108 and 308 are.
  await db.execute(sql`
    insert into rooms (id, category, room_number, name, price) values
      (${ROOM.base}, 'Deluxe King', '101', 'Deluxe', 9500),
      (${ROOM.view}, 'Deluxe King', '108', 'Deluxe with a view', 10500)`);
  await db.execute(sql`
    insert into bookings (id, transaction_id, user_id, room_id, room_category, room_number, check_in, check_out, adults, phone,
      nights, per_night_cost, subtotal, without_vat_and_service, service_charge, vat, amount)
    values ('00000000-0000-4000-8000-000000000201', 'RSV-OLD00001', '00000000-0000-4000-8000-000000000001', ${ROOM.view}, 'Deluxe King', '108',
      '2026-12-01', '2026-12-04', 2, '01711-000000', 3, 10500, 31500, 31500, 3150, 5197.5, 39847.5)`);
  await bed.after();
});

afterAll(async () => {
  await bed?.close();
});

describe('migration 0014 on a hotel from before it', () => {
  it("keeps every room's price: the type's offer price plus the room's supplement", async () => {
    const found = await rows<{ room_number: string; price: string; supplement: string }>(
      bed.db,
      sql`select room_number, price, supplement from rooms order by room_number`,
    );
    expect(found.map((r) => [r.room_number, Number(r.price), Number(r.supplement)])).toEqual([
      ['101', 9500, 0],
      ['108', 10500, 1000],
    ]);
  });

  it('gives every room type a Standard plan with a Bengali name, and no day set (the offer price)', async () => {
    const plans = await rows<{ name: string; code: string; name_bn: string; active: boolean; online: boolean }>(
      bed.db,
      sql`select c.name, p.code, p.name_bn, p.active, p.online from rate_plans p join room_categories c on c.id = p.category_id order by c.name`,
    );
    expect(plans).toEqual([
      { name: 'Deluxe King', code: 'STD', name_bn: 'সাধারণ রেট', active: true, online: true },
      { name: 'Twin', code: 'STD', name_bn: 'সাধারণ রেট', active: true, online: true },
    ]);
    expect(await rows(bed.db, sql`select 1 from rate_days`)).toEqual([]);
  });

  it('writes an existing booking as its nights at its per-night cost, its amount unchanged', async () => {
    const nights = await rows<{ night: string; plan_code: string; room_price: string }>(
      bed.db,
      sql`select to_char(night, 'YYYY-MM-DD') as night, plan_code, room_price from booking_nights order by night`,
    );
    expect(nights.map((n) => [n.night, n.plan_code, Number(n.room_price)])).toEqual([
      ['2026-12-01', 'STD', 10500],
      ['2026-12-02', 'STD', 10500],
      ['2026-12-03', 'STD', 10500],
    ]);
    const [booking] = await rows<{ amount: string; rate_plan_code: string }>(bed.db, sql`select amount, rate_plan_code from bookings`);
    expect([Number(booking!.amount), booking!.rate_plan_code]).toEqual([39847.5, 'STD']);
  });
});
