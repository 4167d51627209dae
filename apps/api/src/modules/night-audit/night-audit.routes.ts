import { ZCloseDay, ZNightAuditDay, ZNightAuditParams, zSuccess } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/respond.ts';
import { ADMIN_STAFF } from '../../plugins/access.ts';
import { principalOf } from '../../plugins/auth.ts';
import { closeDay, nightAuditDay } from './night-audit.service.ts';

/**
 * The night audit (issue 35): the duty manager (staff or admin) sees what a day left open and
 * its figures, and closes it; a closed day's figures are frozen.
 */
export const nightAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, mailer: app.mailer };
  app.get(
    '/night-audit/:date',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags: ['night audit'],
        summary:
          'A day at the hotel: whether it is open, closed, not over yet or before the night audit began; what it left open (arrivals not checked in, departures not checked out, rooms occupied with a balance due, online payments held for review, channel conflicts, rooms without complete registration cards); its figures, live while open and frozen once closed',
        params: ZNightAuditParams,
        response: { 200: zSuccess(ZNightAuditDay) },
      },
    },
    async (request) => ok(await nightAuditDay(deps, request.params.date)),
  );

  app.post(
    '/night-audit/:date/close',
    {
      // 409: the day is closed already, not over yet, before the night audit began, or an earlier day is still open.
      config: { access: ADMIN_STAFF, errors: [409] },
      schema: {
        tags: ['night audit'],
        summary:
          'Closes the day (days close in order, once each): its figures are frozen, nothing can be dated in it any more (409 DAY_CLOSED), and the owner’s day report is mailed. With items open, a note saying why is needed (400 NOTE_REQUIRED)',
        params: ZNightAuditParams,
        body: ZCloseDay,
        response: { 200: zSuccess(ZNightAuditDay) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const closed = await closeDay(deps, request.params.date, request.body ?? {}, { id: principal.id, role: principal.role });
      app.nightAuditClosed();
      return ok(closed, 'Day closed');
    },
  );
};
