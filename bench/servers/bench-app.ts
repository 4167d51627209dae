import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { freshDatabase } from './fresh-database.ts';

/**
 * The real app (PGlite in a temporary directory, or a fresh database on the server in
 * BENCH_DATABASE_URL) and a bare Fastify route, for a benchmark's child process.
 */
export async function benchApps(): Promise<{ app: FastifyInstance; bare: FastifyInstance }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'residency-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    // A benchmark may name a database of its own (BENCH_DATABASE_NAME), so runs of two benchmarks never drop each other's.
    DATABASE_URL: process.env.BENCH_DATABASE_URL ? await freshDatabase(process.env.BENCH_DATABASE_URL, process.env.BENCH_DATABASE_NAME || undefined) : '',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // No night audit (and its backup) closing yesterday while a benchmark measures.
    NIGHT_AUDIT_POLL_MS: '0',
    RATE_LIMIT_AUTH_MAX: '100000',
    // The load comes from a few accounts: per-account limits would measure themselves.
    RATE_LIMIT_BOOKING_MAX: '100000000',
    RATE_LIMIT_UPLOAD_MAX: '100000000',
    // A benchmark booking further ahead than the default horizon (BOOKING_HORIZON_DAYS) sets its own.
    ...(process.env.BOOKING_HORIZON_DAYS ? { BOOKING_HORIZON_DAYS: process.env.BOOKING_HORIZON_DAYS } : {}),
    // The server default unless a run sets it, to compare cache bounds (issue 36).
    ...(process.env.SEARCH_CACHE_MB ? { SEARCH_CACHE_MB: process.env.SEARCH_CACHE_MB } : {}),
    // The server default unless a run sets it, to compare pool sizes.
    ...(process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX } : {}),
  });
  const app = await buildApp(config, { logger: false });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ success: true, data: { hello: 'world' } }));
  // A bare route answering a fixed body of a search's answer size (issue 36): the ceiling for
  // those bytes. The parent sets the size once it has seen the search's answers (bench/lib.ts fixedBody).
  let body = Buffer.from('{}');
  bare.post('/body-size', async (request) => {
    const size = Number((request.body as { bytes: number }).bytes);
    body = Buffer.from(`{"success":true,"data":"${'x'.repeat(Math.max(0, size - 28))}"}`);
    return { bytes: body.length };
  });
  bare.get('/fixed', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  return { app, bare };
}

/** Listens on free ports and tells the parent where, as one JSON line on stdout. */
export async function announce(app: FastifyInstance, bare: FastifyInstance, extra: Record<string, unknown> = {}) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (s: FastifyInstance) => (s.server.address() as { port: number }).port;
  process.stdout.write(`${JSON.stringify({ app: port(app), bare: port(bare), ...extra })}\n`);
}
