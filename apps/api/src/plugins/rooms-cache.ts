import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LiveCache } from '../lib/live-cache.ts';

/**
 * Serialised answers of the public room and category reads, keyed by URL. Guests read these
 * far more often than staff change them; a trigger on `rooms` and `room_categories` (migration
 * 0003) sends NOTIFY rooms_changed and every process drops the lot.
 */
export default fp(async function roomsCache(app: FastifyInstance) {
  const cache = new LiveCache<Buffer>({ ttlMs: 30_000, maxEntries: 2_000 });
  app.decorate('roomsCache', cache);
  let unsubscribe: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = await app.dbHandle.subscribe('rooms_changed', {
      onMessage: () => cache.clear(),
      onLive: (live) => cache.setLive(live),
    });
  });
  app.addHook('onClose', async () => unsubscribe?.().catch(() => {}));
});
