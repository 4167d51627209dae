import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, type TBooking, type TGuestCardInput } from '@residency/shared';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type HTTPMethods } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../config.ts';
import type { Access } from '../../plugins/access.ts';
import { sandboxGateway } from '../../sandbox-gateway/sandbox-gateway.plugin.ts';
import { createUser, query, useTestApp, type TestAccount } from '../../test/app.ts';
import { calendar, icalDay, startFeedServer, type FeedServer } from '../../test/feed-server.ts';
import { categoryPayload } from '../../test/rooms.ts';
import { sessionKeyOf } from '../../test/sandbox-gateway.ts';
import { unusedPort } from '../../test/smtp.ts';
import { act, book, confirm, day, HOTEL_ACCOUNTS, ON_ACCOUNT, placeStay, smallHotelRooms } from '../../test/stays.ts';

/*
 * The audit trail's coverage (issue 35): every write route that staff or an admin may call
 * leaves a record naming its caller and its route. The route list is walked: a write route
 * without a FIXTURE (what the call needs, and the call) or a READS_ONLY reason fails, so a new
 * route cannot go unrecorded unnoticed. Each route is its own test, run on one app and one hotel
 * for the whole file; each fixture makes what its call needs on nights and rooms of its own.
 */

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The call a route's test makes: by whom, where (the pattern's ids filled in), with what. */
interface Call {
  as: TestAccount;
  url: string;
  payload?: Record<string, unknown> | Buffer;
  headers?: Record<string, string>;
}
type Fixture = () => Promise<Call>;

// The sandbox gateway (SSLCommerz) in this process, on a port of its own: the API talks to it
// over HTTP as to the real one; the test drives the guest's decision through its control routes.
let gateway: FastifyInstance;
let gatewayBase = '';
let feeds: FeedServer;
// A data directory of the file's own: the backup route copies what it holds.
const dataDir = mkdtempSync(path.join(tmpdir(), 'residency-audit-coverage-'));
beforeAll(async () => {
  const port = await unusedPort();
  gatewayBase = `http://127.0.0.1:${port}`;
  gateway = Fastify({ logger: false });
  await gateway.register(sandboxGateway, { publicBase: gatewayBase, sslcommerz: SANDBOX_CREDENTIALS.sslcommerz, bkash: SANDBOX_CREDENTIALS.bkash, timeoutMs: 10_000, control: true });
  await gateway.listen({ port, host: '127.0.0.1' });
  feeds = await startFeedServer();
});
afterAll(async () => {
  await feeds?.close();
  await gateway?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const ctx = useTestApp({
  accounts: HOTEL_ACCOUNTS,
  reset: 'file',
  env: () => ({
    DATA_DIR: dataDir,
    SSLCOMMERZ_STORE_ID: SANDBOX_CREDENTIALS.sslcommerz.storeId,
    SSLCOMMERZ_STORE_PASSWORD: SANDBOX_CREDENTIALS.sslcommerz.storePassword,
    SSLCOMMERZ_BASE_URL: `${gatewayBase}/sslcommerz`,
    PAYMENT_POLL_MS: '3600000',
    CHANNEL_POLL_MS: '3600000',
    // Every fixture books: more than a guest's 20 in ten minutes.
    RATE_LIMIT_BOOKING_MAX: '10000',
  }),
});

/** The write routes staff or admins may call, by "METHOD /pattern", with who may call each and whether it takes an Idempotency-Key. */
let writeRoutes: Map<string, { access: Access; idempotent: boolean }>;
let rooms: Record<string, string>;
beforeAll(async () => {
  writeRoutes = new Map(
    ctx.app
      .routeAccess()
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ ...r, method })))
      .filter((r) => WRITE_METHODS.has(r.method) && r.access !== undefined && r.access !== 'public')
      .filter((r) => r.access === 'signed-in' || (r.access as readonly string[]).some((role) => role === 'admin' || role === 'staff'))
      .map((r) => {
        const headers = (r.schema?.headers as { shape?: Record<string, unknown> } | undefined)?.shape;
        return [`${r.method} ${r.url}`, { access: r.access!, idempotent: headers?.['idempotency-key'] !== undefined }] as const;
      }),
  );
  // Deluxe King 101 (the stays ahead) and 102 (their twin for moves and added rooms); Family Room
  // 201 (a check-in today), 202 (a no-show), 203 (past stays), 204 (its status changed); Garden
  // Room 301 (channel feeds, blocks, a conflict).
  rooms = await smallHotelRooms(ctx.app, ctx.admin, {
    'Family Room': { rooms: '201, 202, 203, 204', price: 9000 },
    'Garden Room': { rooms: '301', price: 6000 },
  });
});

/* ---------- what the fixtures make ---------- */

const expectStatus = (res: { statusCode: number; body: string }, status: number) => expect(res.statusCode, res.body).toBe(status);

let windowNo = 0;
/** Two nights ahead that no other stay of room 101 or 102 has. */
function nights() {
  windowNo += 1;
  return { checkIn: day(200 + windowNo * 3), checkOut: day(202 + windowNo * 3) };
}

/** A stay of the guest (or `who`) in room 101 on nights of its own, confirmed by the desk unless asked otherwise. */
async function stayAhead(options: { who?: TestAccount; confirmed?: boolean } = {}): Promise<TBooking> {
  const { checkIn, checkOut } = nights();
  const res = await book(ctx.app, options.who ?? ctx.guest, rooms['101']!, checkIn, checkOut);
  expectStatus(res, 201);
  const booking = res.json().data as TBooking;
  if (options.confirmed ?? true) expectStatus(await confirm(ctx.app, ctx.staff, booking._id), 200);
  return booking;
}

let pastNo = 0;
/** A past night of room 203, confirmed and checked in (written in SQL: the API checks in only on the day). */
async function stayInHouse(): Promise<TBooking> {
  pastNo += 1;
  const booking = await placeStay(ctx.app, ctx.guest, rooms['203']!, day(-3 * pastNo - 1), day(-3 * pastNo));
  expectStatus(await confirm(ctx.app, ctx.staff, booking._id), 200);
  await query(ctx.app, sql`update bookings set stage = 'checked_in', checked_in_at = now() where id = ${booking._id}`);
  return booking;
}

/** A past stay checked out, its balance on the company's account: its invoice is issued. */
async function stayCheckedOut(): Promise<TBooking> {
  const booking = await stayInHouse();
  expectStatus(await act(ctx.app, ctx.staff, booking._id, 'check-out', ON_ACCOUNT), 200);
  return booking;
}

const post = (who: TestAccount, url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: who.auth, ...(payload ? { payload } : {}) });

/** The folio's line of `kind` posted last. */
async function lastLine(reservationId: string, kind: string): Promise<string> {
  const folio = (await ctx.app.inject({ url: `/api/reservations/${reservationId}/folio`, headers: ctx.staff.auth })).json().data as { lines: { _id: string; kind: string }[] };
  return folio.lines.filter((l) => l.kind === kind).at(-1)!._id;
}

const CARD: TGuestCardInput = { kind: 'adult', fullName: 'Karim Ahmed', idType: 'nid', idNumber: '1990123456789' };

/** A card saved on the booking (by the desk unless `who` is given): its id. */
async function cardOn(bookingId: string, who: TestAccount = ctx.staff): Promise<string> {
  const res = await ctx.app.inject({ method: 'PUT', url: `/api/bookings/${bookingId}/guests`, headers: who.auth, payload: { guests: [CARD] } });
  expectStatus(res, 200);
  return res.json().data.guests[0]._id as string;
}

/** A small JPEG as a multipart form with `kind` and `file`: the body and its content type. */
async function photoForm(kind: 'document' | 'portrait') {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'id.jpg');
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

/** A fresh staff account, for the routes that change the caller's own account. */
const freshStaff = () => createUser(ctx.app, { role: 'staff' });

/** The newest code sent by SMS to `number` (the outbox keeps the text). */
async function codeSentTo(number: string): Promise<string> {
  const [sms] = await query<{ body: string }>(ctx.app, sql`select body from outbox_sms where kind = 'PHONE_CODE' and "to" = ${number} order by id desc limit 1`);
  return /\b(\d{6})\b/.exec(sms!.body)![1]!;
}

/** The guest's booking ahead with an SSLCommerz session the guest has decided on: `pay` leaves a payment, `review` one held for review. */
async function paidOnline(decision: 'pay' | 'review') {
  const booking = await stayAhead({ confirmed: false });
  const started = await post(ctx.guest, `/api/reservations/${booking.reservationId}/online-payments`, { gateway: 'sslcommerz', pay: 'full' });
  expectStatus(started, 201);
  const { sessionId, redirectUrl } = started.json().data as { sessionId: string; redirectUrl: string };
  const decided = await gateway.inject({ method: 'POST', url: '/_control/sslcommerz/decide', payload: { sessionkey: sessionKeyOf(redirectUrl), decision, ipn: false } });
  const back = decided.json() as { url: string; fields: Record<string, string> };
  // What the guest's browser posts back: the API validates it with the gateway.
  const returned = await ctx.app.inject({
    method: 'POST',
    url: new URL(back.url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(back.fields).toString(),
  });
  expectStatus(returned, 303);
  const [session] = await query<{ status: string }>(ctx.app, sql`select status from online_payment_sessions where id = ${sessionId}`);
  expect(session!.status).toBe(decision === 'pay' ? 'paid' : 'review');
  return { booking, sessionId };
}

let channelNo = 0;
/** Nights of room 301 that no other feed, block or stay of this file holds. */
function channelNights() {
  channelNo += 1;
  return { from: day(600 + channelNo * 5), to: day(602 + channelNo * 5) };
}
const stayEvent = (uid: string, n: { from: string; to: string }) => [`DTSTART;VALUE=DATE:${icalDay(n.from)}`, `DTEND;VALUE=DATE:${icalDay(n.to)}`, `UID:${uid}`, 'SUMMARY:Reserved'];
let feedNo = 0;
/** A channel's feed of room 301 served with `events`: its address, and how to serve other events there. */
function servedFeed(events: string[][]) {
  feedNo += 1;
  const path = `/feed-${feedNo}.ics`;
  const serve = (list: string[][]) => feeds.serve(path, { body: calendar(list) });
  serve(events);
  return { url: feeds.url(path), serve };
}
/** The feed added by the admin (synced at once: its nights are held). */
async function addedFeed(events: string[][]) {
  const feed = servedFeed(events);
  const res = await post(ctx.admin, '/api/channels/feeds', { roomId: rooms['301'], channel: 'airbnb', url: feed.url });
  expectStatus(res, 201);
  return { ...feed, feedId: res.json().data.feed._id as string };
}

/** Made by the admin through the API: answers the new record's `_id`. */
async function made(url: string, payload: Record<string, unknown>): Promise<string> {
  const res = await post(ctx.admin, url, payload);
  expectStatus(res, 201);
  return res.json().data._id as string;
}

const coupon = (code: string) => ({ code, discountType: 'percentage', discountValue: 10, expirationDate: day(400) });
const hall = { name: 'Padma Hall', description: 'Our largest hall.', area: 420, capacities: { 'Theater Style': 300 } };
const blogPost = { title: 'A weekend in Old Dhaka', description: '<p>The river is quiet before seven.</p>', category: ['city'], images: ['/uploads/2026/old-dhaka-1280.webp'] };
const DESIGN_HTML = '<!doctype html><html><body><h1>Welcome, {{name}}</h1><p>Booking {{reservationId}}: {{startDate}} to {{endDate}}.</p></body></html>';
/** The designer's project JSON (stored untouched): one page. */
const DESIGN = { pages: [{ frames: [{ component: { type: 'wrapper', components: [{ type: 'text', content: 'Welcome, {{name}}' }] } }] }], styles: [], assets: [], dataSources: [] };
const design = (language: 'en' | 'bn') => ({ type: 'BOOKING_CONFIRMATION_USER', language, subject: 'Welcome {{name}}: booking {{reservationId}}', design: DESIGN, html: DESIGN_HTML, isActive: true });
const eventRequest = () => ({
  name: 'Farhana Akter',
  email: 'farhana@example.com',
  phone: '+880 1711-555666',
  eventType: 'Wedding',
  layout: 'Theater Style',
  date: day(40),
  startTime: '18:00',
  endTime: '23:30',
  guestCount: 180,
  foodPreference: 'buffet',
});
/** A room of Deluxe King as POST /api/room/create-room takes it. */
function roomBody(number: string) {
  const { name: _n, rackRate: _r, offerPrice: _o, description: _d, images: _i, translations: _t, roomNumbers: _rn, removeMissing: _rm, ...template } = categoryPayload('Deluxe King');
  return { ...template, category: 'Deluxe King', price: 7000, status: 'available', images: [], room_overview: { ...template.room_overview, name: `Deluxe King ${number}`, room_number: number } };
}
/** A service request of the guest for a stay ahead: its id. */
async function serviceRequest(): Promise<string> {
  const stay = await stayAhead();
  const res = await post(ctx.guest, '/api/services', { service: 'laundry', bookingId: stay._id });
  expectStatus(res, 201);
  return res.json().data._id as string;
}

/* ---------- the routes ---------- */

/**
 * What each write route of staff and admins needs, and its call. The call is made by staff where
 * staff may make it, so their role is seen in the trail too; by a fresh account where it changes
 * the caller's own (a password, a profile).
 */
const FIXTURE: Record<string, Fixture> = {
  // Accounts.
  'POST /api/auth/change-password': async () => {
    const staff = await freshStaff();
    return { as: staff, url: '/api/auth/change-password', payload: { currentPassword: staff.password, newPassword: 'Newer#Pass2026' } };
  },
  'POST /api/users/invite': async () => ({ as: ctx.admin, url: '/api/users/invite', payload: { name: 'Sadia Rahman', email: 'sadia.audit@hotel.example', role: 'staff' } }),
  'PATCH /api/users/me': async () => ({ as: await freshStaff(), url: '/api/users/me', payload: { name: 'Nusrat Jahan', address: 'House 5, Road 2, Dhanmondi' } }),
  'PUT /api/users/:id': async () => ({ as: ctx.admin, url: `/api/users/${(await createUser(ctx.app)).id}`, payload: { role: 'staff' } }),
  'DELETE /api/users/:id': async () => ({ as: ctx.admin, url: `/api/users/${(await createUser(ctx.app)).id}` }),
  'POST /api/auth/phone/verify': async () => {
    const staff = await freshStaff();
    expectStatus(await ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers: staff.auth, payload: { phone: '01711-424242' } }), 200);
    expectStatus(await post(staff, '/api/auth/phone/verify-request', { phone: '01711-424242' }), 202);
    return { as: staff, url: '/api/auth/phone/verify', payload: { phone: '01711-424242', code: await codeSentTo('8801711424242') } };
  },

  // Rooms, their types, coupons.
  'POST /api/room/create-room': async () => ({ as: ctx.admin, url: '/api/room/create-room', payload: roomBody('901') }),
  'PATCH /api/room/:id': async () => ({ as: ctx.staff, url: `/api/room/${rooms['204']}`, payload: { status: 'cleaning' } }),
  'DELETE /api/room/:id': async () => ({ as: ctx.admin, url: `/api/room/${await made('/api/room/create-room', roomBody('902'))}` }),
  'PUT /api/room-categories': async () => ({ as: ctx.admin, url: '/api/room-categories', payload: categoryPayload('Audit Suite') }),
  'DELETE /api/room-categories/:name': async () => {
    expectStatus(await ctx.app.inject({ method: 'PUT', url: '/api/room-categories', headers: ctx.admin.auth, payload: categoryPayload('Empty Suite') }), 200);
    return { as: ctx.admin, url: `/api/room-categories/${encodeURIComponent('Empty Suite')}` };
  },
  'POST /api/coupons': async () => ({ as: ctx.admin, url: '/api/coupons', payload: coupon('AUDIT10') }),
  'PATCH /api/coupons/:id': async () => ({ as: ctx.admin, url: `/api/coupons/${await made('/api/coupons', coupon('AUDIT15'))}`, payload: { discountValue: 15 } }),
  'DELETE /api/coupons/:id': async () => ({ as: ctx.admin, url: `/api/coupons/${await made('/api/coupons', coupon('AUDIT20'))}` }),

  // Channels: feeds, blocks, conflicts.
  'POST /api/channels/feeds': async () => ({ as: ctx.admin, url: '/api/channels/feeds', payload: { roomId: rooms['301'], channel: 'airbnb', url: servedFeed([stayEvent('add@airbnb.com', channelNights())]).url } }),
  'POST /api/channels/feeds/:id/sync': async () => {
    const first = stayEvent('sync-1@airbnb.com', channelNights());
    const { feedId, serve } = await addedFeed([first]);
    // The channel sells two more nights: the sync holds them.
    serve([first, stayEvent('sync-2@airbnb.com', channelNights())]);
    return { as: ctx.admin, url: `/api/channels/feeds/${feedId}/sync` };
  },
  'POST /api/channels/exports/rotate': async () => ({ as: ctx.admin, url: '/api/channels/exports/rotate', payload: { roomId: rooms['301'], channel: 'booking_com' } }),
  'POST /api/admin/backups': async () => ({ as: ctx.admin, url: '/api/admin/backups' }),
  'DELETE /api/channels/feeds/:id': async () => ({ as: ctx.admin, url: `/api/channels/feeds/${(await addedFeed([stayEvent('gone@airbnb.com', channelNights())])).feedId}` }),
  'POST /api/channels/blocks': async () => {
    const n = channelNights();
    return { as: ctx.staff, url: '/api/channels/blocks', payload: { roomId: rooms['301'], checkIn: n.from, checkOut: n.to, reason: 'Out of order: water leak' } };
  },
  'DELETE /api/channels/blocks/:id': async () => {
    const n = channelNights();
    const closed = await post(ctx.staff, '/api/channels/blocks', { roomId: rooms['301'], checkIn: n.from, checkOut: n.to, reason: 'Painting' });
    expectStatus(closed, 201);
    return { as: ctx.staff, url: `/api/channels/blocks/${closed.json().data._id}` };
  },
  'POST /api/channels/blocks/:id/reservation': async () => {
    const { feedId } = await addedFeed([stayEvent('arrives@airbnb.com', channelNights())]);
    const [block] = await query<{ id: string }>(ctx.app, sql`select id from room_blocks where feed_id = ${feedId} and released_at is null`);
    return {
      as: ctx.staff,
      url: `/api/channels/blocks/${block!.id}/reservation`,
      payload: { guest: { name: 'Sarah Lee', email: 'sarah.lee@example.com' }, phone: '+44 7700 900123', adults: 2, amount: 12000 },
    };
  },
  'POST /api/channels/conflicts/:id/resolve': async () => {
    const n = channelNights();
    expectStatus(await book(ctx.app, ctx.guest, rooms['301']!, n.from, n.to), 201);
    const { feedId } = await addedFeed([stayEvent('clash@airbnb.com', n)]);
    const [conflict] = await query<{ id: string }>(ctx.app, sql`select id from channel_conflicts where feed_id = ${feedId}`);
    return { as: ctx.staff, url: `/api/channels/conflicts/${conflict!.id}/resolve`, payload: { note: 'Moved the guest to 102' } };
  },

  // Rates and charge types.
  'POST /api/rate-plans': async () => ({ as: ctx.admin, url: '/api/rate-plans', payload: { category: 'Garden Room', code: 'aud', name: { en: 'Audit plan', bn: 'অডিট প্ল্যান' } } }),
  'PATCH /api/rate-plans/:id': async () => ({
    as: ctx.admin,
    url: `/api/rate-plans/${await made('/api/rate-plans', { category: 'Garden Room', code: 'aue', name: { en: 'Weekend', bn: 'সপ্তাহান্ত' } })}`,
    payload: { name: { en: 'Long weekend', bn: 'লম্বা সপ্তাহান্ত' } },
  }),
  'POST /api/rates/bulk': async () => ({ as: ctx.admin, url: '/api/rates/bulk', payload: { category: 'Garden Room', from: day(900), to: day(902), price: 6500 } }),
  'PUT /api/charge-types/:code': async () => ({
    as: ctx.admin,
    url: '/api/charge-types/audit_fee',
    payload: { nameEn: 'Audit fee', nameBn: 'অডিট ফি', defaultPrice: 100, serviceChargePercent: 0, vatPercent: 15 },
  }),

  // Bookings: the guest's own (staff booking for themselves), then the desk's.
  'POST /api/bookings': async () => {
    const n = nights();
    return { as: ctx.staff, url: '/api/bookings', payload: { roomId: rooms['101'], checkIn: n.checkIn, checkOut: n.checkOut, adults: 2, children: 0, phone: '+880 1711-223344' } };
  },
  'POST /api/reservations': async () => {
    const n = nights();
    return { as: ctx.staff, url: '/api/reservations', payload: { ...n, phone: '+880 1711-223344', rooms: [{ roomId: rooms['101'], adults: 2, children: 0 }] } };
  },
  'POST /api/bookings/:id/cancel': async () => ({ as: ctx.staff, url: `/api/bookings/${(await stayAhead({ who: ctx.staff, confirmed: false }))._id}/cancel` }),
  'POST /api/reservations/walk-in': async () => {
    const n = nights();
    return { as: ctx.staff, url: '/api/reservations/walk-in', payload: { ...n, phone: '01711-000111', guest: { name: 'Walk Guest' }, rooms: [{ roomId: rooms['101'], adults: 1 }] } };
  },
  'PATCH /api/bookings/:id': async () => ({ as: ctx.staff, url: `/api/bookings/${(await stayAhead({ confirmed: false }))._id}`, payload: { isConfirmed: true } }),
  'DELETE /api/bookings/:id': async () => ({ as: ctx.staff, url: `/api/bookings/${(await stayAhead())._id}` }),
  'POST /api/bookings/:id/payments': async () => ({ as: ctx.staff, url: `/api/bookings/${(await stayAhead())._id}/payments`, payload: { amount: 1000, method: 'cash' } }),
  'POST /api/bookings/:id/night-prices': async () => {
    const stay = await stayAhead();
    return { as: ctx.staff, url: `/api/bookings/${stay._id}/night-prices`, payload: { nights: [{ date: stay.startDate, price: 5000 }], reason: 'Regular guest, manager agreed' } };
  },
  'POST /api/bookings/:id/dates': async () => {
    const stay = await stayAhead();
    // One night shorter.
    return { as: ctx.staff, url: `/api/bookings/${stay._id}/dates`, payload: { checkIn: stay.startDate, checkOut: addDays(stay.startDate, 1) } };
  },
  'POST /api/bookings/:id/move': async () => ({ as: ctx.staff, url: `/api/bookings/${(await stayAhead())._id}/move`, payload: { roomId: rooms['102'] } }),
  'POST /api/bookings/:id/check-in': async () => {
    const res = await book(ctx.app, ctx.guest, rooms['201']!, day(0), day(1));
    expectStatus(res, 201);
    const id = res.json().data._id as string;
    expectStatus(await confirm(ctx.app, ctx.staff, id), 200);
    return { as: ctx.staff, url: `/api/bookings/${id}/check-in`, payload: { registrationNote: 'Cards to follow: the guest arrived late' } };
  },
  'POST /api/bookings/:id/check-out': async () => ({ as: ctx.staff, url: `/api/bookings/${(await stayInHouse())._id}/check-out`, payload: ON_ACCOUNT }),
  'POST /api/bookings/:id/no-show': async () => {
    const stay = await placeStay(ctx.app, ctx.guest, rooms['202']!, day(-1), day(1));
    expectStatus(await confirm(ctx.app, ctx.staff, stay._id), 200);
    return { as: ctx.staff, url: `/api/bookings/${stay._id}/no-show` };
  },

  // The reservation and its folio.
  'POST /api/reservations/:id/rooms': async () => ({ as: ctx.staff, url: `/api/reservations/${(await stayAhead()).reservationId}/rooms`, payload: { roomId: rooms['102'], adults: 2, children: 0 } }),
  'DELETE /api/reservations/:id/rooms/:bookingId': async () => {
    const res = await post(ctx.guest, '/api/reservations', {
      ...nights(),
      phone: '+880 1711-223344',
      rooms: [
        { roomId: rooms['101'], adults: 2, children: 0 },
        { roomId: rooms['102'], adults: 2, children: 0 },
      ],
    });
    expectStatus(res, 201);
    const reservation = res.json().data as { _id: string; bookings: { _id: string }[] };
    return { as: ctx.staff, url: `/api/reservations/${reservation._id}/rooms/${reservation.bookings[1]!._id}`, payload: { reason: 'The family needs one room only' } };
  },
  'POST /api/reservations/:id/charges': async () => ({
    as: ctx.staff,
    url: `/api/reservations/${(await stayAhead()).reservationId}/charges`,
    payload: { chargeType: 'laundry', unitPrice: 450, quantity: 2, description: 'Two shirts' },
  }),
  'POST /api/reservations/:id/reversals': async () => {
    const { reservationId } = await stayAhead();
    expectStatus(await post(ctx.staff, `/api/reservations/${reservationId}/charges`, { chargeType: 'minibar', unitPrice: 300 }), 201);
    return { as: ctx.staff, url: `/api/reservations/${reservationId}/reversals`, payload: { lineId: await lastLine(reservationId, 'charge'), reason: 'Not taken from the minibar' } };
  },
  'POST /api/reservations/:id/payments': async () => ({ as: ctx.staff, url: `/api/reservations/${(await stayAhead()).reservationId}/payments`, payload: { amount: 5000, method: 'bkash', reference: '8N7A6B5C4D' } }),
  'POST /api/reservations/:id/refunds': async () => {
    const { reservationId } = await stayAhead();
    expectStatus(await post(ctx.staff, `/api/reservations/${reservationId}/payments`, { amount: 2000, method: 'cash' }), 201);
    return { as: ctx.staff, url: `/api/reservations/${reservationId}/refunds`, payload: { amount: 500, method: 'cash', reason: 'Goodwill' } };
  },
  'POST /api/reservations/:id/credit-notes': async () => ({ as: ctx.staff, url: `/api/reservations/${(await stayCheckedOut()).reservationId}/credit-notes`, payload: { reason: 'Wrong company name' } }),
  'POST /api/reservations/:id/invoices': async () => {
    const { reservationId } = await stayCheckedOut();
    expectStatus(await post(ctx.staff, `/api/reservations/${reservationId}/credit-notes`, { reason: 'Wrong company name' }), 201);
    return { as: ctx.staff, url: `/api/reservations/${reservationId}/invoices` };
  },

  // Online payment: a session the desk starts (a link it sends), one held for review, one paid.
  'POST /api/reservations/:id/online-payments': async () => ({
    as: ctx.staff,
    url: `/api/reservations/${(await stayAhead({ confirmed: false })).reservationId}/online-payments`,
    payload: { gateway: 'sslcommerz', pay: 'full' },
  }),
  'POST /api/online-payments/:id/accept': async () => ({ as: ctx.staff, url: `/api/online-payments/${(await paidOnline('review')).sessionId}/accept` }),
  'POST /api/online-payments/:id/refuse': async () => ({ as: ctx.staff, url: `/api/online-payments/${(await paidOnline('review')).sessionId}/refuse`, payload: { reason: 'Card reported stolen' } }),
  'POST /api/reservations/:id/online-refunds': async () => {
    const { booking } = await paidOnline('pay');
    const [payment] = await query<{ id: string }>(ctx.app, sql`select id from payments where reservation_id = ${booking.reservationId} and kind = 'payment'`);
    return { as: ctx.staff, url: `/api/reservations/${booking.reservationId}/online-refunds`, payload: { paymentId: payment!.id, amount: 1000, reason: 'Shuttle not used' } };
  },

  // The guest register.
  'PUT /api/bookings/:id/guests': async () => ({ as: ctx.staff, url: `/api/bookings/${(await stayAhead())._id}/guests`, payload: { guests: [CARD] } }),
  'POST /api/bookings/:id/guests/:guestId/photos': async () => {
    const stay = await stayAhead();
    const cardId = await cardOn(stay._id);
    const form = await photoForm('document');
    return { as: ctx.staff, url: `/api/bookings/${stay._id}/guests/${cardId}/photos`, ...form };
  },
  'POST /api/users/me/erasure-request': async () => {
    // A member of staff who stayed with us as a guest: the card of a stay that never began goes.
    const staff = await freshStaff();
    await cardOn((await stayAhead({ who: staff, confirmed: false }))._id, staff);
    return { as: staff, url: '/api/users/me/erasure-request' };
  },

  // The night audit: the first day it covers, long ago, so no stay of this file is in it.
  'POST /api/night-audit/:date/close': async () => {
    await query(ctx.app, sql`insert into app_meta (key, value) values ('night-audit-from', ${day(-3000)}) on conflict (key) do update set value = excluded.value`);
    return { as: ctx.staff, url: `/api/night-audit/${day(-3000)}/close`, payload: { note: 'Closed by the audit coverage test' } };
  },

  // Events, halls and services.
  'PUT /api/events/:id': async () => ({ as: ctx.staff, url: `/api/events/${await made('/api/events', eventRequest())}`, payload: { status: 'confirmed' } }),
  'DELETE /api/events/:id': async () => ({ as: ctx.staff, url: `/api/events/${await made('/api/events', eventRequest())}` }),
  'POST /api/venues': async () => ({ as: ctx.admin, url: '/api/venues', payload: hall }),
  'PUT /api/venues/:id': async () => ({ as: ctx.admin, url: `/api/venues/${await made('/api/venues', { ...hall, name: 'Meghna Hall' })}`, payload: { ...hall, name: 'Meghna Hall', area: 450 } }),
  'DELETE /api/venues/:id': async () => ({ as: ctx.admin, url: `/api/venues/${await made('/api/venues', { ...hall, name: 'Jamuna Hall' })}` }),
  'PATCH /api/services/:id': async () => ({ as: ctx.staff, url: `/api/services/${await serviceRequest()}`, payload: { isCompleted: true } }),
  'DELETE /api/services/:id': async () => ({ as: ctx.staff, url: `/api/services/${await serviceRequest()}` }),

  // Mail and SMS texts.
  'POST /api/email-templates': async () => ({ as: ctx.admin, url: '/api/email-templates', payload: design('bn') }),
  'DELETE /api/email-templates/:type': async () => {
    expectStatus(await post(ctx.admin, '/api/email-templates', design('en')), 200);
    return { as: ctx.admin, url: '/api/email-templates/BOOKING_CONFIRMATION_USER?language=en' };
  },
  'PUT /api/sms-templates/:type/:language': async () => ({ as: ctx.admin, url: '/api/sms-templates/BOOKING_CONFIRMED/en', payload: { body: 'Booking {{reservationId}} confirmed: {{startDate}}' } }),
  'DELETE /api/sms-templates/:type/:language': async () => {
    expectStatus(await ctx.app.inject({ method: 'PUT', url: '/api/sms-templates/BOOKING_CONFIRMED/bn', headers: ctx.admin.auth, payload: { body: 'বুকিং {{reservationId}} নিশ্চিত' } }), 200);
    return { as: ctx.admin, url: '/api/sms-templates/BOOKING_CONFIRMED/bn' };
  },

  // The site's content.
  'POST /api/blogs': async () => ({ as: ctx.admin, url: '/api/blogs', payload: blogPost }),
  'PUT /api/blogs/:id': async () => ({ as: ctx.admin, url: `/api/blogs/${await made('/api/blogs', blogPost)}`, payload: { title: 'Old Dhaka, again', description: '<p>New text</p>' } }),
  'DELETE /api/blogs/:id': async () => ({ as: ctx.admin, url: `/api/blogs/${await made('/api/blogs', blogPost)}` }),
  'POST /api/gallery': async () => ({ as: ctx.admin, url: '/api/gallery', payload: { title: 'Lobby at night', category: 'hotel', url: '/uploads/ab/lobby-1280.webp' } }),
  'DELETE /api/gallery/:id': async () => ({ as: ctx.admin, url: `/api/gallery/${await made('/api/gallery', { title: 'Pool', category: 'hotel', url: '/uploads/ab/pool-1280.webp' })}` }),
  'POST /api/hero-slides': async () => ({ as: ctx.admin, url: '/api/hero-slides', payload: { title: 'Welcome', imageUrl: '/uploads/h/a-1280.webp' } }),
  'PATCH /api/hero-slides/:id': async () => ({ as: ctx.admin, url: `/api/hero-slides/${await made('/api/hero-slides', { title: 'Rooftop', imageUrl: '/uploads/h/b-1280.webp' })}`, payload: { title: 'Rooftop at dusk' } }),
  'DELETE /api/hero-slides/:id': async () => ({ as: ctx.admin, url: `/api/hero-slides/${await made('/api/hero-slides', { title: 'Lobby', imageUrl: '/uploads/h/c-1280.webp' })}` }),
};

/**
 * Write routes that change no audited record, each with why (read in its code). The test checks
 * that the call succeeds and that the trail gains nothing from it, so the reason stays true.
 */
const READS_ONLY: Record<string, { reason: string; fixture: Fixture }> = {
  'POST /api/email-templates/test': {
    reason: 'renders the design with sample values into one mail: it writes only the outbox (outbox_mails), which migration 0030 does not audit',
    fixture: async () => ({ as: ctx.admin, url: '/api/email-templates/test', payload: { type: 'BOOKING_CANCELLATION', to: 'designer@example.com' } }),
  },
  'POST /api/sms-templates/preview': {
    reason: 'renders a text with sample values and answers it: it writes nothing',
    fixture: async () => ({ as: ctx.admin, url: '/api/sms-templates/preview', payload: { type: 'PAYMENT_RECEIVED', language: 'en', body: 'Got {{amount}} for {{reservationId}}' } }),
  },
  'POST /api/auth/phone/verify-request': {
    reason: 'writes only the one-time code (phone_codes, a secret 0030 leaves out on purpose) and its SMS (outbox_sms); the verification is POST /api/auth/phone/verify, recorded',
    fixture: async () => {
      const staff = await freshStaff();
      expectStatus(await ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers: staff.auth, payload: { phone: '01711-525252' } }), 200);
      return { as: staff, url: '/api/auth/phone/verify-request', payload: { phone: '01711-525252' } };
    },
  },
};

/* ---------- the tests ---------- */

const head = async () => Number((await query<{ seq: string | null }>(ctx.app, sql`select max(seq) as seq from audit_log`))[0]!.seq ?? 0);

interface Made {
  caller: TestAccount;
  before: number;
}

/** Prepares the call of `route`, makes it and expects a 2xx; answers the trail's head before the call. */
async function call(route: string, fixture: Fixture): Promise<Made> {
  const declared = writeRoutes.get(route);
  expect(declared, `${route} is not a write route of staff or admins any more: remove it from audit-coverage.test.ts`).toBeDefined();
  const { as: caller, url, payload, headers } = await fixture();
  expect(['admin', 'staff'], `${route}: the call is made by an admin or staff`).toContain(caller.role);
  if (declared!.access !== 'signed-in') expect(declared!.access, `${route}: may ${caller.role} call it?`).toContain(caller.role);
  const before = await head();
  const res = await ctx.app.inject({
    method: route.split(' ')[0] as HTTPMethods,
    url,
    headers: { ...caller.auth, 'user-agent': 'AuditCoverage/1.0', ...(declared!.idempotent ? { 'idempotency-key': randomUUID() } : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
  expect(res.statusCode, `${route} → ${res.statusCode} ${res.body}`).toBeGreaterThanOrEqual(200);
  expect(res.statusCode, `${route} → ${res.statusCode} ${res.body}`).toBeLessThan(300);
  return { caller, before };
}

/**
 * The records written since `before`, but a job's own (a job names itself in `route`): a write
 * made outside any request's scope shows here too, with no route and the role `system`.
 */
const recordsSince = (before: number) =>
  query<{ seq: string; route: string | null; actor_id: string | null; actor_role: string; entity: string; action: string }>(
    ctx.app,
    sql`select seq, route, actor_id, actor_role, entity, action from audit_log where seq > ${before} and (route is null or route not like 'job: %') order by seq`,
  );

describe('the route list', () => {
  it('gives every write route of staff and admins a fixture, or a reason in READS_ONLY', () => {
    expect(writeRoutes.size).toBeGreaterThan(50);
    const missing = [...writeRoutes.keys()].filter((route) => !(route in FIXTURE) && !(route in READS_ONLY));
    expect(missing.map((route) => `${route} has no fixture in audit-coverage.test.ts: add one, or list it in READS_ONLY with the reason`)).toEqual([]);
    const stale = [...Object.keys(FIXTURE), ...Object.keys(READS_ONLY)].filter((route) => !writeRoutes.has(route));
    expect(stale.map((route) => `${route} is in audit-coverage.test.ts but is not a write route of staff or admins: remove it`)).toEqual([]);
  });
});

describe('every write route of staff and admins leaves a record of its caller', () => {
  it.each(Object.keys(FIXTURE))('%s', async (route) => {
    const { caller, before } = await call(route, FIXTURE[route]!);
    const written = await recordsSince(before);
    expect(written.filter((r) => r.route === route).length, `${route} wrote no audit record`).toBeGreaterThan(0);
    // Every record the call wrote names it and its caller: none escaped the request's scope.
    const others = written.filter((r) => r.route !== route || r.actor_id !== caller.id || r.actor_role !== caller.role);
    expect(others, `${route}: records not naming the route and ${caller.role} ${caller.id}`).toEqual([]);
  });
});

describe('the write routes that change no audited record', () => {
  it.each(Object.keys(READS_ONLY))('%s', async (route) => {
    const { before } = await call(route, READS_ONLY[route]!.fixture);
    expect(await recordsSince(before), `${route} wrote audit records: it is not reads-only (${READS_ONLY[route]!.reason})`).toEqual([]);
  });
});
