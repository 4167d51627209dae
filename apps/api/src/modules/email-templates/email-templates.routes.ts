import {
  EMAIL_TEMPLATE_TYPES,
  ZEmailTemplate,
  ZEmailTemplateDeleteQuery,
  ZEmailTemplateDetail,
  ZEmailTemplateSave,
  ZEmailTemplateSummary,
  ZEmailTemplateTest,
  ZEmailTemplateTestResult,
  ZEmailTemplateTypeParams,
  ZMessageResponse,
  zList,
  zSuccess,
} from '@residency/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { list, ok } from '../../lib/respond.ts';
import { ADMIN } from '../../plugins/access.ts';
import { getTemplates, listTemplates, removeTemplate, saveTemplate, sendTestMail, storedMailRenderer, type TemplateDeps } from './email-templates.service.ts';

const tags = ['email-templates'];

/** Test sends one admin may make per minute: enough to try a design, too few to spam from our address. */
export const TEST_SENDS_PER_MINUTE = 10;

/**
 * A design's JSON and HTML together may be larger than the API's usual 1 MB body: the designer's
 * JSON describes every block, style and asset of a design whose HTML alone may be 90,000 characters.
 */
const SAVE_BODY_LIMIT = 2 * 1_048_576;

/** The booking e-mails' designs (spec section 7, Email templates): admins only. */
export const emailTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: TemplateDeps = { db: app.db, mailer: app.mailer, config: app.config };
  app.mailer.renderStoredWith(storedMailRenderer(app.db, app.config));

  app.get(
    '/email-templates',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'The four booking e-mails, each with its English and Bengali design: saved or not, subject, active, updated',
        response: { 200: zList(ZEmailTemplateSummary) },
      },
    },
    async () => {
      const data = await listTemplates(deps);
      return list(data, { page: 1, limit: EMAIL_TEMPLATE_TYPES.length, total: data.length });
    },
  );

  app.post(
    '/email-templates',
    {
      bodyLimit: SAVE_BODY_LIMIT,
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Save the design of a type in a language (replaces the saved one)',
        description: [
          'Variables of the subject or HTML that the type does not support are refused:',
          "400 UNKNOWN_VARIABLES 'Unknown variables used: {{foo}}, {{bar}}' (errors name the field: subject, html).",
          'The HTML is stored cleaned (no scripts, frames, forms or event handlers) with its CSS inlined;',
          'the design JSON is stored untouched. 400 UNREADABLE_DESIGN when its CSS cannot be read.',
        ].join(' '),
        body: ZEmailTemplateSave,
        response: { 200: zSuccess(ZEmailTemplate) },
      },
    },
    async (request) => ok(await saveTemplate(deps, request.body), 'Template saved'),
  );

  app.get(
    '/email-templates/:type',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "A type's saved designs (English, Bengali; null when none) and its built-in defaults; 404 for a type that does not exist",
        params: ZEmailTemplateTypeParams,
        response: { 200: zSuccess(ZEmailTemplateDetail) },
      },
    },
    async (request) => ok(await getTemplates(deps, request.params.type)),
  );

  app.delete(
    '/email-templates/:type',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Delete the saved design of a type (one language with ?language=, else both): its mails use the built-in default again',
        params: ZEmailTemplateTypeParams,
        querystring: ZEmailTemplateDeleteQuery,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await removeTemplate(deps, request.params.type, request.query.language);
      return { success: true as const, message: 'Template deleted. The built-in design is used again.' };
    },
  );

  app.post(
    '/email-templates/test',
    {
      config: {
        access: ADMIN,
        // Per admin; shared across processes with Redis. Counted before the handler, after the
        // guard and validation: a refused request (400) does not use up the admin's test sends.
        rateLimit: {
          hook: 'preHandler',
          max: TEST_SENDS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `email-test:${request.principal?.id ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'Send a test of a type in a language: the active design (else the built-in default), sample values overridden by `variables`',
        description: [
          `At most ${TEST_SENDS_PER_MINUTE} per admin per minute (429 RATE_LIMITED).`,
          "400 UNKNOWN_VARIABLES for a variable the type does not have; 400 MISSING_VARIABLES when a required one is given empty.",
          'Sent through the outbox like every mail (202).',
        ].join(' '),
        body: ZEmailTemplateTest,
        response: { 202: zSuccess(ZEmailTemplateTestResult) },
      },
    },
    async (request, reply) => {
      const result = await sendTestMail(deps, request.body);
      return reply.status(202).send(ok(result, `Test e-mail sent to ${result.to}`));
    },
  );
};
