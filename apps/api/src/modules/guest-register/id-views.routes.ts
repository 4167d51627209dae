import { addDays, instantAt, ZIdView, ZIdViewsQuery, zList, type TIdView } from '@residency/shared';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { idViews, users } from '../../db/schema.ts';
import { list } from '../../lib/respond.ts';
import { ADMIN } from '../../plugins/access.ts';

/**
 * The view log (issue 34): who viewed or downloaded which card, photo or register, when and from
 * where, newest first. An admin's only: the log is how the hotel answers "who saw my passport".
 */
export const idViewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit/id-views',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['guest register'],
        summary:
          'The log of every view or download of registration cards, ID photos, card PDFs and the police register, newest first: the viewer (name, e-mail, role then), the guest, the booking, the address and browser. Filters: viewer, booking, days from/to at the hotel',
        querystring: ZIdViewsQuery,
        response: { 200: zList(ZIdView) },
      },
    },
    async (request) => {
      const { data, total } = await listIdViews(app.db, app.config, request.query);
      return list(data, { page: request.query.page, limit: request.query.limit, total });
    },
  );
};

/** One page of the log with its filters; days are the hotel's (from its midnight to the next after `to`). */
async function listIdViews(db: Executor, config: Config, query: z.output<typeof ZIdViewsQuery>): Promise<{ data: TIdView[]; total: number }> {
  const timeZone = config.hotel.timeZone;
  const where: SQL[] = [];
  if (query.viewer) where.push(eq(idViews.viewerId, query.viewer));
  if (query.booking) where.push(eq(idViews.bookingId, query.booking));
  if (query.from) where.push(gte(idViews.at, instantAt(query.from, '00:00', timeZone)));
  if (query.to) where.push(lt(idViews.at, instantAt(addDays(query.to, 1), '00:00', timeZone)));
  const filter = where.length > 0 ? and(...where) : undefined;
  const [found, [counted]] = await Promise.all([
    db
      .select({ view: idViews, name: users.name, email: users.email })
      .from(idViews)
      .leftJoin(users, eq(users.id, idViews.viewerId))
      .where(filter)
      .orderBy(desc(idViews.at), desc(idViews.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(idViews).where(filter),
  ]);
  return {
    total: counted?.total ?? 0,
    data: found.map(({ view, name, email }) => ({
      _id: String(view.id),
      at: view.at.toISOString(),
      viewer: { _id: view.viewerId, name, email, role: view.viewerRole },
      action: view.action,
      bookingId: view.bookingId,
      cardId: view.cardId,
      photoId: view.photoId,
      guestName: view.guestName,
      detail: view.detail,
      ip: view.ip,
      userAgent: view.userAgent,
    })),
  };
}
