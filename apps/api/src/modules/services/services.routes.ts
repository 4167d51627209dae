import {
  ZIdParams,
  ZMessageResponse,
  ZServiceListQuery,
  ZServiceRequest,
  ZServiceRequestCreate,
  ZServiceRequestPatch,
  zList,
  zSuccess,
} from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { list, ok } from '../../lib/respond.ts';
import { ADMIN_STAFF } from '../../plugins/access.ts';
import { principalOf } from '../../plugins/auth.ts';
import {
  createServiceRequest,
  getServiceRequest,
  getServiceRequests,
  markServiceRequestCompleted,
  removeServiceRequest,
} from './services.service.ts';

const tags = ['services'];

/** In-stay service requests: guests ask, staff and admins handle them (spec section 7, Services). */
export const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/services',
    {
      config: { access: ['user'] },
      schema: {
        tags,
        summary: 'Ask for a service for a current or upcoming stay (409 NO_OPEN_STAY without one)',
        body: ZServiceRequestCreate,
        response: { 201: zSuccess(ZServiceRequest) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await createServiceRequest(app.db, app.config, principalOf(request).id, request.body), 'Request sent')),
  );

  app.get(
    '/services',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary: 'Service requests, pending first and newest first (search over guest, room and booking ID)',
        querystring: ZServiceListQuery,
        response: { 200: zList(ZServiceRequest) },
      },
    },
    async (request) => {
      const { data, meta } = await getServiceRequests(app.db, request.query);
      return list(data, meta);
    },
  );

  app.get(
    '/services/my-services',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'My service requests', querystring: ZServiceListQuery, response: { 200: zList(ZServiceRequest) } },
    },
    async (request) => {
      const { data, meta } = await getServiceRequests(app.db, { ...request.query, userId: principalOf(request).id });
      return list(data, meta);
    },
  );

  app.get(
    '/services/:id',
    {
      config: { access: ADMIN_STAFF },
      schema: { tags, summary: 'One service request', params: ZIdParams, response: { 200: zSuccess(ZServiceRequest) } },
    },
    async (request) => ok(await getServiceRequest(app.db, request.params.id)),
  );

  app.patch(
    '/services/:id',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary: 'Mark as complete ({isCompleted: true}); 409 when it is already',
        params: ZIdParams,
        body: ZServiceRequestPatch,
        response: { 200: zSuccess(ZServiceRequest) },
      },
    },
    async (request) => ok(await markServiceRequestCompleted(app.db, request.params.id, principalOf(request).id), 'Marked as complete'),
  );

  app.delete(
    '/services/:id',
    {
      config: { access: ADMIN_STAFF },
      schema: { tags, summary: 'Delete a service request', params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await removeServiceRequest(app.db, request.params.id);
      return { success: true as const, message: 'Service request deleted' };
    },
  );
};
