import type { Config } from '../../config.ts';
import type { Storage } from '../../plugins/storage.ts';
import type { Database } from '../client.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoBookings } from './demo-bookings.ts';
import { seedDemoRooms } from './demo-rooms.ts';

/**
 * Demo data for a first run: idempotent, so every start may call it. `config` is the server's:
 * its time zone, VAT and service charge price the stays.
 */
export async function seedDemoData(db: Database, storage: Storage, config: Config): Promise<void> {
  await seedDemoAccounts(db);
  const rooms = await seedDemoRooms(db, storage);
  if (rooms) {
    console.log(
      `Demo rooms: ${rooms.categories} categories, ${rooms.rooms} rooms and ${rooms.images} pictures made in ${(rooms.ms / 1000).toFixed(1)} s (first start only).`,
    );
  }
  // The browser tests (NODE_ENV=test) expect no coupons and every room free.
  if (config.env === 'test') return;
  const stays = await seedDemoBookings(db, config);
  if (stays) {
    console.log(`Demo bookings: ${stays.bookings} stays of ${stays.guests} guests and ${stays.coupons} coupons (first start only).`);
  }
}
