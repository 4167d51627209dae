import { setTimeout } from 'node:timers/promises';
import {
  ZAuthPayload,
  ZAuthUser,
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZMessageResponse,
  ZRegisterRequest,
  ZResetPasswordRequest,
  zSuccess,
} from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentUser } from '../../lib/accounts.ts';
import { ok } from '../../lib/respond.ts';
import { principalOf } from '../../plugins/auth.ts';
import { changePassword, login, register, requestPasswordReset, resetPassword, type SignToken } from './auth.service.ts';
import { z } from 'zod';

const tags = ['auth'];
/** Longer than writing the reset link and its mail takes on a busy server. */
const FORGOT_PASSWORD_ANSWER_MS = 400;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const sign: SignToken = (claims) => app.jwt.sign(claims);
  const authLimit = { max: app.config.rateLimit.authMax, timeWindow: app.config.rateLimit.authWindow };

  app.post(
    '/auth/register',
    {
      // 409: the e-mail has an account already.
      config: { access: 'public', rateLimit: authLimit, errors: [409] },
      schema: {
        tags,
        summary: 'Create an account (role user) and sign in',
        body: ZRegisterRequest,
        response: { 201: zSuccess(ZAuthPayload) },
      },
    },
    async (request, reply) => {
      const payload = await register(app.db, sign, request.body);
      return reply.status(201).send(ok(payload, 'Account created'));
    },
  );

  app.post(
    '/auth/login',
    {
      // 401: no account with this e-mail and password.
      config: { access: 'public', rateLimit: authLimit, errors: [401] },
      schema: { tags, summary: 'Sign in with e-mail and password', body: ZLoginRequest, response: { 200: zSuccess(ZAuthPayload) } },
    },
    async (request) => ok(await login(app.db, sign, request.body), 'Logged in'),
  );

  app.get(
    '/auth/me',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'The signed-in user', response: { 200: zSuccess(ZAuthUser) } },
    },
    async (request) => ok(presentUser(principalOf(request).user)),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign out (tokens are stateless: the client forgets its token)',
        response: { 200: ZMessageResponse },
      },
    },
    async () => ({ success: true as const, message: 'Logged out' }),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public', rateLimit: authLimit },
      schema: {
        tags,
        summary: 'E-mail a one-hour password reset link (same answer whether or not the account exists)',
        body: ZForgotPasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      // Known and unknown e-mails take the same time to answer, so the timing does not tell
      // whether an account exists (the words are the same already).
      await Promise.all([
        requestPasswordReset(app.db, app.mailer, app.config, request.body.email),
        setTimeout(FORGOT_PASSWORD_ANSWER_MS),
      ]);
      return {
        success: true as const,
        message: 'If an account exists for this e-mail, a link to reset the password is on its way.',
      };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public', rateLimit: authLimit },
      schema: {
        tags,
        summary: 'Choose a new password with the e-mailed token (once, within one hour)',
        body: ZResetPasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      const userId = await resetPassword(app.db, request.body);
      app.principals.forget(userId);
      return { success: true as const, message: 'Your password has been changed. You can now log in.' };
    },
  );

  app.post(
    '/auth/change-password',
    {
      // Limited like sign-in: it answers whether a password is right.
      config: { access: 'signed-in', rateLimit: authLimit },
      schema: {
        tags,
        summary: 'Change my password (the current one first); ends every other sign-in and answers a new token',
        body: ZChangePasswordRequest,
        response: { 200: zSuccess(z.object({ token: z.string() })) },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const token = await changePassword(app.db, sign, user, request.body);
      app.principals.forget(user.id);
      return ok({ token }, 'Your password has been changed. Your other sign-ins have ended.');
    },
  );
};
