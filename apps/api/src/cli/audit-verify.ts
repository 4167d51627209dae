/**
 * `npm run audit:verify`: walks the audit trail's hash chain (issue 35) and names the first record
 * changed, removed or added in the database since it was written. Exit code 0: intact; 1: broken
 * (or the database could not be opened). Run it where the server runs, with the same settings
 * (DATA_DIR or DATABASE_URL); on the embedded database, stop the server first, or press "Check
 * the chain" on the admin's audit screen, which runs the same walk.
 */
import { verifyChain } from '../modules/audit/audit.repository.ts';
import { withServerDatabase } from './with-database.ts';

await withServerDatabase('audit-verify', async (handle) => {
  const result = await verifyChain(handle.db);
  if (result.ok) {
    console.log(`The audit trail is intact: ${result.checked} records checked; the last is ${result.head.seq}, hash ${result.head.hash || '(none yet)'}.`);
  } else {
    console.error(`The audit trail is broken at record ${result.firstBroken!.seq}: ${result.firstBroken!.reason}`);
    console.error(`${result.checked} records before it matched.`);
    process.exitCode = 1;
  }
});
