import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, ZStoredImage, zSuccess } from '@residency/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { fileTooLarge, translateMultipartError } from '../../lib/multipart-errors.ts';
import { ok } from '../../lib/respond.ts';
import { UPLOAD_PURPOSES, imageGateOf, uploadImage, type UploadPurpose } from './uploads.service.ts';

const ZPurpose = z.enum(UPLOAD_PURPOSES, { message: 'purpose must be content, profile or event.' });

/** Room for the form's boundaries and small fields around one file at the limit. */
const FORM_OVERHEAD_BYTES = 64 * 1024;


const tags = ['uploads'];

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this module reads multipart bodies; everything else stays JSON-only.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
    throwFileSizeLimit: true,
  });

  const gate = imageGateOf(app.config);

  app.post(
    '/uploads',
    {
      config: {
        // Public for event-request pictures (a visitor asking for a hall has no account);
        // everything else needs a signed-in caller, checked with the purpose below.
        access: 'public',
        identifyCaller: true,
        // A guest's `content` upload is refused (admin and staff only): the fuzzer found it undeclared.
        errors: [403],
        // Per account (the guard has set the principal by then), so one guest cannot fill the
        // decode queue for everyone; the same limit holds across API processes with Redis.
        rateLimit: {
          max: app.config.rateLimit.uploadMax,
          timeWindow: app.config.rateLimit.uploadWindow,
          keyGenerator: (request: FastifyRequest) => `upload:${request.principal?.id ?? request.ip}`,
        },
      },
      // A body that says up front it is too large is refused before a byte of it is read.
      onRequest: async (request) => {
        const length = Number(request.headers['content-length']);
        if (Number.isFinite(length) && length > MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES) throw fileTooLarge();
      },
      schema: {
        tags,
        summary: 'Upload an image (stored as WebP variants, metadata removed)',
        description: [
          'Body: `multipart/form-data` with one file field `file` (at most 10 MB; JPEG, PNG, WebP, AVIF, GIF or HEIC, recognised by its content)',
          'and an optional text field `purpose`: `content` (default: room, category, gallery, blog and hero images; admin and staff only),',
          '`profile` (any signed-in user) or `event` (anyone, signed in or not: the picture of an event request).',
          'Pictures over 40 megapixels are refused from their header, before decoding.',
          'Errors: 400 NOT_AN_IMAGE, NO_FILE, TOO_MANY_FILES, TOO_MANY_FIELDS, BAD_MULTIPART, VALIDATION_ERROR; 403 FORBIDDEN;',
          '413 FILE_TOO_LARGE, IMAGE_TOO_LARGE; 415 NOT_MULTIPART; 429 RATE_LIMITED (per account); 503 IMAGES_BUSY (with Retry-After).',
        ].join(' '),
        consumes: ['multipart/form-data'],
        response: { 201: zSuccess(ZStoredImage) },
      },
    },
    async (request, reply) => {
      const { buffer, purpose } = await readUploadForm(request);
      const caller = request.principal;
      if (!caller && purpose !== 'event') throw AppError.unauthorized('Please log in to upload pictures.');
      const image = await uploadImage({ storage: app.storage, gate }, caller, purpose, buffer);
      return reply.code(201).send(ok(image));
    },
  );
};

/** The `file` and `purpose` fields, whatever their order; the form's own mistakes as AppErrors. */
async function readUploadForm(request: FastifyRequest): Promise<{ buffer: Buffer; purpose: UploadPurpose }> {
  if (!request.isMultipart()) {
    throw new AppError('NOT_MULTIPART', 'Send the image as multipart/form-data with a "file" field.', 415);
  }
  let buffer: Buffer | undefined;
  let purposeValue: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read every file part to its end (the parser waits for it), keep only `file`.
        const data = await part.toBuffer();
        if (part.fieldname === 'file') buffer = data;
      } else if (part.fieldname === 'purpose') {
        purposeValue = part.value;
      }
    }
  } catch (error) {
    throw translateMultipartError(error);
  }
  const purpose = ZPurpose.default('content').safeParse(purposeValue === '' ? undefined : purposeValue);
  if (!purpose.success) {
    const message = purpose.error.issues[0]?.message ?? 'purpose must be content, profile or event.';
    throw new AppError('VALIDATION_ERROR', message, 400, [{ path: 'purpose', message }]);
  }
  if (!buffer || buffer.length === 0) {
    throw AppError.badRequest('Choose an image to upload (form field "file").', 'NO_FILE');
  }
  return { buffer, purpose: purpose.data };
}
