import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DataDirInUseError, lockDataDir, type DataDirLock } from './lib/data-dir-lock.ts';
import { demoAccountsWarning, openDemoAccounts } from './seed/demo-accounts.ts';
import { seedDemoData } from './seed/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

let config: Config;
try {
  // WEB_DIST: another build of the web app (two browser-test runs on one machine, each with its own).
  config = { ...loadConfig(), webDist: path.resolve(process.env.WEB_DIST || path.resolve(here, '../../web/dist')) };
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const started = performance.now();
// The embedded database belongs to one process: a second server on the same directory would
// corrupt it. Taken before the database is opened, released by the OS when this process ends.
let lock: DataDirLock | undefined;
if (!config.databaseUrl) {
  try {
    lock = await lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config);
} catch (error) {
  // A setting that only shows itself once used (an S3 bucket that does not answer).
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
if (config.seedDemo) await seedDemoData(app.dbHandle, app.storage, app.config);

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  await app.close();
  await lock?.release();
});

await app.listen({ port: config.port, host: config.host });
lock?.describe(config.publicUrl);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const where = config.databaseUrl ? 'PostgreSQL server' : `PGlite in ${path.join(config.dataDir, 'pglite')}`;
console.log(`\n${config.hotel.name} is serving on ${config.publicUrl} (ready in ${seconds} s; database: ${where})`);

// Said at every start while they exist, whether or not this start created them.
const demo = await openDemoAccounts(app.db);
if (demo.length > 0) {
  console.log('Demo accounts:');
  for (const a of demo) console.log(`  ${a.role.padEnd(6)} ${a.email.padEnd(24)} ${a.password}`);
  const warning = demoAccountsWarning(demo);
  // Reachable from other machines: this belongs in the operator's log, not only on a terminal.
  if (isLoopback(config.host)) console.log(`\n${warning}`);
  else app.log.warn({ demoAccounts: demo.map((a) => a.email), host: config.host }, warning);
}
// A VAT invoice without the hotel's BIN cannot be claimed by a company guest (issue 22).
if (!config.hotel.bin) {
  app.log.warn('HOTEL_BIN is not set: VAT invoices will say "BIN not set". Set HOTEL_LEGAL_NAME and HOTEL_BIN to issue valid Mushak-6.3 invoices.');
}
if (!config.smtpUrl) console.log(`E-mail is written to ${path.join(config.dataDir, 'mail')} (set SMTP_URL to send it).`);

/** Whether a listen address only accepts connections from this machine. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}
