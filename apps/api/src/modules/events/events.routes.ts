import {
  ZEventListQuery,
  ZEventRequest,
  ZEventRequestCreate,
  ZEventRequestUpdate,
  ZIdParams,
  ZMessageResponse,
  ZVenue,
  ZVenueInput,
  zList,
  zSuccess,
} from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { list, ok } from '../../lib/respond.ts';
import { ADMIN, ADMIN_STAFF } from '../../plugins/access.ts';
import {
  changeEventRequest,
  changeVenue,
  createEventRequest,
  createEventRequestWriter,
  createVenue,
  getEventRequest,
  getEventRequests,
  getVenues,
  removeEventRequest,
  removeVenue,
  type EventDeps,
} from './events.service.ts';

const tags = ['events'];

/** Meetings & events: the halls (public), requests for them (anyone), and the staff's handling. */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: EventDeps = { db: app.db, mailer: app.mailer, config: app.config };
  const writer = createEventRequestWriter(deps);

  app.post(
    '/events',
    {
      // Public, and so limited per address like the contact form: each request mails the hotel.
      config: { access: 'public', rateLimit: { max: app.config.rateLimit.authMax, timeWindow: app.config.rateLimit.authWindow } },
      schema: {
        tags,
        summary: 'Ask for a hall (no account needed): stored as pending, mailed to the requester and the hotel',
        body: ZEventRequestCreate,
        response: { 201: zSuccess(ZEventRequest) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await createEventRequest({ ...deps, writer }, request.body), 'Event request received')),
  );

  app.get(
    '/events',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary: 'Event requests, newest first: by status, event date range (from, to) and search',
        querystring: ZEventListQuery,
        response: { 200: zList(ZEventRequest) },
      },
    },
    async (request) => {
      const { data, meta } = await getEventRequests(deps, request.query);
      return list(data, meta);
    },
  );

  app.get(
    '/events/:id',
    {
      config: { access: ADMIN_STAFF },
      schema: { tags, summary: 'One event request', params: ZIdParams, response: { 200: zSuccess(ZEventRequest) } },
    },
    async (request) => ok(await getEventRequest(deps, request.params.id)),
  );

  app.put(
    '/events/:id',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary: 'Change a request (status set freely; a new status is mailed to the requester in their language)',
        params: ZIdParams,
        body: ZEventRequestUpdate,
        response: { 200: zSuccess(ZEventRequest) },
      },
    },
    async (request) => ok(await changeEventRequest(deps, request.params.id, request.body), 'Event request updated'),
  );

  app.delete(
    '/events/:id',
    {
      config: { access: ADMIN_STAFF },
      schema: { tags, summary: 'Delete an event request', params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await removeEventRequest(deps, request.params.id);
      return { success: true as const, message: 'Event request deleted' };
    },
  );

  app.get(
    '/venues',
    {
      config: { access: 'public' },
      schema: { tags, summary: "The hotel's halls with their seats per layout", response: { 200: zSuccess(z.array(ZVenue)) } },
    },
    async () => ok(await getVenues(app.db)),
  );

  app.post(
    '/venues',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Add a hall', body: ZVenueInput, response: { 201: zSuccess(ZVenue) } },
    },
    async (request, reply) => reply.status(201).send(ok(await createVenue(app.db, request.body), 'Hall added')),
  );

  app.put(
    '/venues/:id',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Change a hall', params: ZIdParams, body: ZVenueInput, response: { 200: zSuccess(ZVenue) } },
    },
    async (request) => ok(await changeVenue(app.db, request.params.id, request.body), 'Hall updated'),
  );

  app.delete(
    '/venues/:id',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Remove a hall', params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await removeVenue(app.db, request.params.id);
      return { success: true as const, message: 'Hall removed' };
    },
  );
};
