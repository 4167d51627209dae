import { ZCashUp, ZCashUpQuery, ZChargeType, ZChargeTypeParams, ZChargeTypeSave, zList, zSuccess } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { list, ok } from '../../lib/respond.ts';
import { ADMIN, ADMIN_STAFF } from '../../plugins/access.ts';
import { cashUp, cashUpCsv } from './cash-up.service.ts';
import { listChargeTypes, saveChargeType, type ChargeTypeRow } from './folio.service.ts';

const tags = ['folio'];

const present = (row: ChargeTypeRow) => ({
  code: row.code,
  nameEn: row.nameEn,
  nameBn: row.nameBn,
  defaultPrice: row.defaultPrice,
  serviceChargePercent: row.serviceChargePercent,
  vatPercent: row.vatPercent,
  active: row.active,
});

/** Charge types (issue 22): what the desk posts to a folio beside rooms, and their taxes. */
export const folioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/charge-types',
    { config: { access: ADMIN_STAFF }, schema: { tags, summary: 'Charge types: laundry, room service, the airport shuttle…', response: { 200: zList(ZChargeType) } } },
    async () => {
      const rows = await listChargeTypes(app.db);
      return list(rows.map(present), { page: 1, limit: rows.length, total: rows.length });
    },
  );

  app.put(
    '/charge-types/:code',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Make or change a charge type (its price and whether service charge and VAT apply)', params: ZChargeTypeParams, body: ZChargeTypeSave, response: { 200: zSuccess(ZChargeType) } },
    },
    async (request) => {
      const row = await saveChargeType(app.db, { code: request.params.code, ...request.body });
      return ok(present(row), 'Charge type saved');
    },
  );

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
