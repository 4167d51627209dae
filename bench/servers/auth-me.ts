/**
 * Child process of bench/api-me.ts: the real app (PGlite in a temporary directory, or the
 * server in BENCH_DATABASE_URL) and a bare Fastify route, on two ports of this one process.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { freshDatabase } from './fresh-database.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'residency-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ? await freshDatabase(process.env.BENCH_DATABASE_URL) : '',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
});
const app = await buildApp(config, { logger: false });
const email = `bench-${Date.now()}@residency.local`;
const res = await app.inject({
  method: 'POST',
  url: '/api/auth/register',
  payload: { email, password: 'bench-password', name: 'Bench Guest' },
});
const token = res.json().data.token as string;
await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ success: true, data: { hello: 'world' } }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
process.stdout.write(`${JSON.stringify({ app: port(app), bare: port(bare), token })}\n`);
