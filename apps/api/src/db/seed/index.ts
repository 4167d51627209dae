import type { Database } from '../client.ts';
import { seedDemoAccounts } from './demo-accounts.ts';

/** Demo data for a first run: idempotent, so every start may call it. */
export async function seedDemoData(db: Database): Promise<void> {
  await seedDemoAccounts(db);
}
