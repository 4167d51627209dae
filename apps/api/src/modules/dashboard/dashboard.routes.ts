import { ZDashboardStats, ZReportingPeriodQuery, zSuccess } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/respond.ts';
import { ADMIN } from '../../plugins/access.ts';
import { dashboardStats } from './admin-stats.service.ts';
import { bookingsExportRoutes } from './bookings-export.routes.ts';
import { compactDailyTotalsPeriodically } from './daily-totals.ts';
import { guestDashboardRoutes } from './guest-dashboard.routes.ts';
import { staffTodayRoutes } from './staff-today.routes.ts';

const tags = ['dashboard'];

/** The dashboards of every role: the admin's figures and export, the front desk's day, the guest's stays. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // The stays' and payments' deltas folded into the daily totals now and then (migration 0020).
  compactDailyTotalsPeriodically(app);
  app.get(
    '/admin',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary:
          'Dashboard figures of a period (default: the last 12 months to today at the hotel): income, bookings, accounts, service requests, monthly revenue, bookings and occupancy, rooms per category, ADR, RevPAR',
        querystring: ZReportingPeriodQuery,
        response: { 200: zSuccess(ZDashboardStats) },
      },
    },
    async (request) => ok(await dashboardStats(app.db, app.config, request.query)),
  );

  await app.register(bookingsExportRoutes);
  await app.register(staffTodayRoutes);
  await app.register(guestDashboardRoutes);
};
