import type { FastifyInstance, FastifyRequest } from 'fastify';
import { watchWrites, type WriteScope } from '../../db/availability-writes.ts';
import fp from 'fastify-plugin';
import { AvailabilityIndex } from './availability.service.ts';

/** Whether a request may write (the others never wait). */
const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/**
 * The availability index of this process (`app.availability`), loaded before the server answers.
 * A write that changed what a search answers (a stay, a block, a room, a room type, a rate)
 * answers once this process's index holds it, so the guest who just booked, or the admin who just
 * added a room, sees it in the next search. The write says so itself: its statements are watched
 * as they run (db/availability-writes.ts), whatever its route. This once went by a list of URL
 * prefixes, and a write under another prefix answered before the index knew.
 */
export default fp(async function availabilityIndex(app: FastifyInstance) {
  const index = new AvailabilityIndex({
    db: app.db,
    handle: app.dbHandle,
    timeZone: app.config.hotel.timeZone,
    horizonDays: app.config.bookingHorizonDays,
    answerCacheBytes: app.config.searchCacheBytes,
    log: app.log,
  });
  app.decorate('availability', index);
  app.addHook('onReady', async () => index.start());
  app.addHook('onClose', async () => index.stop());
  const scopes = new WeakMap<FastifyRequest, WriteScope>();
  // The rest of the request runs inside its scope (a callback hook: `done` continues the chain
  // within `run`, so the handler's statements are counted to this request).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isWrite(request.method)) return done();
    const scope: WriteScope = { changed: false };
    scopes.set(request, scope);
    watchWrites(scope, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 && scopes.get(request)?.changed) {
      try {
        await index.caughtUp();
      } catch (error) {
        // The write is committed: its answer goes out even if the counter cannot be read now.
        request.log.warn({ err: error }, 'availability index: could not wait for this write');
      }
    }
    return payload;
  });
});
