/**
 * `npm run create-admin -- <e-mail> "<name>"`: the first admin of a new hotel (production starts
 * without demo accounts), or an existing account made admin. Prints a single-use link, valid for
 * 24 hours, where that person chooses their password. Run it where the server runs, with the
 * same settings (DATA_DIR or DATABASE_URL); on the embedded database, stop the server first.
 */
import { ZEmail, ZPersonName } from '@residency/shared';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { findActiveUserByEmail } from '../lib/accounts.ts';
import { issuePasswordLink } from '../lib/password-links.ts';
import { withServerDatabase } from './with-database.ts';

const LINK_HOURS = 24;

const [emailArg, ...nameParts] = process.argv.slice(2);
const email = ZEmail.safeParse(emailArg ?? '');
const name = ZPersonName.safeParse(nameParts.join(' ') || 'Admin');
if (!email.success || !name.success) {
  console.error('Usage: npm run create-admin -- <e-mail> "<full name>"');
  process.exit(2);
}

await withServerDatabase('create-admin', async (handle, config) => {
  const existing = await findActiveUserByEmail(handle.db, email.data);
  const account = existing
    ? (await handle.db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, existing.id)).returning())[0]!
    : (await handle.db.insert(users).values({ email: email.data, name: name.data, role: 'admin' }).returning())[0]!;
  const link = await issuePasswordLink(handle.db, config, account.id, LINK_HOURS);
  console.log(`${existing ? 'Made admin' : 'Created admin'}: ${account.name} <${account.email}> (${account.membershipNumber}).`);
  console.log(`Send them this link to choose a password (single use, valid ${LINK_HOURS} hours):\n${link}`);
});
