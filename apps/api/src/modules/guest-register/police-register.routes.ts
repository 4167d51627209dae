import { ZCardPdfQuery, ZPoliceRegister, ZPoliceRegisterQuery, zSuccess } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/respond.ts';
import { ADMIN_STAFF } from '../../plugins/access.ts';
import { principalOf } from '../../plugins/auth.ts';
import { cardPdf } from './card-pdf.ts';
import { recordIdView } from './id-views.ts';
import { renderPoliceRegisterPdf } from './police-register-pdf.ts';
import { checkRegisterWindow, policeRegister, policeRegisterCsv } from './police-register.service.ts';

const tags = ['guest register'];

const ZCardParams = z.object({ id: z.uuid({ message: 'id must be a booking id.' }), guestId: z.uuid({ message: 'guestId must be a guest id.' }) });

/**
 * The police register and one guest's card as PDF (issue 34). Both are downloads of the most
 * sensitive data the hotel holds: each is logged in the view log before it is answered, and
 * answered with `no-store`.
 */
export const policeRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/police-register',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags: ['reports', ...tags],
        summary:
          'The police register: every guest in the house on any night from `from` to `to` (rooms checked in, not cancelled), Bangladeshis and foreigners (passport and visa) apart, and the rooms checked in without complete cards; as JSON, CSV or a printable PDF in English or Bengali. Staff from the last 30 days on (403 before); each download is logged',
        querystring: ZPoliceRegisterQuery,
        response: { 200: zSuccess(ZPoliceRegister) },
        produces: ['application/json', 'text/csv', 'application/pdf'],
      },
    },
    async (request, reply) => {
      const { from, to, format, language } = request.query;
      checkRegisterWindow(app.config, principalOf(request), from);
      const report = await policeRegister(app.db, { from, to });
      const file = format === 'csv' ? policeRegisterCsv(report) : format === 'pdf' ? await renderPoliceRegisterPdf(report, app.config, language) : null;
      // Logged once the answer is made and before it leaves: nothing is seen without its line.
      await recordIdView(app.db, request, { action: 'register', detail: `${from} to ${to}, ${format}${format === 'pdf' ? ` (${language})` : ''}` });
      if (file === null) return ok(report);
      const name = `police-register-${from}-${to}${format === 'pdf' ? `-${language}.pdf` : '.csv'}`;
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        // The file goes as it is, past the JSON answer's serializer.
        .serializer((payload: unknown) => payload as string)
        .send(file as never);
    },
  );

  app.get(
    '/bookings/:id/guests/:guestId/card.pdf',
    {
      // 403: staff asking for a stay that ended more than 30 days ago.
      config: { access: 'signed-in', errors: [403] },
      schema: {
        tags,
        summary:
          "One guest's registration card as a PDF with the guest's photo and the ID document's, every field, the stay and the hotel (the room's own guest; staff for stays from the last 30 days and upcoming; admins all). Each download is logged",
        params: ZCardParams,
        querystring: ZCardPdfQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const deps = { db: app.db, config: app.config, privateStorage: app.privateStorage };
      const { pdf, filename } = await cardPdf(deps, principalOf(request), { bookingId: request.params.id, cardId: request.params.guestId }, request.query.language, request);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
