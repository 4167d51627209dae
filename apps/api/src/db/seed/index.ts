import type { Storage } from '../../plugins/storage.ts';
import type { Database } from '../client.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoRooms } from './demo-rooms.ts';

/** Demo data for a first run: idempotent, so every start may call it. */
export async function seedDemoData(db: Database, storage: Storage): Promise<void> {
  await seedDemoAccounts(db);
  const rooms = await seedDemoRooms(db, storage);
  if (rooms) {
    console.log(
      `Demo rooms: ${rooms.categories} categories, ${rooms.rooms} rooms and ${rooms.images} pictures made in ${(rooms.ms / 1000).toFixed(1)} s (first start only).`,
    );
  }
}
