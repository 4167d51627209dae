import { ZStaffToday, zSuccess } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/respond.ts';
import { ADMIN_STAFF } from '../../plugins/access.ts';
import { staffToday } from './staff-today.service.ts';

export const staffTodayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff/today',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags: ['dashboard'],
        summary:
          "The front desk's day at the hotel: arrivals, in-house guests, departures, rooms to clean, bookings to confirm, pending service and event requests",
        response: { 200: zSuccess(ZStaffToday) },
      },
    },
    async () => ok(await staffToday(app.db, app.config)),
  );
};
