import { ZReportingPeriodQuery } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN } from '../../plugins/access.ts';
import { resolvePeriod } from './admin-stats.service.ts';
import { bookingsCsv } from './bookings-export.ts';

export const bookingsExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/bookings.csv',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['dashboard'],
        summary:
          'The bookings with a night in the period (default: the last 12 months) as a CSV download, in the order they were booked; cells that a spreadsheet would run as a formula start with an apostrophe',
        querystring: ZReportingPeriodQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      // Checked before the first byte: a bad period is a 400 in the usual envelope.
      const period = resolvePeriod(app.config, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bookings-${period.from}-${period.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(bookingsCsv(app.db, app.config, period));
    },
  );
};
