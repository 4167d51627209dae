import {
  ZBlock,
  ZBlockQuery,
  ZBlockReservation,
  ZBooking,
  ZDeskBlockCreate,
  ZChannelRoom,
  ZConflict,
  ZConflictQuery,
  ZConflictResolve,
  ZExportRotate,
  ZFeed,
  ZFeedCreate,
  ZIdParams,
  ZMessageResponse,
  ZSyncResult,
  zList,
  zSuccess,
  zText,
} from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LiveCache } from '../../lib/live-cache.ts';
import { list, ok } from '../../lib/respond.ts';
import { ADMIN, ADMIN_STAFF } from '../../plugins/access.ts';
import { principalOf } from '../../plugins/auth.ts';
import { newRoomQueue, type BookingDeps } from '../reservations/bookings.service.ts';
import { addDeskBlock, listBlocks, releaseDeskBlock, reserveBlock } from './blocks.service.ts';
import { followFreedNights, startChannelSchedule } from './channels.schedule.ts';
import {
  addFeed,
  channelRooms,
  exportCalendar,
  getConflicts,
  markConflictResolved,
  removeFeed,
  rotateExport,
  syncFeedNow,
  type ChannelDeps,
} from './channels.service.ts';

const tags = ['channels'];

/** Channel sync (issue 20): iCal export per room and channel, imported feeds, conflicts. */
export const channelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const exportCache = new LiveCache<string>({ ttlMs: 60_000, maxEntries: 5_000 });
  const deps: ChannelDeps = { db: app.db, mailer: app.mailer, config: app.config, exportCache };
  const unsubscribe: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    const follow = { onMessage: () => exportCache.clear(), onLive: (live: boolean) => exportCache.setLive(live) };
    // The addresses (migration 0013), and the nights and rooms (the availability feed, 0019):
    // "<seq>|<ms>|<kind>|…", where o is nights taken or freed, r the rooms, * anything.
    unsubscribe.push(await app.dbHandle.subscribe('channel_exports_changed', follow));
    unsubscribe.push(
      await app.dbHandle.subscribe('availability_changed', {
        ...follow,
        onMessage: (payload) => {
          if (/^[^|]*\|[^|]*\|[or*]\|/.test(payload)) exportCache.clear();
        },
      }),
    );
  });
  app.addHook('onClose', async () => Promise.all(unsubscribe.map((stop) => stop().catch(() => {}))));
  // This process's own changes through these routes show at once; the NOTIFY covers the rest.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET') exportCache.clear();
  });
  // Its own queue of bookings per room (the bookings routes have theirs): the room's row lock,
  // which every booking and import takes, is what orders them.
  const bookingDeps: BookingDeps = { ...deps, sms: app.sms, roomQueue: newRoomQueue() };
  startChannelSchedule(app, deps);
  followFreedNights(app, deps);

  app.get(
    '/channels/blocks',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary: "Nights held without a guest of ours (a channel's stays, the desk's closed rooms) from `from` to `to`, all rooms or one",
        querystring: ZBlockQuery,
        response: { 200: zSuccess(z.array(ZBlock)) },
      },
    },
    async (request) => ok(await listBlocks(app.db, request.query)),
  );

  app.post(
    '/channels/blocks',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary: 'Close a room for some nights (out of order…), with a reason; 409 when a stay or block holds one of them',
        body: ZDeskBlockCreate,
        response: { 201: zSuccess(ZBlock) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(
          await addDeskBlock(app.db, request.body, principalOf(request).id, { timeZone: app.config.hotel.timeZone, horizonDays: app.config.bookingHorizonDays }),
          'Room closed for these nights',
        )),
  );

  app.delete(
    '/channels/blocks/:id',
    {
      config: { access: ADMIN_STAFF },
      schema: { tags, summary: "Open a room the desk closed (409 for a channel's block: the channel releases it)", params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await releaseDeskBlock(app.db, request.params.id);
      return { success: true as const, message: 'The room is open again for these nights' };
    },
  );

  app.post(
    '/channels/blocks/:id/reservation',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary: "The channel's guest arrived: their block becomes a confirmed reservation on its dates, at the price the channel sold it for",
        params: ZIdParams,
        body: ZBlockReservation,
        response: { 201: zSuccess(ZBooking) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await reserveBlock(bookingDeps, request.params.id, request.body, principalOf(request).id), 'Reservation made from the channel’s stay')),
  );

  app.get(
    '/channels/export/:token.ics',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A room's calendar for one channel (iCal, live): our stays and blocks from today on, without the channel's own; 404 for an unknown or rotated token",
        params: z.object({ token: zText().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Unknown calendar.') }),
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const calendar = await exportCalendar(deps, request.params.token);
      if (calendar === undefined) return reply.status(404).send({ success: false, message: 'Unknown calendar.', code: 'CALENDAR_NOT_FOUND' });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline; filename="room.ics"')
        .send(calendar);
    },
  );

  app.get(
    '/channels',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'The rooms with their export address per channel and their feeds with the last sync', response: { 200: zSuccess(z.array(ZChannelRoom)) } },
    },
    async () => ok(await channelRooms(deps)),
  );

  app.post(
    '/channels/exports/rotate',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'A new export address for a room and channel; the old one answers 404 from now on',
        body: ZExportRotate,
        response: { 200: zSuccess(z.object({ channel: ZExportRotate.shape.channel, url: z.string() })) },
      },
    },
    async (request) => ok(await rotateExport(deps, request.body.roomId, request.body.channel), 'A new address is ready: give it to the channel'),
  );

  app.post(
    '/channels/feeds',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "Add a channel's iCal feed to a room; it is synced at once and answers the result (409 for an address the room has already)",
        body: ZFeedCreate,
        response: { 201: zSuccess(z.object({ feed: ZFeed, result: ZSyncResult })) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await addFeed(deps, request.body, principalOf(request).id), 'Feed added')),
  );

  app.post(
    '/channels/feeds/:id/sync',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Sync a feed now: its events, the blocks added, released and kept, conflicts, and the error if it failed', params: ZIdParams, response: { 200: zSuccess(ZSyncResult) } },
    },
    async (request) => ok(await syncFeedNow(deps, request.params.id)),
  );

  app.delete(
    '/channels/feeds/:id',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Remove a feed and release the nights it held', params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await removeFeed(deps, request.params.id);
      return { success: true as const, message: 'Feed removed; its nights are free again' };
    },
  );

  app.get(
    '/channels/conflicts',
    {
      config: { access: ADMIN_STAFF },
      schema: {
        tags,
        summary:
          "One page of channel stays that clash with a stay or another block (open by default): the nights held for the channel's guest, the nights that clash, and what holds them",
        querystring: ZConflictQuery,
        response: { 200: zList(ZConflict) },
      },
    },
    async (request) => {
      const { data, meta } = await getConflicts(app.db, request.query);
      return list(data, meta);
    },
  );

  app.post(
    '/channels/conflicts/:id/resolve',
    {
      config: { access: ADMIN_STAFF },
      schema: { tags, summary: 'Mark a conflict resolved, with a note of what was done (409 when it is resolved already)', params: ZIdParams, body: ZConflictResolve, response: { 200: zSuccess(ZConflict) } },
    },
    async (request) => ok(await markConflictResolved(deps, request.params.id, principalOf(request).id, request.body.note), 'Conflict resolved'),
  );
};
