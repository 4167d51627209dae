import {
  ZBooking,
  ZBookingCreate,
  ZBookingListQuery,
  ZBookingPatch,
  ZIdParams,
  ZWalkInBookingCreate,
  zList,
  zSuccess,
} from '@residency/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.ts';
import { findOrCreateGuestAccount } from '../../lib/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { list, ok } from '../../lib/respond.ts';
import { ADMIN_STAFF } from '../../plugins/access.ts';
import { principalOf } from '../../plugins/auth.ts';
import {
  bookingRoomGuard,
  cancelBooking,
  changeBooking,
  createBooking,
  getBooking,
  getBookings,
  newRoomQueue,
  type BookingDeps,
} from './bookings.service.ts';

const tags = ['bookings'];

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: BookingDeps = { db: app.db, mailer: app.mailer, config: app.config, roomQueue: newRoomQueue() };
  // Per account (the access guard has set the principal by then): a guest books a handful of
  // stays; a script booking hundreds to hold rooms is stopped. Shared across processes with Redis.
  const bookingLimit = {
    max: app.config.rateLimit.bookingMax,
    timeWindow: app.config.rateLimit.bookingWindow,
    keyGenerator: (request: FastifyRequest) => `booking:${request.principal?.id ?? request.ip}`,
  };
  // A room with a current or future stay is never removed (rooms feature, category sync).
  app.roomRemovalGuards.push(bookingRoomGuard(app.config));

  app.post(
    '/bookings',
    {
      config: { access: 'signed-in', rateLimit: bookingLimit },
      schema: {
        tags,
        summary: 'Book a room for yourself (the server prices it; 409 when the dates are taken)',
        body: ZBookingCreate,
        response: { 201: zSuccess(ZBooking) },
      },
    },
    async (request, reply) => {
      const { user } = principalOf(request);
      const booking = await createBooking(deps, user, request.body, { source: 'online', createdBy: user.id });
      return reply.status(201).send(ok(booking, 'Booking received'));
    },
  );

  app.post(
    '/bookings/walk-in',
    {
      config: { access: ADMIN_STAFF, rateLimit: bookingLimit },
      schema: {
        tags,
        summary: "Book a room for a guest at the front desk (uses or creates the guest's account; 409 for a staff or admin e-mail)",
        body: ZWalkInBookingCreate,
        response: { 201: zSuccess(ZBooking) },
      },
    },
    async (request, reply) => {
      const { guest, ...stay } = request.body;
      // Found or created inside the booking's transaction: a refused booking leaves no account.
      const account = (tx: Executor) => findOrCreateGuestAccount(tx, { ...guest, phone: stay.phone });
      const booking = await createBooking(deps, account, stay, { source: 'walk-in', createdBy: principalOf(request).id });
      return reply.status(201).send(ok(booking, 'Booking received'));
    },
  );

  app.get(
    '/bookings',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary: 'All bookings, newest first (search over booking ID, guest name and e-mail)',
        querystring: ZBookingListQuery,
        response: { 200: zList(ZBooking) },
      },
    },
    async (request) => {
      const { data, meta } = await getBookings(deps, request.query);
      return list(data, meta);
    },
  );

  app.get(
    '/bookings/my-bookings',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'My bookings, newest first', querystring: ZBookingListQuery, response: { 200: zList(ZBooking) } },
    },
    async (request) => {
      const { data, meta } = await getBookings(deps, { ...request.query, userId: principalOf(request).id });
      return list(data, meta);
    },
  );

  app.get(
    '/bookings/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'One booking (its guest, staff and admins)', params: ZIdParams, response: { 200: zSuccess(ZBooking) } },
    },
    async (request) => {
      const caller = principalOf(request);
      const booking = await getBooking(deps, request.params.id);
      if (caller.role === 'user' && booking.user._id !== caller.id) {
        throw AppError.notFound('This booking does not exist.', 'BOOKING_NOT_FOUND');
      }
      return ok(booking);
    },
  );

  app.patch(
    '/bookings/:id',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary: 'Confirm ({isConfirmed: true}), then mark paid ({paymentStatus: "Paid"}); other changes 409',
        params: ZIdParams,
        body: ZBookingPatch,
        response: { 200: zSuccess(ZBooking) },
      },
    },
    async (request) => {
      const { booking, message } = await changeBooking(deps, request.params.id, request.body);
      return ok(booking, message);
    },
  );

  app.delete(
    '/bookings/:id',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary: 'Cancel: the booking is kept as cancelled, its dates are free again, the guest is told',
        params: ZIdParams,
        response: { 200: zSuccess(ZBooking) },
      },
    },
    async (request) => ok(await cancelBooking(deps, request.params.id, principalOf(request).id), 'Booking is canceled'),
  );
};
