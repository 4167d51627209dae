import {
  ZBooking,
  ZCancellationQuote,
  ZNightPriceOverride,
  ZBookingCreate,
  ZBookingListQuery,
  ZBookingPatch,
  ZCheckIn,
  ZCheckOut,
  ZIdParams,
  ZPaymentCreate,
  zList,
  zSuccess,
} from '@residency/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overrideNightPrices } from './stay/night-prices.service.ts';
import { AppError } from '../../lib/app-error.ts';
import { list, ok } from '../../lib/respond.ts';
import { ADMIN_STAFF } from '../../plugins/access.ts';
import { principalOf } from '../../plugins/auth.ts';
import {
  bookingRoomGuard,
  cancelBooking,
  getCancellationQuote,
  changeBooking,
  getBooking,
  getBookings,
  guestCancelBooking,
  newRoomQueue,
  type BookingDeps,
} from './bookings.service.ts';
import { checkIn, checkOut, markNoShow } from './stay/front-desk.service.ts';
import { recordPayment } from './folio/payments.service.ts';
import { createBooking } from './reservations.service.ts';
import { holdEnd, reservationsRoutes } from './reservations.routes.ts';

const tags = ['bookings'];

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: BookingDeps = { db: app.db, mailer: app.mailer, sms: app.sms, config: app.config, roomQueue: newRoomQueue(), rates: () => app.availability.rateCalendar(), rooms: (ids) => app.availability.roomsForBooking(ids) };
  // Per account (the access guard has set the principal by then): a guest books a handful of
  // stays; a script booking hundreds to hold rooms is stopped. Shared across processes with Redis.
  const bookingLimit = {
    max: app.config.rateLimit.bookingMax,
    timeWindow: app.config.rateLimit.bookingWindow,
    keyGenerator: (request: FastifyRequest) => `booking:${request.principal?.id ?? request.ip}`,
  };
  await app.register(reservationsRoutes(deps, bookingLimit));
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
      const { user, role } = principalOf(request);
      const { onlinePayment, ...stay } = request.body;
      const holdUntil = onlinePayment ? holdEnd(deps) : undefined;
      const booking = await createBooking(deps, user, stay, { source: 'online', createdBy: user.id, holdUntil });
      const payment = onlinePayment ? await app.onlinePayments.startForNewBooking(booking.reservationId, onlinePayment, { id: user.id, role }, holdUntil!) : undefined;
      return reply.status(201).send(ok({ ...booking, ...(payment ? { onlinePayment: payment } : {}) }, 'Booking received'));
    },
  );

  app.get(
    '/bookings',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary:
          'All bookings, newest first: search over booking ID, guest name and e-mail; filter by state, payment state and stays overlapping from–to',
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
      // { paymentStatus: 'Paid' } records money.
      config: { access: ADMIN_STAFF, idempotent: true },
      schema: {
        tags,
        summary:
          'Confirm ({isConfirmed: true}), then mark paid ({paymentStatus: "Paid"}: records the whole balance as one cash payment), or check in ({checkIn: true, registrationNote?}: as POST …/check-in); other changes 409',
        params: ZIdParams,
        body: ZBookingPatch,
        response: { 200: zSuccess(ZBooking) },
      },
    },
    async (request) => {
      const by = principalOf(request).id;
      const { booking, message } =
        'checkIn' in request.body
          ? await checkIn(deps, request.params.id, by, { registrationNote: request.body.registrationNote })
          : await changeBooking(deps, request.params.id, request.body, by);
      return ok(booking, message);
    },
  );

  app.post(
    '/bookings/:id/payments',
    {
      config: { access: ADMIN_STAFF, idempotent: true },
      schema: {
        tags,
        summary: 'Record money received (amount up to the balance, method, paidAt not in the future); the guest is mailed when it is paid in full',
        params: ZIdParams,
        body: ZPaymentCreate,
        response: { 201: zSuccess(ZBooking) },
      },
    },
    async (request, reply) => {
      const { booking, message } = await recordPayment(deps, request.params.id, request.body, principalOf(request).id);
      return reply.status(201).send(ok(booking, message));
    },
  );

  // The front desk's transitions: the rules of booking-states.ts at the hotel's date; a refusal is a 409 with its code.
  app.post(
    '/bookings/:id/check-out',
    {
      config: { access: ADMIN_STAFF, idempotent: true },
      schema: {
        tags,
        summary:
          "Check the guest out, any day: before the booked check-out day the stay ends today and the folio charges the nights stayed; the room goes to cleaning. The reservation's last room out with a balance due is refused (409 BALANCE_DUE) unless `cityLedger` sends it to the company's account; then the VAT invoice is issued and mailed",
        params: ZIdParams,
        body: ZCheckOut,
        response: { 200: zSuccess(ZBooking) },
      },
    },
    async (request) => {
      const { booking, message } = await checkOut(deps, request.params.id, principalOf(request).id, request.body ?? {});
      return ok(booking, message);
    },
  );

  app.post(
    '/bookings/:id/check-in',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary:
          "Check the guest in: a confirmed stay, from its check-in day to the day before check-out; the room becomes booked. The room's registration cards must be complete (409 REGISTRATION_INCOMPLETE with `missing`), or the body says why not: {registrationNote}",
        params: ZIdParams,
        body: ZCheckIn,
        response: { 200: zSuccess(ZBooking) },
      },
    },
    async (request) => {
      const { booking, message } = await checkIn(deps, request.params.id, principalOf(request).id, request.body ?? {});
      return ok(booking, message);
    },
  );

  app.post(
    '/bookings/:id/no-show',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary: 'Mark a stay that was not checked in as a no-show, from the day after check-in: its nights are free again',
        params: ZIdParams,
        response: { 200: zSuccess(ZBooking) },
      },
    },
    async (request) => {
      const { booking, message } = await markNoShow(deps, request.params.id, principalOf(request).id);
      return ok(booking, message);
    },
  );

  app.post(
    '/bookings/:id/cancel',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          "The guest cancels their own booking before checking in; what it costs follows the plan's cancellation policy and is recorded (cancellationFee); another guest's booking is a 404",
        params: ZIdParams,
        response: { 200: zSuccess(ZBooking) },
      },
    },
    async (request) => {
      const { booking, message } = await guestCancelBooking(deps, request.params.id, principalOf(request).id);
      return ok(booking, message);
    },
  );

  app.post(
    '/bookings/:id/night-prices',
    {
      config: { access: ADMIN_STAFF, idempotent: true },
      schema: {
        tags,
        summary: "The desk prices some nights of a stay itself, with a reason each night keeps; the stay's amounts are priced again (409 for a stay that is over or cancelled)",
        params: ZIdParams,
        body: ZNightPriceOverride,
        response: { 200: zSuccess(ZBooking) },
      },
    },
    async (request) => {
      const { booking, message } = await overrideNightPrices(deps, request.params.id, request.body, principalOf(request).user);
      return ok(booking, message);
    },
  );

  app.get(
    '/bookings/:id/cancellation',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "What cancelling now would cost under the booking's policy, and until when it is free: for its guest (another's booking is a 404) and the desk",
        params: ZIdParams,
        response: { 200: zSuccess(ZCancellationQuote) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const owner = principal.role === 'user' ? principal.id : undefined;
      return ok(await getCancellationQuote(deps, request.params.id, owner));
    },
  );

  app.delete(
    '/bookings/:id',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary:
          'Cancel an unconfirmed or confirmed stay that is not over: kept as cancelled, its dates free again, the coupon use given back, the guest told',
        params: ZIdParams,
        response: { 200: zSuccess(ZBooking) },
      },
    },
    async (request) => {
      const { booking, message } = await cancelBooking(deps, request.params.id, principalOf(request).id);
      return ok(booking, message);
    },
  );
};
