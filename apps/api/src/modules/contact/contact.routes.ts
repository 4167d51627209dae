import { ZContactRequest, ZMessageResponse } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendContactMessage } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: {
        access: 'public',
        rateLimit: { max: app.config.rateLimit.authMax, timeWindow: app.config.rateLimit.authWindow },
      },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the hotel (mailed through the outbox)',
        body: ZContactRequest,
        response: { 202: ZMessageResponse },
      },
    },
    async (request, reply) => {
      await sendContactMessage(app.db, app.mailer, app.config, request.body);
      return reply
        .status(202)
        .send({ success: true as const, message: 'Thank you. Your message is on its way to our front desk.' });
    },
  );
};
