/**
 * `npm run restore -- <backup file> --data-dir <dir>` (the embedded database) or
 * `npm run restore -- <backup file> --database-url <url> [--data-dir <dir>]` (PostgreSQL):
 * restores a backup (issue 35) into an empty target, refusing one that holds anything. The key
 * is BACKUP_ENCRYPTION_KEY, as the backup was made with (64 hex digits or base64).
 */
import { parseArgs } from 'node:util';
import { parseSecretKey } from '../config.ts';
import { restoreBackup, RestoreRefused } from '../modules/backups/restore.ts';

const usage = 'Usage: npm run restore -- <backup file> --data-dir <empty dir> | --database-url <empty database> [--data-dir <empty dir>]';
let args;
try {
  args = parseArgs({ allowPositionals: true, options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } } });
} catch {
  console.error(usage);
  process.exit(2);
}
const [file] = args.positionals;
if (!file || (!args.values['data-dir'] && !args.values['database-url'])) {
  console.error(usage);
  process.exit(2);
}
let key: Buffer;
try {
  key = parseSecretKey('BACKUP_ENCRYPTION_KEY', process.env.BACKUP_ENCRYPTION_KEY ?? '');
} catch {
  console.error('BACKUP_ENCRYPTION_KEY must be set to the key the backup was made with (64 hex digits or base64).');
  process.exit(1);
}
try {
  const { manifest, files } = await restoreBackup(file, key, { dataDir: args.values['data-dir'], databaseUrl: args.values['database-url'] });
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  console.log(`Restored the backup of ${manifest.createdAt}: ${rows} rows in ${Object.keys(manifest.counts).length} tables (${manifest.database}), ${files} files; the audit trail ends at record ${manifest.audit.seq}.`);
} catch (error) {
  if (error instanceof RestoreRefused) {
    console.error(`Restore refused: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
