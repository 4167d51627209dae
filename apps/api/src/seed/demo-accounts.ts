import type { Role } from '@residency/shared';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { findActiveUserByEmail } from '../lib/accounts.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';

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

/**
 * Demo accounts that are open and still take their published password: anyone who has read the
 * README can sign in with them. A demo account whose password was changed is left out.
 */
export async function openDemoAccounts(db: Database): Promise<typeof DEMO_ACCOUNTS> {
  const open: typeof DEMO_ACCOUNTS = [];
  for (const account of DEMO_ACCOUNTS) {
    const row = await findActiveUserByEmail(db, account.email);
    if (row && (await verifyPassword(row.passwordHash, account.password))) open.push({ ...account, role: row.role });
  }
  return open;
}

/** The start-up warning about open demo accounts: who they are and how to close them. */
export function demoAccountsWarning(accounts: typeof DEMO_ACCOUNTS): string {
  return [
    `Demo accounts with published passwords are open on this server: ${accounts.map((a) => `${a.email} (${a.role})`).join(', ')}.`,
    'Anyone who has read the README can sign in with them. To turn them off: sign in as an admin, make your own',
    'account an admin on Users, then delete the demo accounts there.',
    'A database started with SEED_DEMO=false (or NODE_ENV=production) never gets them.',
  ].join('\n');
}
