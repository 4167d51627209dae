import { ZDashboardStats, zSuccess } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/respond.ts';
import { ADMIN } from '../../plugins/access.ts';
import { accountCounts } from './dashboard.repository.ts';

const WEEK_MS = 7 * 24 * 3_600_000;

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin',
    {
      config: { access: ADMIN },
      schema: { tags: ['dashboard'], summary: 'Dashboard figures', response: { 200: zSuccess(ZDashboardStats) } },
    },
    async () => {
      const counts = await accountCounts(app.db, new Date(Date.now() - WEEK_MS));
      return ok({
        totalUsers: counts.users,
        totalStaffs: counts.staff,
        totalAdmins: counts.admins,
        newUsersThisWeek: counts.newUsers,
      });
    },
  );
};
