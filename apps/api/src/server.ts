import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DEMO_ACCOUNTS } from './db/seed/demo-accounts.ts';
import { seedDemoData } from './db/seed/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

let config: Config;
try {
  config = { ...loadConfig(), webDist: path.resolve(here, '../../web/dist') };
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const started = performance.now();
const app = await buildApp(config);
if (config.seedDemo) await seedDemoData(app.db, app.storage, app.config);

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const where = config.databaseUrl ? 'PostgreSQL server' : `PGlite in ${path.join(config.dataDir, 'pglite')}`;
console.log(`\n${config.hotel.name} is serving on ${config.publicUrl} (ready in ${seconds} s; database: ${where})`);
if (config.seedDemo) {
  console.log('Demo accounts:');
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(6)} ${a.email.padEnd(24)} ${a.password}`);
}
if (!config.smtpUrl) console.log(`E-mail is written to ${path.join(config.dataDir, 'mail')} (set SMTP_URL to send it).`);
