/**
 * The server the browser tests talk to: the real app and the built web app on a PGlite data
 * directory, mail written to files under that directory. Started by the harness (support/servers.ts):
 * once to seed the demo data into a template directory, then once per Playwright worker on a
 * copy of that directory and a port of its own.
 *
 * E2E_PORT and E2E_DATA_DIR say where; everything else is fixed here.
 */
Object.assign(process.env, {
  NODE_ENV: 'test',
  PORT: process.env.E2E_PORT ?? '3210',
  HOST: '127.0.0.1',
  // The address the browser uses: the sandbox gateway (served by this server) sends the guest back to it (issue 33).
  PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3210'}`,
  // Rooms held 15 s while a guest pays, and the payment job twice a second: a test sees a hold end
  // (a payment that comes later still books its rooms again when they are free).
  PAYMENT_HOLD_MINUTES: '0.25',
  PAYMENT_POLL_MS: '500',
  DATA_DIR: process.env.E2E_DATA_DIR,
  DATABASE_URL: '',
  JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-00',
  SEED_DEMO: 'true',
  RATE_LIMIT_AUTH_MAX: '1000',
  MAIL_POLL_MS: '200',
  // Each spec books nights of its own up to ~15 years ahead (testDayOffset).
  BOOKING_HORIZON_DAYS: '7000',
  LOG_LEVEL: 'warn',
  SMTP_URL: '',
  GOOGLE_CLIENT_ID: '',
  GOOGLE_CLIENT_SECRET: '',
  // Days close only when a test closes them (the night audit's spec), and the owner's report goes to a file.
  NIGHT_AUDIT_POLL_MS: '0',
  OWNER_EMAIL: 'owner@residency.test',
});

if (!process.env.DATA_DIR) throw new Error('E2E_DATA_DIR is not set: start this through apps/web/e2e/support/servers.ts');

await import('../../api/src/server.ts');

export {};
