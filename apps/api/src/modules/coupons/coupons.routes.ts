import {
  zText,
  ZCoupon,
  ZCouponCheck,
  ZCouponCheckQuery,
  ZCouponCreate,
  ZCouponPatch,
  ZIdParams,
  ZMessageResponse,
  ZPageQuery,
  todayAt,
  zList,
  zSuccess,
} from '@residency/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { list, ok } from '../../lib/respond.ts';
import { ADMIN } from '../../plugins/access.ts';
import { changeCoupon, checkCoupon, createCoupon, deleteCoupon, getCoupons } from './coupons.service.ts';

const tags = ['coupons'];

export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/coupons',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Create a coupon (codes are case-insensitive and unique)', body: ZCouponCreate, response: { 201: zSuccess(ZCoupon) } },
    },
    async (request, reply) => reply.status(201).send(ok(await createCoupon(app.db, request.body), 'Coupon created')),
  );

  app.get(
    '/coupons',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Coupons, newest first', querystring: ZPageQuery, response: { 200: zList(ZCoupon) } },
    },
    async (request) => {
      const { data, meta } = await getCoupons(app.db, request.query);
      return list(data, meta);
    },
  );

  app.get(
    '/coupons/:code',
    {
      // Limited like sign-in: a public answer to "is this a code?" invites guessing codes.
      config: { access: 'public', rateLimit: { max: app.config.rateLimit.authMax, timeWindow: app.config.rateLimit.authWindow } },
      schema: {
        tags,
        summary: 'Whether a code applies to a stay of `amount` Taka, and why not',
        params: z.object({ code: zText().min(1).max(30) }),
        querystring: ZCouponCheckQuery,
        response: { 200: zSuccess(ZCouponCheck) },
      },
    },
    async (request) =>
      ok(await checkCoupon(app.db, request.params.code, request.query.amount, todayAt(app.config.hotel.timeZone))),
  );

  app.patch(
    '/coupons/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Change a coupon or switch it on/off (a coupon bookings were made with keeps its code: 409)',
        params: ZIdParams,
        body: ZCouponPatch,
        response: { 200: zSuccess(ZCoupon) },
      },
    },
    async (request) => ok(await changeCoupon(app.db, request.params.id, request.body), 'Coupon updated'),
  );

  app.delete(
    '/coupons/:id',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Delete a coupon (bookings keep the code they used)', params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await deleteCoupon(app.db, request.params.id);
      return { success: true as const, message: 'Coupon deleted' };
    },
  );
};
