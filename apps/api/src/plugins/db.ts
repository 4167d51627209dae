import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { analyzeChangedTables, STATISTICS_EVERY_MS, statisticsNeedKeeping } from '../db/statistics.ts';
import { repeatPass } from '../lib/repeated-pass.ts';

/** Decorates `app.db`. A handle passed in (tests share one per worker) is not closed with the app. */
export default fp(async function database(app: FastifyInstance, options: { handle?: DatabaseHandle }) {
  const handle =
    options.handle ?? (await openDatabase({
      databaseUrl: app.config.databaseUrl,
      dataDir: app.config.dataDir,
      poolMax: app.config.databasePoolMax,
      onConnectionError: (err) => app.log.warn({ err }, 'a pooled database connection failed; it will be replaced'),
    }));
  app.decorate('db', handle.db);
  app.decorate('dbHandle', handle);
  if (!options.handle) {
    app.addHook('onClose', async () => handle.close());
    // Where no autovacuum runs, the changed tables are analyzed every minute (db/statistics.ts).
    // Registered after the close above, so its stop runs first: Fastify runs onClose hooks last
    // registered first, and the pass under way is waited for before the database closes.
    if (await statisticsNeedKeeping(handle)) {
      repeatPass(app, 'analyzing the changed tables', () => analyzeChangedTables(handle.db), { everyMs: STATISTICS_EVERY_MS });
    }
  }
});
