import {
  ZIdParams,
  ZRateBulk,
  ZRateChange,
  ZRateChangesQuery,
  ZRateDay,
  ZRatePlan,
  ZRatePlanCreate,
  ZRatePlanQuery,
  ZRatePlanUpdate,
  ZRatesQuery,
  ZStayQuote,
  ZStayQuoteQuery,
  zSuccess,
} from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { list, ok, sendSerialized, serialize } from '../../lib/respond.ts';
import { ADMIN, ADMIN_STAFF } from '../../plugins/access.ts';
import { principalOf } from '../../plugins/auth.ts';
import { LiveCache } from '../../lib/live-cache.ts';
import { checkHorizon } from '../../lib/stay-dates.ts';
import { bulkEdit, createPlan, getChanges, getRates, listPlans, quoteStays, updatePlan, type PlanAudience, type RoomTypePlans } from './rates.service.ts';

const tags = ['rates'];
/** A quote asking for the desk's plans (`desk=`): its answer depends on who asks. */
const DESK_ASKED = /[?&]desk=/;

/** The rate calendar (issue 21): rate plans per room type, daily rates and rules, and their log. */
export const ratesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The quote's room types and plans, dropped with the public room lists (NOTIFY rooms_changed:
  // rooms, room types, plans and days, migrations 0003 and 0016).
  const plansCache = new LiveCache<RoomTypePlans>({ ttlMs: 30_000, maxEntries: 200 });
  let unsubscribe: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = await app.dbHandle.subscribe('rooms_changed', {
      onMessage: () => plansCache.clear(),
      onLive: (live) => plansCache.setLive(live),
    });
  });
  app.addHook('onClose', async () => unsubscribe?.().catch(() => {}));
  // This process's own edits show at once; the NOTIFY covers the other processes.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET') plansCache.clear();
  });

  app.get(
    '/rate-plans',
    {
      // 404: no such room type.
      config: { access: 'public', identifyCaller: true, errors: [404] },
      schema: {
        tags,
        summary:
          "A room type's rate plans: the active online ones for guests; the desk's too for staff; every plan for an admin with includeInactive=1",
        querystring: ZRatePlanQuery.required({ category: true }),
        response: { 200: zSuccess(z.array(ZRatePlan)) },
      },
    },
    async (request) => {
      const role = request.principal?.role;
      const all = request.query.includeInactive === '1' || request.query.includeInactive === 'true';
      const audience: PlanAudience = role === 'admin' && all ? 'admin' : role === 'admin' || role === 'staff' ? 'desk' : 'guest';
      return ok(await listPlans(app.db, request.query.category!, audience));
    },
  );

  app.post(
    '/rate-plans',
    {
      // 404: no such room type.
      config: { access: ADMIN, errors: [404] },
      schema: { tags, summary: 'Add a rate plan to a room type (409 when its code is taken there)', body: ZRatePlanCreate, response: { 201: zSuccess(ZRatePlan) } },
    },
    async (request, reply) => reply.status(201).send(ok(await createPlan(app.db, request.body), 'Rate plan added')),
  );

  app.patch(
    '/rate-plans/:id',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Change a rate plan (the Standard plan stays active, online and underived)', params: ZIdParams, body: ZRatePlanUpdate, response: { 200: zSuccess(ZRatePlan) } },
    },
    async (request) => ok(await updatePlan(app.db, request.params.id, request.body), 'Rate plan saved'),
  );

  app.get(
    '/rates',
    {
      // 404: no such room type, or no such plan of it.
      config: { access: ADMIN_STAFF, errors: [404] },
      schema: { tags, summary: "One plan's days from `from` to `to` (inclusive), every value resolved", querystring: ZRatesQuery, response: { 200: zSuccess(z.array(ZRateDay)) } },
    },
    async (request) => ok(await getRates(app.db, request.query)),
  );

  app.post(
    '/rates/bulk',
    {
      // 404: no such room type, or no such plan of it.
      config: { access: ADMIN, errors: [404] },
      schema: {
        tags,
        summary: "Set prices and rules on a range of days (of some weekdays); answers the number of days changed. Logged with who, when, and each day's old and new values",
        body: ZRateBulk,
        response: { 200: zSuccess(z.object({ days: z.number() })) },
      },
    },
    async (request) => ok(await bulkEdit(app.db, request.body, principalOf(request).id), 'Rates updated'),
  );

  app.get(
    '/rates/quote',
    {
      config: { access: 'public', identifyCaller: true },
      // A guest's quote (no desk plans) answered from the index a moment ago, nothing it depends on
      // changed since: its bytes again (issue 36). The desk's quotes depend on the caller: never kept.
      onRequest: (request, reply, done) => {
        const kept = DESK_ASKED.test(request.url) ? undefined : app.availability.cachedAnswer(request.url);
        if (kept) sendSerialized(reply, kept.length === 1 ? kept[0]! : Buffer.concat(kept));
        else done();
      },
      schema: {
        tags,
        summary:
          "A stay's prices: each room type with a room free for it, the room a Book button books, and per plan a guest may book (with desk=1, staff and admins also the desk's plans) the nightly lines and total, or the rule that closes it",
        querystring: ZStayQuoteQuery,
        response: { 200: zSuccess(z.array(ZStayQuote)) },
      },
    },
    // Sent as JSON built once: the answer is the service's own (typed by the contract), so the
    // serializer's re-check of every line of every plan is skipped (the schema still documents it).
    async (request, reply) => {
      const { desk, ...stay } = request.query;
      const role = request.principal?.role;
      // The desk's plans only for the desk (a walk-in); a guest asking for them gets the online ones.
      const sellsAt = desk && (role === 'admin' || role === 'staff') ? 'desk' : 'online';
      checkHorizon(stay.checkOut, app.config.hotel.timeZone, app.config.bookingHorizonDays);
      // The free rooms and the calendar from the availability index (issue 23) when it can answer.
      const memory = app.availability.quoteInputs(stay, stay.category);
      const body = serialize(ok(await quoteStays(app.db, stay, app.config, plansCache, sellsAt, memory)));
      // Kept only when it was made from the index alone: then nothing was awaited, so nothing
      // changed between the index's state and this answer.
      const fromMemoryAlone = memory && stay.checkIn >= memory.calendar.from && stay.checkOut <= memory.calendar.to;
      if (fromMemoryAlone && !DESK_ASKED.test(request.url)) app.availability.keepAnswer(request.url, [body], stay);
      return sendSerialized(reply, body);
    },
  );

  app.get(
    '/rates/changes',
    {
      // 404: no such room type.
      config: { access: ADMIN, errors: [404] },
      schema: { tags, summary: "The log of a room type's rate edits (one plan or all), newest first", querystring: ZRateChangesQuery },
    },
    async (request) => {
      const { data, meta } = await getChanges(app.db, request.query);
      return list(z.array(ZRateChange).parse(data), meta);
    },
  );
};
