import { ZIdParams, ZMessageResponse, zSuccess } from '@residency/shared';
import { ZHeroSlide, ZHeroSlideCreate, ZHeroSlideListQuery, ZHeroSlideUpdate } from '@residency/shared/hero-slides';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findActiveUserById } from '../../lib/accounts.ts';
import { ok } from '../../lib/respond.ts';
import { ADMIN } from '../../plugins/access.ts';
import { changeHeroSlide, createHeroSlide, getHeroSlides, removeHeroSlide } from './hero-slides.service.ts';

const tags = ['hero-slides'];

/**
 * Whether the caller of a public route is a signed-in admin. Unlike the guard's `identifyCaller`,
 * a missing, expired or foreign token is simply "not an admin", never a 401: the home page must
 * show its slides to a visitor whose old session lingers in the browser.
 */
async function callerIsAdmin(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return false;
  let claims: { sub?: unknown; iat?: number };
  try {
    claims = app.jwt.verify<{ sub?: unknown; iat?: number }>(header.slice(7));
  } catch {
    return false;
  }
  if (typeof claims.sub !== 'string' || !z.uuid().safeParse(claims.sub).success) return false;
  const user = app.principals.get(claims.sub) ?? (await findActiveUserById(app.db, claims.sub));
  if (!user || user.role !== 'admin') return false;
  return !(user.sessionsValidAfter && (claims.iat ?? 0) < Math.floor(user.sessionsValidAfter.getTime() / 1000));
}

/** The home page's carousel: active slides for everyone, every slide for admins; written by admins. */
export const heroSlidesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/hero-slides',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Slides by order (then oldest first): the active ones; every one when an admin sends includeInactive=1',
        description:
          'includeInactive=1 (or true) from anyone but a signed-in admin is ignored: the answer is the active slides, as for any visitor. locale (en or bn) keeps one language.',
        querystring: ZHeroSlideListQuery,
        response: { 200: zSuccess(z.array(ZHeroSlide)) },
      },
    },
    async (request, reply) => {
      const asked = request.query.includeInactive === '1' || request.query.includeInactive === 'true';
      const includeInactive = asked && (await callerIsAdmin(app, request));
      // The admin's list must never be kept by a shared cache and handed to a visitor.
      if (asked) reply.header('cache-control', 'private, no-store');
      return ok(await getHeroSlides(app.db, { includeInactive, locale: request.query.locale }));
    },
  );

  app.post(
    '/hero-slides',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "Add a slide (a call to action is kept only with a label or a link; the link defaults to '#')",
        body: ZHeroSlideCreate,
        response: { 201: zSuccess(ZHeroSlide) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await createHeroSlide(app.db, request.body), 'Hero slide created')),
  );

  app.patch(
    '/hero-slides/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Change a slide: what is sent replaces what was there (a call to action sent as null is removed)',
        params: ZIdParams,
        body: ZHeroSlideUpdate,
        response: { 200: zSuccess(ZHeroSlide) },
      },
    },
    async (request) => ok(await changeHeroSlide(app.db, request.params.id, request.body), 'Hero slide updated'),
  );

  app.delete(
    '/hero-slides/:id',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Delete a slide', params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await removeHeroSlide(app.db, request.params.id);
      return { success: true as const, message: 'Hero slide deleted' };
    },
  );
};
