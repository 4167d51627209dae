import { ZVatRegister, ZVatRegisterQuery, zSuccess } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/respond.ts';
import { ADMIN } from '../../plugins/access.ts';
import { vatRegister, vatRegisterCsv } from './vat-register.service.ts';

const tags = ['invoices'];

/** The VAT sales register (issue 31): the admin's, as the accountant's monthly return reads it. */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/vat-register',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary:
          "The VAT sales register of a month at the hotel: every tax invoice and credit note with its number, date, buyer, BIN, value, SD and VAT, and the month's totals (credit notes taken off); format=csv for a CSV download",
        querystring: ZVatRegisterQuery,
        response: { 200: zSuccess(ZVatRegister) },
        produces: ['application/json', 'text/csv'],
      },
    },
    async (request, reply) => {
      const report = await vatRegister(app.db, app.config, request.query.month);
      if (request.query.format !== 'csv') return ok(report);
      // A string with its content type is sent as it is: the JSON schema above is not applied to it.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vat-register-${report.month}.csv"`)
        .header('cache-control', 'no-store')
        .send(vatRegisterCsv(report) as never);
    },
  );
};
