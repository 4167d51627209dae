import {
  SMS_TEMPLATE_TYPES,
  ZPhoneCodeSent,
  ZPhoneVerified,
  ZPhoneVerify,
  ZPhoneVerifyRequest,
  ZSmsPreview,
  ZSmsPreviewRequest,
  ZSmsTemplate,
  ZSmsTemplateParams,
  ZSmsTemplateSave,
  zList,
  zSuccess,
  zText,
} from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptForms } from '../../lib/form-body.ts';
import { list, ok } from '../../lib/respond.ts';
import { ADMIN } from '../../plugins/access.ts';
import { principalOf } from '../../plugins/auth.ts';
import { requestPhoneCode, verifyPhoneCode, type PhoneDeps } from './phone-verify.service.ts';
import { listSmsTemplates, previewSms, recordDeliveryReport, resetSmsTemplate, saveSmsTemplate } from './sms.service.ts';

const tags = ['sms'];

/** The provider's fields, as a form or JSON: texts or numbers (a message id may be either). */
const ZReportFields = z.record(zText().max(100), z.union([zText().max(500), z.number()])).optional();

/** SMS (issue 34): the admin's templates, the provider's delivery reports, and the phone's one-time code. */
export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PhoneDeps = { db: app.db, sms: app.sms, config: app.config };

  app.get(
    '/sms-templates',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "Every SMS type in English and Bengali: the text in use (the admin's, else the built-in one), the default, its variables and its length in SMS segments",
        response: { 200: zList(ZSmsTemplate) },
      },
    },
    async () => {
      const data = await listSmsTemplates(app.db);
      return list(data, { page: 1, limit: SMS_TEMPLATE_TYPES.length * 2, total: data.length });
    },
  );

  app.put(
    '/sms-templates/:type/:language',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Save the text of an SMS type in a language (plain text with {{variables}})',
        description:
          "400 UNKNOWN_VARIABLES for a variable the type does not have; 400 MISSING_VARIABLES when a code SMS lacks {{code}} or a pre-arrival SMS {{checkInUrl}}. At most 1,000 characters.",
        params: ZSmsTemplateParams,
        body: ZSmsTemplateSave,
        response: { 200: zSuccess(ZSmsTemplate) },
      },
    },
    async (request) => {
      const { type, language } = request.params;
      return ok(await saveSmsTemplate(app.db, type, language, request.body.body, principalOf(request).id), 'SMS text saved');
    },
  );

  app.delete(
    '/sms-templates/:type/:language',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "Go back to the built-in text of an SMS type in a language (404 when it is in use already)",
        params: ZSmsTemplateParams,
        response: { 200: zSuccess(ZSmsTemplate) },
      },
    },
    async (request) => ok(await resetSmsTemplate(app.db, request.params.type, request.params.language), 'The built-in text is used again'),
  );

  app.post(
    '/sms-templates/preview',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'An SMS as a guest would get it: `body` (else the text in use) filled with sample values, and its length',
        body: ZSmsPreviewRequest,
        response: { 200: zSuccess(ZSmsPreview) },
      },
    },
    async (request) => ok(await previewSms(app.db, app.config, request.body)),
  );

  app.post(
    '/auth/phone/verify-request',
    {
      // 429: too many codes to this number or from this address (counted in the database).
      config: { access: 'signed-in', errors: [403, 404, 429] },
      schema: {
        tags,
        summary: "Send a one-time code by SMS to verify a phone: the caller's profile phone, or (staff, admin, with cardId) a guest's registration card phone",
        description:
          'The code has 6 digits and works 5 minutes and for 5 tries. At most 3 codes to one number in 15 minutes and 10 from one address in an hour (429 RATE_LIMITED). 409 PHONE_MISMATCH when the number is not the one saved on the profile or card; 403 when a guest sends cardId.',
        body: ZPhoneVerifyRequest,
        response: { 202: zSuccess(ZPhoneCodeSent) },
      },
    },
    async (request, reply) => {
      const sent = await requestPhoneCode(deps, { principal: principalOf(request), ip: request.ip }, request.body);
      return reply.status(202).send(ok(sent, 'Code sent'));
    },
  );

  app.post(
    '/auth/phone/verify',
    {
      config: { access: 'signed-in', errors: [403, 404] },
      schema: {
        tags,
        summary: 'Check the one-time code: the profile phone (or the card phone, with cardId) is verified',
        description: '400 CODE_WRONG (a try used; tries left in the message), CODE_EXPIRED, CODE_USED_UP (5 wrong tries), CODE_NOT_FOUND.',
        body: ZPhoneVerify,
        response: { 200: zSuccess(ZPhoneVerified) },
      },
    },
    async (request) => {
      const result = await verifyPhoneCode(deps, { principal: principalOf(request), ip: request.ip }, request.body);
      // The profile changed (phoneVerifiedAt): the cached caller is read again.
      if (!result.cardId) app.principals.forget(principalOf(request).id);
      return ok(result, 'Phone verified');
    },
  );

  // The provider's server posts its reports as a form or as JSON.
  await app.register(async (reports) => {
    acceptForms(reports);
    reports.post(
      '/sms/delivery-report',
      {
        config: { access: 'public', errors: [403, 404] },
        schema: {
          tags,
          summary: "The SMS provider's delivery report: the message's id (message_id) and its status, signed with ?secret=SMS_REPORT_SECRET",
          description: '404 while no SMS_REPORT_SECRET is set; 403 for another secret; 200 with recorded: false for a message we do not know.',
          querystring: z.looseObject({ secret: zText().max(200).optional() }),
          body: ZReportFields,
          response: { 200: zSuccess(z.object({ recorded: z.boolean() })) },
        },
      },
      async (request) => {
        const fields = (request.body ?? {}) as Record<string, unknown>;
        const secret = (request.query as { secret?: string }).secret ?? (typeof fields.secret === 'string' ? fields.secret : undefined);
        return ok(await recordDeliveryReport(app.db, app.config, secret, fields));
      },
    );
  });
};
