import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox, query, useTestApp } from '../../test/app.ts';
import { calendar, icalDay, startFeedServer, type FeedServer } from '../../test/feed-server.ts';
import { book, day, HOTEL_ACCOUNTS, smallHotelRooms } from '../../test/stays.ts';
import { LiveCache } from '../../lib/live-cache.ts';
import { syncDueFeeds } from './channels.service.ts';

/*
 * Channel sync through the API (issue 20): a room's calendar exported per channel, channel feeds
 * imported from a real HTTP server on 127.0.0.1 in the shapes Airbnb, Booking.com and VRBO
 * publish, blocks that searches respect, and conflicts that are kept and mailed, never dropped.
 */

let feeds: FeedServer;
let rooms: Record<string, string>;
const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });

beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(async () => {
  await feeds.close();
});
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin);
});

/** Airbnb's shape: CRLF, all-day dates, "Reserved" and "Airbnb (Not available)". */
function airbnb(stays: { uid: string; from: number; to: number; summary?: string }[]) {
  return calendar(
    stays.map((s) => [
      `DTEND;VALUE=DATE:${icalDay(day(s.to))}`,
      `DTSTART;VALUE=DATE:${icalDay(day(s.from))}`,
      `UID:${s.uid}`,
      `SUMMARY:${s.summary ?? 'Reserved'}`,
    ]),
    { prodId: '-//Airbnb Inc//Hosting Calendar 0.8.8//EN' },
  );
}

const addFeed = (room: string, url: string, channel = 'airbnb') =>
  ctx.app.inject({ method: 'POST', url: '/api/channels/feeds', headers: ctx.admin.auth, payload: { roomId: rooms[room], channel, url } });
const syncNow = async (feedId: string) =>
  (await ctx.app.inject({ method: 'POST', url: `/api/channels/feeds/${feedId}/sync`, headers: ctx.admin.auth })).json().data;
/** The room numbers a guest's search offers for these nights. */
const offered = async (from: number, to: number) => {
  const res = await ctx.app.inject({ url: `/api/room?limit=100&checkIn=${day(from)}&checkOut=${day(to)}&guests=${encodeURIComponent('{"adults":1}')}` });
  return (res.json().data as { room_overview: { room_number: string } }[]).map((r) => r.room_overview.room_number).sort();
};
const horizon = () => ctx.app.config.bookingHorizonDays;
const heldBlocks = (room: string) =>
  query<{ uid: string; check_in: string; check_out: string }>(
    ctx.app,
    sql`select uid, check_in::text, check_out::text from room_blocks where room_id = ${rooms[room]!} and released_at is null order by check_in`,
  );

describe('export: a room’s calendar per channel', () => {
  async function exportsOf(room: string) {
    const res = await ctx.app.inject({ url: '/api/channels', headers: ctx.admin.auth });
    expect(res.statusCode).toBe(200);
    const entry = (res.json().data as { _id: string; exports: { channel: string; url: string }[] }[]).find((r) => r._id === rooms[room]);
    return Object.fromEntries(entry!.exports.map((e) => [e.channel, new URL(e.url).pathname]));
  }

  it('gives each room one address per channel; it serves our stays as RFC 5545 that two parsers read alike, with no guest details', async () => {
    const stay = await book(ctx.app, ctx.guest, rooms['101']!, day(10), day(13), { phone: '01711-555666' });
    expect(stay.statusCode).toBe(201);
    const paths = await exportsOf('101');
    expect(Object.keys(paths).sort()).toEqual(['agoda', 'airbnb', 'booking_com', 'expedia', 'other', 'vrbo']);
    expect(new Set(Object.values(paths)).size).toBe(6);

    const res = await ctx.app.inject({ url: paths.booking_com! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    // CRLF everywhere, no line over 75 octets, the fields channels read.
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    for (const field of ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:', 'METHOD:PUBLISH', 'DTSTAMP:', `DTSTART;VALUE=DATE:${icalDay(day(10))}`, `DTEND;VALUE=DATE:${icalDay(day(13))}`, 'SUMMARY:Reserved']) {
      expect(text).toContain(field);
    }
    expect(text).not.toMatch(/Rahim|@example\.com|01711/);

    // node-ical and ical.js read the same event.
    const fromNodeIcal = Object.values(ical.sync.parseICS(text))
      .filter((c) => c?.type === 'VEVENT')
      .map((e) => {
        const v = e as VEvent;
        const d = (x: Date) => `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
        return { uid: v.uid, start: d(v.start), end: d(v.end!), summary: v.summary };
      });
    const fromIcalJs = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((c) => {
      const e = new ICAL.Event(c);
      return { uid: e.uid, start: e.startDate.toString(), end: e.endDate.toString(), summary: e.summary };
    });
    expect(fromNodeIcal).toEqual([{ uid: expect.stringMatching(/^stay-/), start: day(10), end: day(13), summary: 'Reserved' }]);
    expect(fromIcalJs).toEqual(fromNodeIcal);
  });

  it('shows a stay booked after the channel last read the calendar at its next read', async () => {
    const path = (await exportsOf('102')).airbnb!;
    expect((await ctx.app.inject({ url: path })).body).not.toContain('VEVENT');
    expect((await book(ctx.app, ctx.guest, rooms['102']!, day(4), day(6))).statusCode).toBe(201);
    // The rendered copy goes when the database says a night changed (NOTIFY, a few milliseconds).
    await expect.poll(async () => (await ctx.app.inject({ url: path })).body, { timeout: 2_000, interval: 20 }).toContain(`DTSTART;VALUE=DATE:${icalDay(day(4))}`);
  });

  it('answers 404 for an unknown token and for the old address once rotated; only admins see the addresses', async () => {
    const before = (await exportsOf('102')).airbnb!;
    expect((await ctx.app.inject({ url: before })).statusCode).toBe(200);
    const rotated = await ctx.app.inject({ method: 'POST', url: '/api/channels/exports/rotate', headers: ctx.admin.auth, payload: { roomId: rooms['102'], channel: 'airbnb' } });
    expect(rotated.statusCode).toBe(200);
    const after = new URL(rotated.json().data.url).pathname;
    expect(after).not.toBe(before);
    expect((await ctx.app.inject({ url: before })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: after })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/channels/export/NoSuchTokenNoSuchTokenNoSuchToken.ics' })).statusCode).toBe(404);
    for (const who of [ctx.staff, ctx.guest]) expect((await ctx.app.inject({ url: '/api/channels', headers: who.auth })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/channels' })).statusCode).toBe(401);
  });
});

describe('import: channel feeds become blocks', () => {
  it('imports Airbnb, Booking.com and VRBO shapes; searches stop offering those nights; a stay gone from the feed is released', async () => {
    feeds.serve('/airbnb-101.ics', {
      body: airbnb([
        { uid: 'a1@airbnb.com', from: 20, to: 23 },
        { uid: 'a2@airbnb.com', from: 30, to: 31, summary: 'Airbnb (Not available)' },
        { uid: 'old@airbnb.com', from: -10, to: -7 },
      ]),
    });
    // Booking.com: LF line ends, "CLOSED - Not available".
    feeds.serve('/booking-102.ics', {
      body: calendar([[`DTSTART;VALUE=DATE:${icalDay(day(20))}`, `DTEND;VALUE=DATE:${icalDay(day(22))}`, 'UID:b1@booking.com', 'SUMMARY:CLOSED - Not available']], { eol: '\n' }),
    });
    const added = await addFeed('101', feeds.url('/airbnb-101.ics'));
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.result).toEqual({ events: 2, added: 2, released: 0, kept: 0, conflicts: 0, skipped: 0, skippedEvents: [], error: null, errorCode: null, errorParams: null });
    expect(added.json().data.feed).toMatchObject({ channel: 'airbnb', blocks: 2, lastError: null });
    expect((await addFeed('102', feeds.url('/booking-102.ics'), 'booking_com')).json().data.result).toMatchObject({ added: 1 });

    expect(await offered(20, 22)).toEqual([]);
    expect(await offered(22, 23)).toEqual(['102']);
    expect(await offered(23, 25)).toEqual(['101', '102']);
    // A guest's booking of a blocked night is refused by the database itself.
    expect((await book(ctx.app, ctx.guest, rooms['101']!, day(21), day(24))).statusCode).toBe(409);

    // VRBO's shape on the same feed: date-times with TZID, no DTEND, a folded summary.
    feeds.serve('/airbnb-101.ics', {
      body: calendar([
        [`DTSTART;VALUE=DATE:${icalDay(day(20))}`, `DTEND;VALUE=DATE:${icalDay(day(23))}`, 'UID:a1@airbnb.com', 'SUMMARY:Reserved'],
        [`DTSTART;TZID=Asia/Dhaka:${icalDay(day(40))}T150000`, `DTEND;TZID=Asia/Dhaka:${icalDay(day(42))}T110000`, 'UID:v1@vrbo.com', 'SUMMARY:Reserved - a stay booked on', ' VRBO by a family of four'],
        [`DTSTART;VALUE=DATE:${icalDay(day(50))}`, 'UID:v2@vrbo.com', 'SUMMARY:Blocked'],
      ]),
    });
    const second = await syncNow(added.json().data.feed._id);
    // a2 is gone from the feed: the channel cancelled it; a1 is unchanged.
    expect(second).toEqual({ events: 3, added: 2, released: 1, kept: 1, conflicts: 0, skipped: 0, skippedEvents: [], error: null, errorCode: null, errorParams: null });
    expect(await heldBlocks('101')).toEqual([
      { uid: 'a1@airbnb.com', check_in: day(20), check_out: day(23) },
      // 15:00 on day 40 to 11:00 on day 42 (before the 14:00 check-in): the nights of 40 and 41.
      { uid: 'v1@vrbo.com', check_in: day(40), check_out: day(42) },
      // No DTEND: one night.
      { uid: 'v2@vrbo.com', check_in: day(50), check_out: day(51) },
    ]);
    expect(await offered(30, 31)).toEqual(['101', '102']);
    const summaries = await query<{ summary: string }>(ctx.app, sql`select summary from room_blocks where uid = 'v1@vrbo.com'`);
    expect(summaries[0]!.summary).toBe('Reserved - a stay booked onVRBO by a family of four');

    // Nothing the channel sold is sent back to it; the other channels get it as "Not available".
    const exportsRes = (await ctx.app.inject({ url: '/api/channels', headers: ctx.admin.auth })).json().data as { _id: string; exports: { channel: string; url: string }[] }[];
    const urls = Object.fromEntries(exportsRes.find((r) => r._id === rooms['101'])!.exports.map((e) => [e.channel, new URL(e.url).pathname]));
    expect((await ctx.app.inject({ url: urls.airbnb! })).body).not.toContain('VEVENT');
    const toBooking = (await ctx.app.inject({ url: urls.booking_com! })).body;
    expect(toBooking.match(/SUMMARY:Not available/g)).toHaveLength(3);

    // Removing the feed frees its nights at once.
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/channels/feeds/${added.json().data.feed._id}`, headers: ctx.admin.auth });
    expect(removed.statusCode).toBe(200);
    expect(await heldBlocks('101')).toEqual([]);
    expect(await offered(20, 22)).toEqual(['101']);
  });

  it('keeps an event that overlaps a stay as a conflict, mails the hotel once, imports the rest; staff resolve it with a note', async () => {
    const stay = (await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(8))).json().data;
    feeds.serve('/conflict.ics', { body: airbnb([{ uid: 'c1@airbnb.com', from: 6, to: 9 }, { uid: 'c2@airbnb.com', from: 12, to: 14 }]) });
    const added = (await addFeed('101', feeds.url('/conflict.ics'))).json().data;
    // c1's last night (8) is free: held for Airbnb's guest; only nights 6 and 7 clash.
    expect(added.result).toMatchObject({ events: 2, added: 2, conflicts: 1, error: null });
    const mails = (await outbox(ctx.app)).filter((m) => m.kind === 'channel-conflict');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: ctx.app.config.hotel.email });
    expect(mails[0]!.text).toContain(`${day(6)} to ${day(9)}`);
    expect(mails[0]!.text).toContain(`Taken already: ${day(6)} to ${day(8)}. Held for Airbnb now: ${day(8)} to ${day(9)}.`);

    // Found again on the next sync: still one conflict, no second mail.
    expect(await syncNow(added.feed._id)).toMatchObject({ conflicts: 1, kept: 2, added: 0, released: 0 });
    expect((await outbox(ctx.app)).filter((m) => m.kind === 'channel-conflict')).toHaveLength(1);

    const list = await ctx.app.inject({ url: '/api/channels/conflicts', headers: ctx.staff.auth });
    expect(list.statusCode).toBe(200);
    const [conflict] = list.json().data;
    expect(list.json().data).toHaveLength(1);
    expect(conflict).toMatchObject({
      channel: 'airbnb',
      room: { roomNumber: '101' },
      checkIn: day(6),
      checkOut: day(9),
      heldNights: [{ checkIn: day(8), checkOut: day(9) }],
      clashingNights: [{ checkIn: day(6), checkOut: day(8) }],
      heldBy: { kind: 'booking', transactionId: stay.transactionId, guestName: 'Rahim Uddin', checkIn: day(5), checkOut: day(8) },
      resolvedAt: null,
      resolution: null,
    });
    expect((await ctx.app.inject({ url: '/api/channels/conflicts', headers: ctx.guest.auth })).statusCode).toBe(403);

    const empty = await ctx.app.inject({ method: 'POST', url: `/api/channels/conflicts/${conflict._id}/resolve`, headers: ctx.staff.auth, payload: { note: ' ' } });
    expect(empty.statusCode).toBe(400);
    const done = await ctx.app.inject({ method: 'POST', url: `/api/channels/conflicts/${conflict._id}/resolve`, headers: ctx.staff.auth, payload: { note: 'Moved the guest to 102' } });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ note: 'Moved the guest to 102', resolvedBy: { name: ctx.staff.name } });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/channels/conflicts/${conflict._id}/resolve`, headers: ctx.staff.auth, payload: { note: 'again' } })).statusCode).toBe(409);
    expect((await ctx.app.inject({ url: '/api/channels/conflicts', headers: ctx.staff.auth })).json().data).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/channels/conflicts?status=resolved', headers: ctx.staff.auth })).json().data).toHaveLength(1);
  });

  // Issue 31, item 1: room 305 booked here for Dec 14-17, Airbnb then says "Reserved" Dec 15-18.
  // Dec 17 stayed on sale here and on Booking.com: the next guest was sold Airbnb's guest's night.
  it('holds every night of a partly clashing stay that nobody else holds, and the freed nights once our guest cancels', async () => {
    const ours = (await book(ctx.app, ctx.guest, rooms['101']!, day(14), day(17))).json().data;
    feeds.serve('/partly.ics', { body: airbnb([{ uid: 'partly@airbnb.com', from: 15, to: 18 }]) });
    const added = (await addFeed('101', feeds.url('/partly.ics'))).json().data;
    expect(added.result).toMatchObject({ events: 1, added: 1, conflicts: 1 });
    expect(await heldBlocks('101')).toEqual([{ uid: 'partly@airbnb.com', check_in: day(17), check_out: day(18) }]);
    // Not offered for the 17th, here or on another channel.
    expect(await offered(17, 18)).not.toContain('101');
    expect((await book(ctx.app, ctx.guest, rooms['101']!, day(17), day(18))).statusCode).toBe(409);
    const exportsRes = (await ctx.app.inject({ url: '/api/channels', headers: ctx.admin.auth })).json().data as { _id: string; exports: { channel: string; url: string }[] }[];
    const toBooking = exportsRes.find((r) => r._id === rooms['101'])!.exports.find((e) => e.channel === 'booking_com')!.url;
    const exported = (await ctx.app.inject({ url: new URL(toBooking).pathname })).body;
    expect(exported).toContain(`DTSTART;VALUE=DATE:${icalDay(day(17))}\r\nDTEND;VALUE=DATE:${icalDay(day(18))}`);

    const [conflict] = (await ctx.app.inject({ url: '/api/channels/conflicts', headers: ctx.staff.auth })).json().data;
    expect(conflict).toMatchObject({
      checkIn: day(15),
      checkOut: day(18),
      heldNights: [{ checkIn: day(17), checkOut: day(18) }],
      clashingNights: [{ checkIn: day(15), checkOut: day(17) }],
      heldBy: { kind: 'booking', transactionId: ours.transactionId },
    });

    // Our guest cancels: the channel's guest holds the whole stay at once (no fetch of the feed),
    // and the conflict closes itself.
    const hits = feeds.hits('/partly.ics');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/bookings/${ours._id}/cancel`, headers: ctx.guest.auth })).statusCode).toBe(200);
    await expect
      .poll(async () => (await heldBlocks('101')).map((b) => `${b.check_in}/${b.check_out}`), { timeout: 5_000, interval: 25 })
      .toEqual([`${day(15)}/${day(17)}`, `${day(17)}/${day(18)}`]);
    expect(feeds.hits('/partly.ics')).toBe(hits);
    expect(await offered(14, 15)).toContain('101');
    expect(await offered(15, 16)).not.toContain('101');
    await expect
      .poll(async () => (await ctx.app.inject({ url: '/api/channels/conflicts?status=resolved', headers: ctx.staff.auth })).json().data[0], { timeout: 5_000 })
      .toMatchObject({ _id: conflict._id, resolution: 'nights_free', resolvedBy: null, heldNights: [{ checkIn: day(15), checkOut: day(18) }], clashingNights: [] });
    // The next sync sees the stay held whole: nothing to write, no conflict.
    expect(await syncNow(added.feed._id)).toMatchObject({ kept: 1, added: 0, released: 0, conflicts: 0 });
  });

  it('holds the nights a desk block gives back, and closes the conflict when the channel drops the stay', async () => {
    const closed = await ctx.app.inject({ method: 'POST', url: '/api/channels/blocks', headers: ctx.staff.auth, payload: { roomId: rooms['102'], checkIn: day(30), checkOut: day(32), reason: 'Leak' } });
    expect(closed.statusCode).toBe(201);
    feeds.serve('/desk.ics', { body: airbnb([{ uid: 'd1@airbnb.com', from: 31, to: 34 }, { uid: 'd2@airbnb.com', from: 40, to: 41 }]) });
    const feed = (await addFeed('102', feeds.url('/desk.ics'))).json().data.feed;
    expect(await heldBlocks('102')).toEqual([
      { uid: null, check_in: day(30), check_out: day(32) },
      { uid: 'd1@airbnb.com', check_in: day(32), check_out: day(34) },
      { uid: 'd2@airbnb.com', check_in: day(40), check_out: day(41) },
    ] as never);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/channels/blocks/${closed.json().data._id}`, headers: ctx.staff.auth })).statusCode).toBe(200);
    await expect
      .poll(async () => (await heldBlocks('102')).filter((b) => b.uid === 'd1@airbnb.com').map((b) => b.check_in), { timeout: 5_000, interval: 25 })
      .toEqual([day(31), day(32)]);

    // A new clash, then the channel cancels that stay: its conflict is closed as gone.
    await book(ctx.app, ctx.guest, rooms['102']!, day(50), day(52));
    feeds.serve('/desk.ics', { body: airbnb([{ uid: 'd1@airbnb.com', from: 31, to: 34 }, { uid: 'd3@airbnb.com', from: 51, to: 53 }]) });
    expect(await syncNow(feed._id)).toMatchObject({ events: 2, kept: 1, added: 1, released: 1, conflicts: 1 });
    feeds.serve('/desk.ics', { body: airbnb([{ uid: 'd1@airbnb.com', from: 31, to: 34 }]) });
    expect(await syncNow(feed._id)).toMatchObject({ events: 1, kept: 1, released: 1, conflicts: 0 });
    expect((await ctx.app.inject({ url: '/api/channels/conflicts', headers: ctx.staff.auth })).json().data).toEqual([]);
    const resolved = (await ctx.app.inject({ url: '/api/channels/conflicts?status=resolved', headers: ctx.staff.auth })).json().data;
    expect(resolved.map((c: { uid: string; resolution: string }) => [c.uid, c.resolution])).toEqual([
      ['d1@airbnb.com', 'nights_free'],
      ['d3@airbnb.com', 'event_gone'],
    ]);
  });

  it('pages the conflicts like every other list', async () => {
    await book(ctx.app, ctx.guest, rooms['101']!, day(60), day(70));
    feeds.serve('/many.ics', { body: airbnb(Array.from({ length: 7 }, (_, i) => ({ uid: `m${i}@airbnb.com`, from: 60 + i, to: 61 + i }))) });
    await addFeed('101', feeds.url('/many.ics'));
    const page = async (q: string) => (await ctx.app.inject({ url: `/api/channels/conflicts?${q}`, headers: ctx.staff.auth })).json();
    const first = await page('limit=3');
    expect(first.meta).toEqual({ page: 1, limit: 3, total: 7 });
    expect(first.data.map((c: { checkIn: string }) => c.checkIn)).toEqual([day(60), day(61), day(62)]);
    expect((await page('limit=3&page=3')).data.map((c: { checkIn: string }) => c.checkIn)).toEqual([day(66)]);
    expect((await page('')).meta).toEqual({ page: 1, limit: 10, total: 7 });
    expect((await ctx.app.inject({ url: '/api/channels/conflicts?limit=101', headers: ctx.staff.auth })).statusCode).toBe(400);
  });

  // Issue 31: 10,000 clashing events answered 500 (one insert of more than 65,535 parameters) and
  // the schedule tried again for ever.
  it('syncs a feed of 20,000 events that all clash: batched writes, one mail', { timeout: 120_000 }, async () => {
    const block = await ctx.app.inject({ method: 'POST', url: '/api/channels/blocks', headers: ctx.staff.auth, payload: { roomId: rooms['102'], checkIn: day(1), checkOut: day(700), reason: 'Renovation' } });
    expect(block.statusCode).toBe(201);
    const events = Array.from({ length: 20_000 }, (_, i) => ({ uid: `big${i}@airbnb.com`, from: 1 + (i % 690), to: 2 + (i % 690) + (i % 3) }));
    feeds.serve('/big.ics', { body: airbnb(events) });
    const added = await addFeed('102', feeds.url('/big.ics'));
    expect(added.statusCode, added.body.slice(0, 300)).toBe(201);
    expect(added.json().data.result).toMatchObject({ events: 20_000, added: 0, conflicts: 20_000, error: null });
    expect((await ctx.app.inject({ url: '/api/channels/conflicts?limit=1', headers: ctx.staff.auth })).json().meta.total).toBe(20_000);
    const mails = (await outbox(ctx.app)).filter((m) => m.kind === 'channel-conflict');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('…and 19,950 more, listed on the Channels screen.');
    // Again: the same conflicts, nothing new, no error.
    expect(await syncNow(added.json().data.feed._id)).toMatchObject({ events: 20_000, conflicts: 20_000, error: null });
  });

  it('skips events with impossible dates or past the horizon, counts them, and imports the rest', async () => {
    feeds.serve('/odd.ics', {
      body: calendar([
        ['DTSTART;VALUE=DATE:20271345', 'DTEND;VALUE=DATE:20271347', 'UID:month13@airbnb.com', 'SUMMARY:Reserved'],
        [`DTSTART;VALUE=DATE:${icalDay(day(9))}`, `DTEND;VALUE=DATE:${icalDay(day(8))}`, 'UID:backwards@airbnb.com'],
        // Past the last night sold (BOOKING_HORIZON_DAYS from today).
        [`DTSTART;VALUE=DATE:${icalDay(day(horizon()))}`, `DTEND;VALUE=DATE:${icalDay(day(horizon() + 2))}`, 'UID:far@airbnb.com'],
        [`DTSTART;VALUE=DATE:${icalDay(day(3))}`, `DTEND;VALUE=DATE:${icalDay(day(4))}`, 'UID:fine@airbnb.com'],
      ]),
    });
    const { result } = (await addFeed('101', feeds.url('/odd.ics'))).json().data;
    expect(result).toMatchObject({ events: 1, added: 1, skipped: 3, error: null });
    expect(result.skippedEvents).toEqual(
      expect.arrayContaining([
        { uid: 'month13@airbnb.com', reason: 'BAD_DATE' },
        { uid: 'backwards@airbnb.com', reason: 'ENDS_BEFORE_START' },
        { uid: 'far@airbnb.com', reason: 'PAST_HORIZON' },
      ]),
    );
    expect(await heldBlocks('101')).toEqual([{ uid: 'fine@airbnb.com', check_in: day(3), check_out: day(4) }]);
  });

  it('refuses a feed address a second time for the same room, a non-http address, and an unknown room', async () => {
    feeds.serve('/twice.ics', { body: airbnb([]) });
    expect((await addFeed('101', feeds.url('/twice.ics'))).statusCode).toBe(201);
    const again = await addFeed('101', feeds.url('/twice.ics'));
    expect(again.statusCode).toBe(409);
    expect((await addFeed('101', 'file:///etc/passwd')).statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/channels/feeds',
      headers: ctx.admin.auth,
      payload: { roomId: '00000000-0000-4000-8000-000000000000', channel: 'airbnb', url: feeds.url('/twice.ics') },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/channels/feeds', headers: ctx.staff.auth, payload: {} })).statusCode).toBe(403);
  });
});

describe('a feed that fails keeps its blocks and says why', () => {
  it.each([
    ['an HTTP error', { body: 'gone', status: 503 }, /HTTP 503/, 'HTTP_STATUS', { status: 503 }],
    ['a page that is not iCal', { body: '<html>Login</html>', type: 'text/html' }, /not.*iCal/i, 'NOT_ICAL', {}],
    ['a cut-off calendar', { body: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART;VALUE=DATE:2030' }, /cut off/, 'CUT_OFF', {}],
    ['more than 5 MB', { bytes: 6 * 1024 * 1024 }, /larger than 5 MB/, 'TOO_LARGE', { mb: 5 }],
    ['more than 20,000 events', { body: calendar(Array.from({ length: 20_001 }, (_, i) => [`UID:e${i}`, 'DTSTART;VALUE=DATE:20300101'])) }, /20,000/, 'TOO_MANY_EVENTS', { events: 20_001, max: 20_000 }],
  ] as const)('%s', async (_name, answer, message, code, params) => {
    const path = `/fails-${_name.replaceAll(/\W/g, '')}.ics`;
    feeds.serve(path, { body: airbnb([{ uid: 'keep@airbnb.com', from: 3, to: 5 }]) });
    const feed = (await addFeed('102', feeds.url(path))).json().data.feed;
    feeds.serve(path, answer);
    const result = await syncNow(feed._id);
    expect(result.error).toMatch(message);
    // With a code and values, for the screens to say it in their language.
    expect([result.errorCode, result.errorParams]).toEqual([code, params]);
    expect(await heldBlocks('102')).toEqual([{ uid: 'keep@airbnb.com', check_in: day(3), check_out: day(5) }]);
    const listed = (await ctx.app.inject({ url: '/api/channels', headers: ctx.admin.auth })).json().data.find((r: { _id: string }) => r._id === rooms['102']).feeds[0];
    expect(listed).toMatchObject({ lastError: result.error, lastErrorCode: code, lastErrorParams: params, blocks: 1, lastResult: { added: 1 } });
  });

  it('a redirect loop', async () => {
    feeds.serve('/loop-a.ics', { body: airbnb([]) });
    const feed = (await addFeed('102', feeds.url('/loop-a.ics'))).json().data.feed;
    feeds.serve('/loop-a.ics', { redirect: '/loop-b.ics' });
    feeds.serve('/loop-b.ics', { redirect: '/loop-a.ics' });
    expect((await syncNow(feed._id)).error).toMatch(/redirected more than 5 times/);
  });

  it('mails the hotel once after 24 hours of failures, and again only after it worked and failed again', async () => {
    feeds.serve('/flaky.ics', { body: airbnb([]) });
    const feed = (await addFeed('102', feeds.url('/flaky.ics'))).json().data.feed;
    feeds.serve('/flaky.ics', { body: 'down', status: 500 });
    const failing = () => outbox(ctx.app).then((all) => all.filter((m) => m.kind === 'channel-feed-failing'));
    await syncNow(feed._id);
    expect(await failing()).toHaveLength(0);
    await query(ctx.app, sql`update channel_feeds set failing_since = now() - interval '25 hours' where id = ${feed._id}`);
    await syncNow(feed._id);
    await syncNow(feed._id);
    expect(await failing()).toHaveLength(1);
    expect((await failing())[0]!.text).toContain('HTTP 500');
    // It works, then fails for a day again: a second mail.
    feeds.serve('/flaky.ics', { body: airbnb([]) });
    expect((await syncNow(feed._id)).error).toBeNull();
    feeds.serve('/flaky.ics', { body: 'down', status: 500 });
    await syncNow(feed._id);
    await query(ctx.app, sql`update channel_feeds set failing_since = now() - interval '25 hours' where id = ${feed._id}`);
    await syncNow(feed._id);
    expect(await failing()).toHaveLength(2);
  });
});

describe('the schedule', () => {
  it('fetches a due feed once per interval, however many passes run at once', async () => {
    feeds.serve('/scheduled.ics', { body: airbnb([{ uid: 's1@airbnb.com', from: 60, to: 62 }]) });
    const feed = (await addFeed('101', feeds.url('/scheduled.ics'))).json().data.feed;
    expect(feeds.hits('/scheduled.ics')).toBe(1);
    await query(ctx.app, sql`update channel_feeds set next_sync_at = now() - interval '1 minute' where id = ${feed._id}`);
    const deps = { db: ctx.app.db, mailer: ctx.app.mailer, config: ctx.app.config, exportCache: new LiveCache<string>() };
    const log = { error: () => {} };
    const passes = await Promise.all([syncDueFeeds(deps, log), syncDueFeeds(deps, log), syncDueFeeds(deps, log), syncDueFeeds(deps, log)]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    expect(feeds.hits('/scheduled.ics')).toBe(2);
    // Its next fetch is an interval away.
    expect(await Promise.all([syncDueFeeds(deps, log), syncDueFeeds(deps, log)])).toEqual([0, 0]);
    const [{ minutes }] = await query<{ minutes: number }>(ctx.app, sql`select round(extract(epoch from next_sync_at - now()) / 60)::int as minutes from channel_feeds where id = ${feed._id}`);
    expect(minutes).toBe(ctx.app.config.channels.syncMinutes);
  });
});

