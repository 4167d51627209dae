import { addDays, todayAt } from '@residency/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { appMeta, roomCategories, rooms, users } from '../db/schema.ts';
import type { Storage } from '../plugins/storage.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { NIGHT_AUDIT_ARRIVAL, seedDemoBookings } from './demo-bookings.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoEvents } from './demo-events.ts';
import { seedDemoRooms, type DemoRoomsOptions } from './demo-rooms.ts';

const KEY = 'demo-seed';
/** A claim older than this was left by a start that died (on a server other processes may share). */
const ABANDONED_AFTER = '5 minutes';

export type SeedOutcome = 'seeded' | 'not-empty' | 'already-seeded' | 'another-process';

/**
 * Demo data, only ever into a new, empty database: a hotel that deleted the demo admin must
 * never see it come back on the next start. The claim is recorded in `app_meta` before seeding
 * and marked done after, so a first start cut off half-way finishes on the next start (the
 * seed steps are idempotent). `config` prices the demo stays (time zone, VAT, service charge).
 */
export async function seedDemoData(
  handle: DatabaseHandle,
  storage: Storage,
  config: Config,
  options: DemoRoomsOptions = {},
): Promise<SeedOutcome> {
  const { db } = handle;
  const [state] = await db.select().from(appMeta).where(eq(appMeta.key, KEY));
  if (state?.value === 'done') return 'already-seeded';
  if (!state) {
    if (!(await isEmpty(handle))) return 'not-empty';
    const claimed = await db.insert(appMeta).values({ key: KEY, value: 'started' }).onConflictDoNothing().returning();
    if (claimed.length === 0) return 'another-process';
  } else {
    // A start that claimed the seed and never finished. PGlite has one process by construction
    // (the data directory lock); on a server, another process may still be at it.
    const resumed = await db
      .update(appMeta)
      .set({ updatedAt: new Date() })
      .where(
        handle.kind === 'pglite'
          ? eq(appMeta.key, KEY)
          : sql`${appMeta.key} = ${KEY} and ${appMeta.updatedAt} < now() - ${ABANDONED_AFTER}::interval`,
      )
      .returning();
    if (resumed.length === 0) return 'another-process';
  }

  await seedDemoAccounts(db);
  const made = await seedDemoRooms(db, storage, options);
  if (made) {
    console.log(
      `Demo rooms: ${made.categories} categories, ${made.rooms} rooms and ${made.images} pictures made in ${(made.ms / 1000).toFixed(1)} s (first start only).`,
    );
  }
  // The browser tests (NODE_ENV=test) expect no coupons and every room free from today: their
  // only stay is yesterday's arrival who never came, for the night audit's test.
  const stays = config.env === 'test' ? await seedDemoBookings(db, config, new Date(), { bookings: [NIGHT_AUDIT_ARRIVAL], coupons: [] }) : await seedDemoBookings(db, config);
  if (stays && config.env !== 'test') {
    console.log(`Demo bookings: ${stays.bookings} stays of ${stays.guests} guests and ${stays.coupons} coupons (first start only).`);
  }
  // The night audit began yesterday: the demo has a day to close (at the closing hour, or by hand).
  await db.execute(sql`insert into app_meta (key, value) values ('night-audit-from', ${addDays(todayAt(config.hotel.timeZone), -1)}) on conflict (key) do nothing`);
  // After the stays: the demo guest's service requests are for their current stay.
  const events = await seedDemoEvents(db, storage, config, { scale: options.scale });
  if (events) {
    console.log(`Demo events: ${events.halls} halls, ${events.requests} event requests and ${events.services} service requests (first start only).`);
  }
  // After the rooms and halls: the gallery and the posts show their pictures again.
  const content = await seedDemoContent(db, storage, { scale: options.scale, concurrency: options.concurrency });
  if (content) {
    console.log(
      `Demo content: ${content.slides} hero slides, ${content.posts} blog posts and ${content.gallery} gallery pictures (${content.drawn} drawn) in ${(content.ms / 1000).toFixed(1)} s (first start only).`,
    );
  }
  await db.update(appMeta).set({ value: 'done', updatedAt: new Date() }).where(eq(appMeta.key, KEY));
  return 'seeded';
}

/** No accounts, categories or rooms: a database nobody has used yet. */
async function isEmpty({ db }: DatabaseHandle): Promise<boolean> {
  const [[u], [c], [r]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(roomCategories),
    db.select({ n: count() }).from(rooms),
  ]);
  return (u?.n ?? 0) + (c?.n ?? 0) + (r?.n ?? 0) === 0;
}
