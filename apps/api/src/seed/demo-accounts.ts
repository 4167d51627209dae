import type { Role } from '@residency/shared';
import type { Database } from '../client.ts';
import { users } from '../schema.ts';
import { findActiveUserByEmail } from '../../lib/accounts.ts';
import { hashPassword } from '../../lib/passwords.ts';

/** The demo accounts of the README; created only outside production, never overwritten. */
export const DEMO_ACCOUNTS: { email: string; password: string; name: string; role: Role; phone: string }[] = [
  { email: 'admin@residency.local', password: 'Admin#2026', name: 'Ayesha Rahman', role: 'admin', phone: '+880 1711-000001' },
  { email: 'staff@residency.local', password: 'Staff#2026', name: 'Tanvir Hasan', role: 'staff', phone: '+880 1711-000002' },
  { email: 'user@residency.local', password: 'Guest#2026', name: 'Nusrat Jahan', role: 'user', phone: '+880 1711-000003' },
];

export async function seedDemoAccounts(db: Database): Promise<number> {
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (await findActiveUserByEmail(db, account.email)) continue;
    await db.insert(users).values({
      email: account.email,
      name: account.name,
      role: account.role,
      phone: account.phone,
      passwordHash: await hashPassword(account.password),
    });
    created += 1;
  }
  return created;
}
