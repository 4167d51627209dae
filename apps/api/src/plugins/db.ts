import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { analyzeChangedTables, STATISTICS_EVERY_MS, statisticsNeedKeeping } from '../db/statistics.ts';

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
    const stopStatistics = await keepStatistics(app, handle);
    app.addHook('onClose', async () => {
      await stopStatistics();
      await handle.close();
    });
  }
});

/** Analyzes the tables that changed, every STATISTICS_EVERY_MS, where no autovacuum does (db/statistics.ts). */
async function keepStatistics(app: FastifyInstance, handle: DatabaseHandle): Promise<() => Promise<void>> {
  if (!(await statisticsNeedKeeping(handle))) return async () => {};
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = analyzeChangedTables(handle.db)
      .catch((error: unknown) => app.log.warn({ err: error }, 'analyzing the changed tables failed; the planner keeps its older statistics'))
      .finally(() => {
        running = undefined;
      });
  }, STATISTICS_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
