import multipart from '@fastify/multipart';
import { GUEST_PHOTO_KINDS, MAX_UPLOAD_BYTES, ZGuestCardsPut, ZGuestPhoto, ZGuestRegistration, ZGuestSuggestions, zSuccess, zText } from '@residency/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/respond.ts';
import { principalOf } from '../../plugins/auth.ts';
import { fileTooLarge, translateMultipartError } from '../../lib/multipart-errors.ts';
import { imageGateOf } from '../uploads/uploads.service.ts';
import { eraseGuestData } from './register-retention.service.ts';
import { addPhoto, getRegistration, readPhoto, saveRegistration, suggestCards, type RegisterDeps } from './guest-register.service.ts';

const tags = ['guest register'];

const ZBookingParams = z.object({ id: z.uuid({ message: 'id must be a booking id.' }) });
const ZCardParams = ZBookingParams.extend({ guestId: z.uuid({ message: 'guestId must be a guest id.' }) });
const ZPhotoParams = ZCardParams.extend({ photoId: z.uuid({ message: 'photoId must be a photo id.' }) });
const ZKind = z.enum(GUEST_PHOTO_KINDS, { message: 'kind must be document or portrait.' });


const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The registration cards of a room (issue 34): read and written by the room's own guest (before
 * check-in) and the desk; the photos go in only by the multipart route and out only by the
 * logged one. Staff see a 30-day window of past stays; admins everything.
 */
export const guestRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 3, fieldSize: 64, parts: 5 },
    throwFileSizeLimit: true,
  });
  const deps: RegisterDeps = { db: app.db, config: app.config, privateStorage: app.privateStorage, gate: imageGateOf(app.config), log: app.log };

  app.get(
    '/bookings/:id/guests',
    {
      config: { access: 'signed-in', errors: [403] },
      schema: {
        tags,
        summary: "The registration cards of one room's guests (the room's own guest; staff for stays from the last 30 days and upcoming; admins all). Each read is logged",
        params: ZBookingParams,
        response: { 200: zSuccess(ZGuestRegistration) },
      },
    },
    async (request) => ok(await getRegistration(deps, principalOf(request), request.params.id, request)),
  );

  app.put(
    '/bookings/:id/guests',
    {
      config: { access: 'signed-in', errors: [403] },
      schema: {
        tags,
        summary:
          "Save the room's guests: one card per adult, children by name and age. A card sent with its id keeps its photos; one left out is removed. The guest may change them until check-in (409 REGISTRATION_LOCKED after)",
        params: ZBookingParams,
        body: ZGuestCardsPut,
        response: { 200: zSuccess(ZGuestRegistration) },
      },
    },
    async (request) => ok(await saveRegistration(deps, principalOf(request), request.params.id, request.body), 'Registration cards saved'),
  );

  app.get(
    '/bookings/:id/guests/suggestions',
    {
      config: { access: 'signed-in', errors: [403, 409] },
      schema: {
        tags,
        summary: "Cards to copy: the same account's last earlier stay, or (the desk) the latest card with this document number; text only, photos are taken anew",
        params: ZBookingParams,
        querystring: z.object({ idNumber: zText().trim().max(40).optional() }),
        response: { 200: zSuccess(ZGuestSuggestions) },
      },
    },
    async (request) => ok(await suggestCards(deps, principalOf(request), request.params.id, request.query.idNumber || undefined)),
  );

  app.post(
    '/bookings/:id/guests/:guestId/photos',
    {
      config: {
        access: 'signed-in',
        errors: [403, 503],
        rateLimit: {
          max: app.config.rateLimit.uploadMax,
          timeWindow: app.config.rateLimit.uploadWindow,
          keyGenerator: (request: FastifyRequest) => `id-photo:${request.principal?.id ?? request.ip}`,
        },
      },
      onRequest: async (request) => {
        const length = Number(request.headers['content-length']);
        if (Number.isFinite(length) && length > MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES) throw fileTooLarge();
      },
      schema: {
        tags,
        summary:
          'Add the ID document or the portrait photo of a guest: multipart with `kind` (document | portrait) and `file`. Re-encoded as JPEG at most 1600 px, every metadata stripped (GPS included), encrypted (AES-256-GCM) in private storage',
        params: ZCardParams,
        consumes: ['multipart/form-data'],
        response: { 201: zSuccess(ZGuestPhoto) },
      },
    },
    async (request, reply) => {
      const { buffer, kind } = await readPhotoForm(request);
      const photo = await addPhoto(deps, principalOf(request), request.params.id, request.params.guestId, kind, buffer);
      return reply.code(201).send(ok(photo, 'Photo saved'));
    },
  );

  app.post(
    '/users/me/erasure-request',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          "The guest's erasure request: the cards of stays that never began are deleted, the photos of stays that are over deleted now; the register's text of stays checked in is kept as the law asks, until REGISTER_RETENTION_DAYS after check-out, and the answer lists each with its date",
        response: {
          200: zSuccess(
            z.object({
              deletedCards: z.number(),
              deletedPhotos: z.number(),
              kept: z.array(z.object({ reference: z.string(), roomNumber: z.string(), checkIn: z.string(), checkOut: z.string(), what: z.literal('register'), until: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) => {
      const answer = await eraseGuestData(deps, principalOf(request).id);
      const message =
        answer.kept.length > 0
          ? `Deleted ${answer.deletedCards} card(s) and ${answer.deletedPhotos} photo(s). The guest register keeps ${answer.kept.length} stay(s) as the law requires, each until the date given.`
          : `Deleted ${answer.deletedCards} card(s) and ${answer.deletedPhotos} photo(s). Nothing of yours is left in the guest register.`;
      return ok(answer, message);
    },
  );

  app.get(
    '/bookings/:id/guests/:guestId/photos/:photoId',
    {
      config: { access: 'signed-in', errors: [403, 410] },
      schema: {
        tags,
        summary: 'The photo as JPEG: the only way an ID photo leaves the server; each view is logged. 410 PHOTO_DELETED after its retention',
        params: ZPhotoParams,
      },
    },
    async (request, reply) => {
      const jpeg = await readPhoto(deps, principalOf(request), { bookingId: request.params.id, cardId: request.params.guestId, photoId: request.params.photoId }, request);
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-store').send(jpeg);
    },
  );
};

/** The `kind` and `file` fields, whatever their order. */
async function readPhotoForm(request: FastifyRequest): Promise<{ buffer: Buffer; kind: z.infer<typeof ZKind> }> {
  if (!request.isMultipart()) throw new AppError('NOT_MULTIPART', 'Send the photo as multipart/form-data with "kind" and "file".', 415);
  let buffer: Buffer | undefined;
  let kindValue: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file') buffer = data;
      } else if (part.fieldname === 'kind') {
        kindValue = part.value;
      }
    }
  } catch (error) {
    throw translateMultipartError(error);
  }
  const kind = ZKind.safeParse(kindValue);
  if (!kind.success) {
    const message = 'kind must be document or portrait.';
    throw new AppError('VALIDATION_ERROR', message, 400, [{ path: 'kind', message }]);
  }
  if (!buffer || buffer.length === 0) throw AppError.badRequest('Choose a photo to upload (form field "file").', 'NO_FILE');
  return { buffer, kind: kind.data };
}
