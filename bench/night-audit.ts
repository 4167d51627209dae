/**
 * Issue 35's figures for the night audit and backups, on PostgreSQL: a hotel of 300 rooms with
 * 100,000 bookings (servers/seed-hotel.ts, with their nights) and a folio line for each night sold
 * with its service charge and VAT, then
 * - the close of three days in a row (the service's closeDay, as the job and the route run it, with
 *   a clock set to the next morning so the days have ended): target ≤ 2 s each;
 * - one backup (pg_dump on an exported snapshot, the files, gzip, encryption, the restore into a
 *   scratch database that verifies it): target ≤ 60 s.
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/night-audit.ts
 * (NIGHT_AUDIT_BOOKINGS=100000 to change the size).
 */
import { sql } from 'drizzle-orm';
import { addDays, instantAt, todayAt } from '../packages/shared/src/index.ts';
import { takeBackup } from '../apps/api/src/modules/backups/backups.service.ts';
import { closeDay } from '../apps/api/src/modules/night-audit/night-audit.service.ts';
import { benchApps } from './servers/bench-app.ts';
import { seedHotel } from './servers/seed-hotel.ts';

process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
process.env.BENCH_DATABASE_NAME = 'residency_bench_night_audit';
const ROOMS = 300;
const BOOKINGS = Number(process.env.NIGHT_AUDIT_BOOKINGS ?? 100_000);
const CLOSE_BUDGET_MS = 2000;
const BACKUP_BUDGET_MS = 60_000;

const { app } = await benchApps();
await app.ready();
const began = performance.now();
const hotel = await seedHotel(app, { bookingsPerRoom: Math.ceil(BOOKINGS / ROOMS), bookingNights: true });
await hotel.grow(ROOMS);
// Each night sold with its folio lines (room, service charge, VAT), as a booking posts them;
// written round the folio's triggers (their totals are not what is measured here).
await app.db.transaction(async (tx) => {
  await tx.execute(sql`set local session_replication_role = replica`);
  await tx.execute(sql`
    insert into folio_lines (reservation_id, booking_id, kind, service_date, quantity, unit_price, amount, rate)
    select b.reservation_id, b.id, k.kind::folio_line_kind, n.night, 1,
           case k.kind when 'room' then n.room_price when 'service_charge' then round(n.room_price * 0.10, 2) else round(n.room_price * 1.10 * 0.15, 2) end,
           case k.kind when 'room' then n.room_price when 'service_charge' then round(n.room_price * 0.10, 2) else round(n.room_price * 1.10 * 0.15, 2) end,
           case k.kind when 'room' then null when 'service_charge' then 10 else 15 end
      from booking_nights n join bookings b on b.id = n.booking_id
      cross join (values ('room'), ('service_charge'), ('vat')) as k(kind)`);
});
await app.db.execute(sql`analyze`);
const count = async (table: string) => ((await app.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n;
console.log(
  `hotel: ${await count('rooms')} rooms, ${await count('bookings')} bookings, ${await count('booking_nights')} nights, ${await count('folio_lines')} folio lines (seeded in ${((performance.now() - began) / 1000).toFixed(0)} s)`,
);

// Three days in the middle of the stays, closed in order as if each next morning had come.
const timeZone = app.config.hotel.timeZone;
const first = addDays(todayAt(timeZone), 120);
await app.db.execute(sql`insert into app_meta (key, value) values ('night-audit-from', ${first}) on conflict (key) do update set value = excluded.value`);
const deps = { db: app.db, config: app.config, mailer: app.mailer };
const closes: { day: string; ms: number; sold: number; openItems: number }[] = [];
for (let i = 0; i < 3; i += 1) {
  const day = addDays(first, i);
  const t0 = performance.now();
  const closed = await closeDay(deps, day, { note: 'benchmark' }, { id: null, role: 'system' }, instantAt(addDays(day, 1), '03:00', timeZone));
  closes.push({ day, ms: Math.round(performance.now() - t0), sold: closed.figures.roomsSold, openItems: closed.closed?.openItems.length ?? 0 });
}
console.table(closes);

const t0 = performance.now();
const backup = await takeBackup({ handle: app.dbHandle, config: app.config }, 'benchmark');
const backupMs = Math.round(performance.now() - t0);
console.log(`backup ${backup.file}: ${(backup.bytes / 1_048_576).toFixed(1)} MB, verified ${backup.verified}${backup.verifyError ? ` (${backup.verifyError})` : ''}, ${backupMs} ms`);
const worstClose = Math.max(...closes.map((c) => c.ms));
console.log(`night audit close of a day: worst ${worstClose} ms of 3 (target ≤ ${CLOSE_BUDGET_MS} ms); backup ${backupMs} ms (target ≤ ${BACKUP_BUDGET_MS} ms)`);
await app.close();
if (worstClose > CLOSE_BUDGET_MS || backupMs > BACKUP_BUDGET_MS || !backup.verified) process.exitCode = 1;
