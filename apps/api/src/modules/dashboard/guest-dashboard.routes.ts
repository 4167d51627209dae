import { ZGuestDashboard, zSuccess } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/respond.ts';
import { principalOf } from '../../plugins/auth.ts';
import { guestDashboard } from './guest-dashboard.service.ts';

export const guestDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/dashboard',
    {
      config: { access: ['user'] },
      schema: {
        tags: ['dashboard'],
        summary: "The guest's dashboard: the stay under way or the next one (with until when it can be cancelled), past stays, open service requests",
        response: { 200: zSuccess(ZGuestDashboard) },
      },
    },
    async (request) => ok(await guestDashboard(app.db, app.config, principalOf(request).id)),
  );
};
