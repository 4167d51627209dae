import { ZCashUp, ZCashUpQuery, zSuccess } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/respond.ts';
import { ADMIN_STAFF } from '../../plugins/access.ts';
import { cashUp, cashUpCsv } from './cash-up.service.ts';

const tags = ['reports'];

/** The desk's cash-up (issue 22): the money taken and refunded on a day, per staff member and method. */
export const cashUpRoutes: FastifyPluginAsyncZod = async (app) => {
  // Staff see the whole day, not only their own money: the drawer and the bKash account are shared.
  app.get(
    '/reports/cash-up',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary: "The desk's cash-up of a day at the hotel (today by default): money taken and refunded per staff member and method, with totals per method",
        querystring: ZCashUpQuery,
        response: { 200: zSuccess(ZCashUp) },
      },
    },
    async (request) => ok(await cashUp(app.db, app.config, request.query.date)),
  );

  app.get(
    '/reports/cash-up.csv',
    {
      config: { access: ADMIN_STAFF },
      schema: { tags, summary: "The desk's cash-up of a day as a CSV download, with a total line per method", querystring: ZCashUpQuery, produces: ['text/csv'] },
    },
    async (request, reply) => {
      const report = await cashUp(app.db, app.config, request.query.date);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="cash-up-${report.date}.csv"`)
        .header('cache-control', 'no-store')
        .send(cashUpCsv(report));
    },
  );
};
