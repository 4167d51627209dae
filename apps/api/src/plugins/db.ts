import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';

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
  if (!options.handle) app.addHook('onClose', async () => handle.close());
});
