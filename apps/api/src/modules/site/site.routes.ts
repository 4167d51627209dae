import { ZSiteInfo, zSuccess } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/respond.ts';
import { siteInfo } from './site.service.ts';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site',
    {
      config: { access: 'public' },
      schema: { tags: ['site'], summary: 'Hotel name, contacts and charges', response: { 200: zSuccess(ZSiteInfo) } },
    },
    async () => ok(siteInfo(app.config)),
  );
};
