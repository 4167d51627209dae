import {
  ZChargeCreate,
  ZCreditNoteCreate,
  ZBooking,
  ZDatesChange,
  ZFolio,
  ZFolioPaymentCreate,
  ZIdParams,
  ZInvoiceQuery,
  ZPageQuery,
  ZRefundCreate,
  ZReservation,
  ZReservationCreate,
  ZReversalCreate,
  ZRoomAdd,
  ZRoomMove,
  ZRoomRemove,
  ZRoomRemoveParams,
  ZWalkInReservationCreate,
  zList,
  zSuccess,
} from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { findOrCreateGuestAccount } from '../../lib/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { list, ok } from '../../lib/respond.ts';
import { ADMIN_STAFF } from '../../plugins/access.ts';
import { principalOf } from '../../plugins/auth.ts';
import { getFolio, isReservationOf } from './folio/folio.service.ts';
import { invoiceAttachmentResolver } from '../invoices/invoices.service.ts';
import type { BookingDeps } from './bookings.service.ts';
import { creditDeskInvoice, giveDeskRefund, postDeskCharge, reissueDeskInvoice, reservationInvoicePdf, reverseDeskLine, takeDeskPayment } from './folio/folio-desk.service.ts';
import { createReservation, getGuestReservations, getReservation } from './reservations.service.ts';
import { addRoom, changeDates, moveGuest, removeRoom } from './stay/stay-changes.service.ts';

const tags = ['reservations'];

/** When the rooms of a booking paid online now stop being held (PAYMENT_HOLD_MINUTES from now). */
export const holdEnd = (deps: BookingDeps) => new Date(Date.now() + deps.config.payments.holdMinutes * 60_000);

/** Reservations of one or several rooms, their folio and invoice (issue 22). */
export function reservationsRoutes(deps: BookingDeps, bookingLimit: { max: number; timeWindow: number | string; keyGenerator: (r: FastifyRequest) => string }): FastifyPluginAsyncZod {
  return async (app) => {
    // An invoice mail draws its PDF when it is sent (the outbox keeps the reference).
    app.mailer.resolveAttachments('invoice', invoiceAttachmentResolver(app.db));

    app.post(
      '/reservations',
      {
        config: { access: 'signed-in', rateLimit: bookingLimit },
        schema: {
          tags,
          summary: 'Book one or several rooms at once, all or nothing (409 naming the room taken meanwhile, with its type\'s rooms still free)',
          body: ZReservationCreate,
          response: { 201: zSuccess(ZReservation) },
        },
      },
      async (request, reply) => {
        const { user, role } = principalOf(request);
        const { onlinePayment, ...stay } = request.body;
        const holdUntil = onlinePayment ? holdEnd(deps) : undefined;
        const { reservation } = await createReservation(deps, user, stay, { source: 'online', createdBy: user.id, holdUntil });
        const payment = onlinePayment ? await app.onlinePayments.startForNewBooking(reservation._id, onlinePayment, { id: user.id, role }, holdUntil!) : undefined;
        return reply.status(201).send(ok({ ...reservation, ...(payment ? { onlinePayment: payment } : {}) }, 'Reservation received'));
      },
    );

    app.post(
      '/reservations/walk-in',
      {
        config: { access: ADMIN_STAFF, rateLimit: bookingLimit },
        schema: { tags, summary: 'Book one or several rooms for a guest at the desk', body: ZWalkInReservationCreate, response: { 201: zSuccess(ZReservation) } },
      },
      async (request, reply) => {
        const { guest, ...stay } = request.body;
        const account = (tx: Executor) => findOrCreateGuestAccount(tx, { ...guest, phone: stay.phone });
        const { reservation } = await createReservation(deps, account, stay, { source: 'walk-in', createdBy: principalOf(request).id });
        return reply.status(201).send(ok(reservation, 'Reservation received'));
      },
    );

    /** The reservation's guest, or staff and admins: anyone else gets the 404 of one that does not exist. */
    const ownerFilter = (request: FastifyRequest) => {
      const caller = principalOf(request);
      return caller.role === 'user' ? caller.id : undefined;
    };

    /** A guest reads only their own reservation's folio and invoice: another's is a 404 (one read). */
    const mustOwn = async (request: FastifyRequest, id: string) => {
      const owner = ownerFilter(request);
      if (owner && !(await isReservationOf(deps.db, id, owner))) throw AppError.notFound('This reservation does not exist.', 'RESERVATION_NOT_FOUND');
    };

    app.get(
      '/reservations/my-reservations',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            "My reservations, newest first, each with its rooms (bookings) inside: a page of reservations, however many rooms each holds (My Bookings' cards)",
          querystring: ZPageQuery.strict(),
          response: { 200: zList(ZReservation) },
        },
      },
      async (request) => {
        const { data, meta } = await getGuestReservations(deps, principalOf(request).id, request.query);
        return list(data, meta);
      },
    );

    app.get(
      '/reservations/:id',
      { config: { access: 'signed-in' }, schema: { tags, summary: 'A reservation with its rooms (its guest, staff and admins)', params: ZIdParams, response: { 200: zSuccess(ZReservation) } } },
      async (request) => ok(await getReservation(deps, request.params.id, ownerFilter(request))),
    );

    app.get(
      '/reservations/:id/folio',
      { config: { access: 'signed-in' }, schema: { tags, summary: 'The folio: lines, payments, refunds and the balance (lines − payments + refunds)', params: ZIdParams, response: { 200: zSuccess(ZFolio) } } },
      async (request) => {
        await mustOwn(request, request.params.id);
        return ok(await getFolio(deps.db, request.params.id));
      },
    );

    const folioAnswer = { 201: zSuccess(ZFolio) };
    app.post(
      '/reservations/:id/charges',
      { config: { access: ADMIN_STAFF, idempotent: true }, schema: { tags, summary: 'Post an in-stay charge (its charge type\'s service charge and VAT follow)', params: ZIdParams, body: ZChargeCreate, response: folioAnswer } },
      async (request, reply) => {
        const { folio, message } = await postDeskCharge(deps, request.params.id, request.body, principalOf(request).id);
        return reply.status(201).send(ok(folio, message));
      },
    );
    app.post(
      '/reservations/:id/reversals',
      { config: { access: ADMIN_STAFF, idempotent: true }, schema: { tags, summary: 'Reverse a line (with its discount and taxes) with a reason; lines are never edited', params: ZIdParams, body: ZReversalCreate, response: folioAnswer } },
      async (request, reply) => {
        const { folio, message } = await reverseDeskLine(deps, request.params.id, request.body, principalOf(request).id);
        return reply.status(201).send(ok(folio, message));
      },
    );
    app.post(
      '/reservations/:id/payments',
      { config: { access: ADMIN_STAFF, idempotent: true }, schema: { tags, summary: 'Record money received (a deposit, the balance): not more than the balance', params: ZIdParams, body: ZFolioPaymentCreate, response: folioAnswer } },
      async (request, reply) => {
        const { folio, message } = await takeDeskPayment(deps, request.params.id, request.body, principalOf(request).id);
        return reply.status(201).send(ok(folio, message));
      },
    );
    app.post(
      '/reservations/:id/refunds',
      { config: { access: ADMIN_STAFF, idempotent: true }, schema: { tags, summary: 'Record money given back: several partial refunds, never more in all than was paid', params: ZIdParams, body: ZRefundCreate, response: folioAnswer } },
      async (request, reply) => {
        const { folio, message } = await giveDeskRefund(deps, request.params.id, request.body, principalOf(request).id);
        return reply.status(201).send(ok(folio, message));
      },
    );
    app.post(
      '/reservations/:id/credit-notes',
      { config: { access: ADMIN_STAFF, idempotent: true }, schema: { tags, summary: 'Cancel the issued invoice with a credit note of its own number', params: ZIdParams, body: ZCreditNoteCreate, response: folioAnswer } },
      async (request, reply) => {
        const { folio, message } = await creditDeskInvoice(deps, request.params.id, request.body.reason, principalOf(request).id);
        return reply.status(201).send(ok(folio, message));
      },
    );
    app.post(
      '/reservations/:id/invoices',
      { config: { access: ADMIN_STAFF, idempotent: true }, schema: { tags, summary: 'Invoice again after a credit note (every room checked out or ended)', params: ZIdParams, response: folioAnswer } },
      async (request, reply) => {
        const { folio, message } = await reissueDeskInvoice(deps, request.params.id, principalOf(request).id);
        return reply.status(201).send(ok(folio, message));
      },
    );

    // The desk changes a reservation (issue 22): rooms added or removed, dates, a guest moved.
    const staffOf = (request: FastifyRequest) => {
      const { id, user } = principalOf(request);
      return { id, name: user.name };
    };
    app.post(
      '/reservations/:id/rooms',
      { config: { access: ADMIN_STAFF }, schema: { tags, summary: "Add a room for the reservation's dates at the current rates (409 when it is booked on one of them)", params: ZIdParams, body: ZRoomAdd, response: { 201: zSuccess(ZReservation) } } },
      async (request, reply) => reply.status(201).send(ok(await addRoom(deps, request.params.id, request.body, staffOf(request)), 'Room added')),
    );
    app.delete(
      '/reservations/:id/rooms/:bookingId',
      { config: { access: ADMIN_STAFF }, schema: { tags, summary: 'Remove a room not checked in to, without penalty (its folio lines reversed with the reason); never the last room', params: ZRoomRemoveParams, body: ZRoomRemove, response: { 200: zSuccess(ZReservation) } } },
      async (request) => ok(await removeRoom(deps, request.params.id, request.params.bookingId, request.body.reason, staffOf(request)), 'Room removed'),
    );
    app.post(
      '/bookings/:id/dates',
      { config: { access: ADMIN_STAFF }, schema: { tags, summary: 'Change a stay\'s dates: nights kept keep their price, new nights at the current rates or the desk\'s with a reason (409 when the room is booked)', params: ZIdParams, body: ZDatesChange, response: { 200: zSuccess(ZBooking) } } },
      async (request) => {
        const { booking, message } = await changeDates(deps, request.params.id, request.body, staffOf(request));
        return ok(booking, message);
      },
    );
    app.post(
      '/bookings/:id/move',
      { config: { access: ADMIN_STAFF }, schema: { tags, summary: 'Move the guest to another room for the nights left, the price kept unless the desk changes it with a reason (409 when the room is booked)', params: ZIdParams, body: ZRoomMove, response: { 200: zSuccess(ZBooking) } } },
      async (request) => {
        const { booking, message } = await moveGuest(deps, request.params.id, request.body, staffOf(request));
        return ok(booking, message);
      },
    );

    app.get(
      '/reservations/:id/invoice',
      {
        config: { access: 'signed-in' },
        schema: { tags, summary: 'The VAT invoice (Mushak-6.3) as a PDF in English or Bengali; before check-out a proforma, for staff only', params: ZIdParams, querystring: ZInvoiceQuery },
      },
      async (request, reply) => {
        await mustOwn(request, request.params.id);
        const { pdf, filename } = await reservationInvoicePdf(deps, request.params.id, { ...request.query, staff: !ownerFilter(request) });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };
}
