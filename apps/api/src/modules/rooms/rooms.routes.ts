import {
  ZIdParams,
  ZMessageResponse,
  ZRoom,
  ZRoomInput,
  ZRoomListQuery,
  ZRoomPatch,
  zList,
  zSuccess,
} from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { list, ok, sendSerialized, serialize } from '../../lib/respond.ts';
import { checkStayDates } from '../../lib/stay-dates.ts';
import { ADMIN, ADMIN_STAFF } from '../../plugins/access.ts';
import { principalOf } from '../../plugins/auth.ts';
import { createRoom, deleteRoom, getRoom, listRooms, patchRoom, roomListParts, searchRoomsForStay } from './rooms.service.ts';

const tags = ['rooms'];

export const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Public reads are answered from the rooms cache (serialised JSON) when possible. */
  const cached = async (key: string, load: () => Promise<unknown>) =>
    app.roomsCache.through(key, async () => serialize(await load()));

  app.post(
    '/room/create-room',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Create a room', body: ZRoomInput, response: { 201: zSuccess(ZRoom) } },
    },
    async (request, reply) => {
      const room = await createRoom(app.db, request.body);
      app.roomsCache.clear();
      return reply.status(201).send(ok(room, 'Room Added Successfully'));
    },
  );

  app.get(
    '/room',
    {
      config: { access: 'public' },
      // The hottest read: answers are built by presentRoom from typed rows, so the zod
      // re-check of every field on the way out is skipped (the schema still documents them).
      serializerCompiler: () => (data) => JSON.stringify(data),
      // The same URL answered from the index a moment ago, nothing it depends on changed since:
      // its bytes again, before the query is parsed and checked once more (issue 36). Only
      // answers that passed every check are kept, and the hotel's day is part of their key.
      onRequest: (request, reply, done) => {
        const kept = app.availability.cachedAnswer(request.url);
        if (kept) sendSerialized(reply, kept.length === 1 ? kept[0]! : Buffer.concat(kept));
        else done();
      },
      schema: {
        tags,
        summary:
          'Rooms (filter by status and category, search by room number and name; limit up to 1000). With checkIn, checkOut and guests: only rooms free for the whole stay that fit the guests.',
        querystring: ZRoomListQuery,
        response: { 200: zList(ZRoom) },
      },
    },
    async (request, reply) => {
      const { page, limit, status, searchTerm, categories, checkIn, checkOut, guests } = request.query;
      const filter = { page, limit, status, searchTerm, category: categories };
      // The dates follow the booking rules, so a stay listed here is one the guest can book.
      if (checkIn && checkOut) checkStayDates(checkIn, checkOut, app.config.hotel.timeZone, app.config.bookingHorizonDays);
      const stay = checkIn && checkOut ? { checkIn, checkOut, adults: guests?.adults ?? 1, children: guests?.children ?? 0 } : undefined;
      // Answered from the availability index (issue 23) when it can: no query at all.
      const found = app.availability.findRooms({ ...filter, stay });
      if (found) {
        // Kept whole: joining the rooms' JSON again on every hit (a new 19 KB buffer each time)
        // cost half the rate of sending it (bench/search.ts).
        const body = Buffer.concat(roomListParts(found.rooms, { page, limit, total: found.total }));
        app.availability.keepAnswer(request.url, [body], stay);
        return sendSerialized(reply, body);
      }
      if (stay) {
        // Availability depends on every booking: asked fresh each time, never cached.
        return sendSerialized(reply, await searchRoomsForStay(app.db, app.roomsCache, { ...filter, stay }));
      }
      const body = await cached(request.url, async () => {
        const { data, meta } = await listRooms(app.db, filter);
        return list(data, meta);
      });
      return sendSerialized(reply, body);
    },
  );

  app.get(
    '/room/:id',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'One room', params: ZIdParams, response: { 200: zSuccess(ZRoom) } },
    },
    async (request, reply) => {
      const body = await cached(request.url, async () => ok(await getRoom(app.db, request.params.id)));
      return sendSerialized(reply, body);
    },
  );

  app.patch(
    '/room/:id',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary: "Change a room (staff: its status only, `{ status }`)",
        params: ZIdParams,
        body: ZRoomPatch,
        response: { 200: zSuccess(ZRoom) },
      },
    },
    async (request) => {
      const room = await patchRoom(app.db, request.params.id, request.body, principalOf(request));
      app.roomsCache.clear();
      const statusOnly = Object.keys(request.body).every((k) => k === 'status');
      return ok(room, statusOnly ? 'Room Status updated successfully' : 'Room updated successfully');
    },
  );

  app.delete(
    '/room/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Delete a room (refused while it has a current or future booking; past stays keep it)',
        params: ZIdParams,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await deleteRoom(app.db, app.roomRemovalGuards, request.params.id);
      app.roomsCache.clear();
      return { success: true as const, message: 'Room Deleted successfully' };
    },
  );
};
