import {
  MESSAGES,
  ZAuthUser,
  ZIdParams,
  ZInviteRequest,
  ZMessageResponse,
  ZProfileUpdateRequest,
  ZUpdateRoleRequest,
  ZUserListItem,
  ZUserListQuery,
  zList,
  zSuccess,
} from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN } from '../../plugins/access.ts';
import { principalOf } from '../../plugins/auth.ts';
import { list, ok } from '../../lib/respond.ts';
import { changeRole, deleteUser, getUser, inviteUser, listUsers, updateProfile } from './users.service.ts';

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'List users (search over name and e-mail)',
        querystring: ZUserListQuery,
        response: { 200: zList(ZUserListItem) },
      },
    },
    async (request) => {
      const { data, meta } = await listUsers(app.db, request.query);
      return list(data, meta);
    },
  );

  app.post(
    '/users/invite',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Invite a colleague: the account is made with the role, and a one-hour link to choose a password is mailed',
        body: ZInviteRequest,
        response: { 201: zSuccess(ZUserListItem) },
      },
    },
    async (request, reply) => {
      const user = await inviteUser({ db: app.db, mailer: app.mailer, config: app.config }, request.body, principalOf(request).user);
      return reply.status(201).send(ok(user, `Invitation sent to ${user.email}`));
    },
  );

  app.patch(
    '/users/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Update my profile: name, phone (a new number is no longer verified), address, image, SMS choice (smsOptIn)',
        body: ZProfileUpdateRequest,
        response: { 200: zSuccess(ZAuthUser) },
      },
    },
    async (request) => {
      const { id } = principalOf(request);
      const user = await updateProfile(app.db, id, request.body);
      app.principals.forget(id);
      return ok(user, 'Profile updated');
    },
  );

  app.get(
    '/users/:id',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'One user', params: ZIdParams, response: { 200: zSuccess(ZUserListItem) } },
    },
    async (request) => ok(await getUser(app.db, request.params.id)),
  );

  app.put(
    '/users/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "Change a user's role (409 for the last admin, and for your own account)",
        params: ZIdParams,
        body: ZUpdateRoleRequest,
        response: { 200: zSuccess(ZUserListItem) },
      },
    },
    async (request) => {
      const user = await changeRole(app.db, request.params.id, request.body.role, principalOf(request).id);
      app.principals.forget(request.params.id);
      return ok(user, MESSAGES.userRoleUpdated);
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Delete a user (the account is closed; 409 for the last admin, and for your own account)',
        params: ZIdParams,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await deleteUser(app.db, request.params.id, principalOf(request).id);
      app.principals.forget(request.params.id);
      return { success: true as const, message: MESSAGES.userDeleted };
    },
  );
};
