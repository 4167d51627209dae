import { ZSiteInfo, zSuccess, type TSiteInfo } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { ok } from '../../lib/respond.ts';

/** Public facts about the hotel; the web app also receives them inside index.html. */
export function siteInfo(config: Config): TSiteInfo {
  return {
    ...config.hotel,
    vatPercent: config.vatPercent,
    serviceChargePercent: config.serviceChargePercent,
    googleSignIn: Boolean(config.google),
  };
}

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
