/**
 * The server the browser tests talk to: the real app and the built web app, on a fresh PGlite
 * data directory with the demo accounts, mail written to files under that directory.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One data directory per port, so two e2e runs on one machine do not wipe each other's data. */
export const E2E_DATA_DIR = path.join(tmpdir(), `residency-e2e-${process.env.E2E_PORT ?? '3210'}`);
rmSync(E2E_DATA_DIR, { recursive: true, force: true });

Object.assign(process.env, {
  NODE_ENV: 'test',
  PORT: process.env.E2E_PORT ?? '3210',
  HOST: '127.0.0.1',
  DATA_DIR: E2E_DATA_DIR,
  DATABASE_URL: '',
  JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-00',
  SEED_DEMO: 'true',
  RATE_LIMIT_AUTH_MAX: '1000',
  MAIL_POLL_MS: '200',
  LOG_LEVEL: 'warn',
  SMTP_URL: '',
  GOOGLE_CLIENT_ID: '',
  GOOGLE_CLIENT_SECRET: '',
});

await import('../../api/src/server.ts');
