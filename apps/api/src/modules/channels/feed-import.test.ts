import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendar, startFeedServer, type FeedServer } from '../../test/feed-server.ts';
import { fetchFeed, isPrivateAddress } from './feed-fetch.ts';
import { FeedError, parseFeed } from './ical-import.ts';

/*
 * The importer's two halves without the database: the guarded fetch (no private addresses
 * unless allowed, a time limit) and the parser (real feeds' shapes; garbage never crashes it).
 */

const clock = { timeZone: 'Asia/Dhaka', checkInTime: '14:00', horizonDays: 730 };
const TODAY = '2030-01-01';

describe('fetchFeed', () => {
  let feeds: FeedServer;
  beforeAll(async () => {
    feeds = await startFeedServer();
    feeds.serve('/ok.ics', { body: calendar([]) });
    feeds.serve('/hang.ics', { hang: true });
  });
  afterAll(() => feeds.close());

  it('refuses loopback, private and link-local addresses unless allowed, by literal and by name', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.9', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '203.112.218.1', '2606:4700:4700::1111']) expect(isPrivateAddress(address), address).toBe(false);

    await expect(fetchFeed(feeds.url('/ok.ics'), { allowPrivate: false })).rejects.toThrow(/127\.0\.0\.1.*private or local/);
    // By name: the look-up's answer is checked, and the socket connects to what was checked.
    const byName = feeds.url('/ok.ics').replace('127.0.0.1', 'localhost');
    await expect(fetchFeed(byName, { allowPrivate: false })).rejects.toThrow(/resolves to .*private or local/);
    await expect(fetchFeed('http://[::1]:9/x.ics', { allowPrivate: false })).rejects.toThrow(/private or local/);
    expect(feeds.hits('/ok.ics')).toBe(0);
    // Allowed (tests, a hotel's own tools outside production): fetched.
    expect(await fetchFeed(feeds.url('/ok.ics'), { allowPrivate: true })).toContain('BEGIN:VCALENDAR');
  });

  // Issue 31: IPv6 forms that reach an IPv4 address passed the guard.
  it.each([
    ['NAT64 to the metadata address', '64:ff9b::a9fe:a9fe'],
    ['NAT64 to loopback, written dotted', '64:ff9b::127.0.0.1'],
    ['NAT64 to 10.0.0.1', '64:ff9b:0:0:0:0:a00:1'],
    ['NAT64 local-use prefix', '64:ff9b:1::a00:1'],
    ['6to4 of 127.0.0.1', '2002:7f00:1::1'],
    ['6to4 of a public address (the whole prefix is refused)', '2002:808:808::1'],
    ['IPv4-compatible ::127.0.0.1', '::7f00:1'],
    ['IPv4-compatible ::10.0.0.1 written dotted', '::10.0.0.1'],
    ['IPv4-mapped loopback written in hex', '::ffff:7f00:1'],
    ['IPv4-mapped link-local written in hex', '::ffff:a9fe:a9fe'],
    ['IPv4-translated', '::ffff:0:7f00:1'],
    ['site-local', 'fec0::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ])('refuses %s (%s)', async (_name, address) => {
    expect(isPrivateAddress(address)).toBe(true);
    await expect(fetchFeed(`http://[${address}]:9/x.ics`, { allowPrivate: false })).rejects.toMatchObject({ code: 'PRIVATE_ADDRESS' });
  });

  it('still fetches from public IPv6, IPv4-mapped public addresses, and NAT64 of a public one (an IPv6-only server with DNS64)', () => {
    for (const address of ['2606:4700:4700::1111', '2a00:1450:4001:82b::200e', '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::808:808', '64:ff9b::34.117.59.81']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('gives up on a channel that never answers, with a message', async () => {
    const started = Date.now();
    await expect(fetchFeed(feeds.url('/hang.ics'), { allowPrivate: true, timeoutMs: 300 })).rejects.toThrow(/did not answer within/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses an address that is not http or https', async () => {
    await expect(fetchFeed('ftp://example.com/x.ics', { allowPrivate: true })).rejects.toThrow(FeedError);
  });
});

describe('parseFeed', () => {
  const ics = calendar([
    ['DTSTART;VALUE=DATE:20300110', 'DTEND;VALUE=DATE:20300112', 'UID:a', 'SUMMARY:Reserved'],
    ['DTSTART;VALUE=DATE:20300120', 'DTEND;VALUE=DATE:20300121', 'UID:b', 'STATUS:CANCELLED'],
    ['DTSTART;VALUE=DATE:20291201', 'DTEND;VALUE=DATE:20291205', 'UID:past'],
    ['DTSTART:20300201T200000Z', 'DTEND:20300203T060000Z', 'UID:utc'],
  ]);

  it('reads dates, UTC date-times as hotel nights, and leaves out cancelled and past stays', () => {
    expect(parseFeed(ics, clock, TODAY)).toEqual({ skipped: [], events: [
      { uid: 'a', checkIn: '2030-01-10', checkOut: '2030-01-12', summary: 'Reserved' },
      // 20:00 UTC is 02:00 on Feb 2 in Dhaka; 06:00 UTC on Feb 3 is 12:00, before the 14:00 check-in.
      { uid: 'utc', checkIn: '2030-02-02', checkOut: '2030-02-03', summary: 'Not available' },
    ]});
  });

  it('reads the same whatever the server’s own time zone', () => {
    const before = process.env.TZ;
    try {
      for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
        process.env.TZ = tz;
        expect(parseFeed(ics, clock, TODAY).events.map((e) => [e.checkIn, e.checkOut]), tz).toEqual([
          ['2030-01-10', '2030-01-12'],
          ['2030-02-02', '2030-02-03'],
        ]);
      }
    } finally {
      process.env.TZ = before;
    }
  });

  // Issue 31: 20271345 was rolled into 2028-02-14, and an event ending before it started became one night.
  it('refuses an event with a date that does not exist, one that ends before it starts, and one past the horizon; keeps the rest', () => {
    const text = calendar([
      ['DTSTART;VALUE=DATE:20301345', 'DTEND;VALUE=DATE:20301347', 'UID:month13', 'SUMMARY:Reserved'],
      ['DTSTART;VALUE=DATE:20300230', 'DTEND;VALUE=DATE:20300302', 'UID:feb30'],
      ['DTSTART:20300110T250000Z', 'DTEND:20300111T100000Z', 'UID:hour25'],
      ['DTSTART;VALUE=DATE:20300120', 'DTEND;VALUE=DATE:20300118', 'UID:backwards'],
      ['DTSTART;VALUE=DATE:20300125', 'DTEND;VALUE=DATE:20300125', 'UID:zero'],
      ['DTSTART:20300201T150000Z', 'DTEND:20300201T150000Z', 'UID:instant'],
      ['DTSTART;VALUE=DATE:20320105', 'DTEND;VALUE=DATE:20320107', 'UID:far'],
      ['DTSTART;VALUE=DATE:20311229', 'DTEND;VALUE=DATE:20320103', 'UID:across'],
      ['DTSTART;VALUE=DATE:20300105', 'DTEND;VALUE=DATE:20300107', 'UID:good'],
    ]);
    const { events, skipped } = parseFeed(text, clock, TODAY);
    // 730 days after 2030-01-01: the last check-out is 2032-01-01.
    expect(events).toEqual([
      { uid: 'good', checkIn: '2030-01-05', checkOut: '2030-01-07', summary: 'Not available' },
      { uid: 'across', checkIn: '2031-12-29', checkOut: '2032-01-01', summary: 'Not available' },
    ]);
    expect(skipped).toEqual(
      expect.arrayContaining([
        { uid: 'month13', reason: 'BAD_DATE' },
        { uid: 'feb30', reason: 'BAD_DATE' },
        { uid: 'hour25', reason: 'BAD_DATE' },
        { uid: 'backwards', reason: 'ENDS_BEFORE_START' },
        { uid: 'zero', reason: 'ENDS_BEFORE_START' },
        { uid: 'instant', reason: 'ENDS_BEFORE_START' },
        { uid: 'far', reason: 'PAST_HORIZON' },
      ]),
    );
    expect(skipped).toHaveLength(7);
  });

  it('never crashes on garbage or a cut-off file: it reads events or says why not', () => {
    const lines = fc.constantFrom(
      'BEGIN:VEVENT',
      'END:VEVENT',
      'DTSTART;VALUE=DATE:20300101',
      'DTEND;VALUE=DATE:20300103',
      'DTSTART;TZID=Nowhere/City:20300101T100000',
      'DTSTART:2030',
      'DTEND:garbage',
      'UID:x',
      'RRULE:FREQ=DAILY;COUNT=3',
      'SUMMARY:Reserved',
      ' folded',
      'BEGIN:VTIMEZONE',
      'END:VTIMEZONE',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(lines, fc.string()), { maxLength: 30 }), fc.nat(4000), fc.boolean(), (body, cut, complete) => {
        let text = ['BEGIN:VCALENDAR', ...body, ...(complete ? ['END:VCALENDAR'] : [])].join('\r\n');
        if (!complete) text = text.slice(0, cut);
        try {
          const { events } = parseFeed(text, clock, TODAY);
          for (const e of events) expect(e.checkOut > e.checkIn).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(FeedError);
        }
      }),
      { numRuns: 300 },
    );
  });
});
