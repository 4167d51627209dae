import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AvailabilityIndex } from './availability.service.ts';

/** The writes that can change what a search answers: stays, blocks, rooms, room types, rates. */
const CHANGES_AVAILABILITY = /^\/api\/(bookings|reservations|channels|room|rate)/;

/**
 * The availability index of this process (`app.availability`), loaded before the server answers.
 * A write of availability answers once this process's index holds it, so the guest who just
 * booked, or the admin who just added a room, sees it in the next search.
 */
export default fp(async function availabilityIndex(app: FastifyInstance) {
  const index = new AvailabilityIndex({
    db: app.db,
    handle: app.dbHandle,
    timeZone: app.config.hotel.timeZone,
    horizonDays: app.config.bookingHorizonDays,
    log: app.log,
  });
  app.decorate('availability', index);
  app.addHook('onReady', async () => index.start());
  app.addHook('onClose', async () => index.stop());
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && CHANGES_AVAILABILITY.test(request.url)) {
      await index.caughtUp();
    }
    return payload;
  });
});
