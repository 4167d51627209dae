import { ZChargeType, ZChargeTypeParams, ZChargeTypeSave, zList, zSuccess } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { list, ok } from '../../lib/respond.ts';
import { ADMIN, ADMIN_STAFF } from '../../plugins/access.ts';
import { listChargeTypes, saveChargeType, type ChargeTypeRow } from './charge-types.service.ts';

const tags = ['charge-types'];

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
export const chargeTypesRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
