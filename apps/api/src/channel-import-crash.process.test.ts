/**
 * A channel import across a crash (issue 20): a real API process on PostgreSQL imports a feed of
 * 2,000 stays, the feed changes to 2,000 others, and the process is killed with `kill -9` while
 * it imports them (the test watches pg_stat_activity for the import's open transaction). After
 * a restart, the feed's blocks are either all the old ones or all the new ones, never a mix, and
 * the next sync brings the new ones. PostgreSQL is required: when it does not answer, the check
 * fails, naming it.
 */
import { addDays, todayAt } from '@residency/shared';
import { describe, expect, it } from 'vitest';
import { calendar, icalDay, startFeedServer } from './test/feed-server.ts';
import { cleanUpAfterFile, processTestBed, startApiProcess, type ApiProcess } from './test/processes.ts';
import { categoryPayload } from './test/rooms.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const EVENTS = 2000;
/** Kills tried until one lands inside the import's transaction. */
const ATTEMPTS = 6;

const cleanUp = cleanUpAfterFile();

/** A feed of EVENTS two-night stays whose UIDs carry `version`. */
function feed(version: number) {
  const start = addDays(todayAt('Asia/Dhaka'), 10 + version);
  return calendar(
    Array.from({ length: EVENTS }, (_, i) => [
      `DTSTART;VALUE=DATE:${icalDay(addDays(start, i * 3))}`,
      `DTEND;VALUE=DATE:${icalDay(addDays(start, i * 3 + 2))}`,
      `UID:v${version}-${i}@airbnb.com`,
      'SUMMARY:Reserved',
    ]),
  );
}

describe('a channel import when the API process is killed mid-import', () => {
  it(
    'leaves the feed’s blocks all old or all new after kill -9 and a restart',
    async () => {
      const bed = await processTestBed(cleanUp, SERVER_URL, 'import_crash');
      const { db } = bed;
      const feeds = await startFeedServer();
      cleanUp.later(() => feeds.close());
      // Only the test's own syncs; the stays run 16 years ahead, so the horizon is stretched as
      // the API tests' is (events past it are skipped, issue 31).
      const env = bed.env(bed.dataDirs[0]!, { CHANNEL_POLL_MS: '3600000', BOOKING_HORIZON_DAYS: '40000' });
      let proc = cleanUp.process(await startApiProcess('first', env, { healthTimeoutMs: 60_000 }));
      await db.connect();

      // An admin and a room.
      const post = (p: ApiProcess, url: string, body: unknown, token?: string) =>
        fetch(`${p.origin}${url}`, {
          method: 'POST',
          headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
      const registered = await post(proc, '/api/auth/register', { name: 'Crash Admin', email: 'crash.admin@example.com', password: 'correct-horse-battery' });
      expect(registered.status).toBe(201);
      await db.query(`update users set role = 'admin' where email = 'crash.admin@example.com'`);
      const login = async (p: ApiProcess) =>
        ((await (await post(p, '/api/auth/login', { email: 'crash.admin@example.com', password: 'correct-horse-battery' })).json()) as { data: { token: string } }).data.token;
      let token = await login(proc);
      const saved = await fetch(`${proc.origin}/api/room-categories`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...categoryPayload('Crash Suite'), roomNumbers: '701' }),
      });
      expect(saved.status, await saved.text()).toBe(200);
      const [room] = (await db.query<{ id: string }>(`select id from rooms where room_number = '701'`)).rows;

      feeds.serve('/crash.ics', { body: feed(0) });
      const added = await post(proc, '/api/channels/feeds', { roomId: room!.id, channel: 'airbnb', url: feeds.url('/crash.ics') }, token);
      expect(added.status).toBe(201);
      const feedId = ((await added.json()) as { data: { feed: { _id: string }; result: { added: number } } }).data.feed._id;

      const versions = async () =>
        (
          await db.query<{ version: string; n: number }>(
            `select split_part(uid, '-', 1) as version, count(*)::int as n from room_blocks where feed_id = $1 and released_at is null group by 1 order by 1`,
            [feedId],
          )
        ).rows;
      expect(await versions()).toEqual([{ version: 'v0', n: EVENTS }]);

      let version = 0;
      let killedMidImport = 0;
      for (let attempt = 1; attempt <= ATTEMPTS && killedMidImport === 0; attempt += 1) {
        version += 1;
        feeds.serve('/crash.ics', { body: feed(version) });
        const hitsBefore = feeds.hits('/crash.ics');
        void post(proc, `/api/channels/feeds/${feedId}/sync`, undefined, token).catch(() => {});
        // Once the feed is fetched, wait for the import's transaction to be open, then kill.
        const deadline = Date.now() + 20_000;
        while (feeds.hits('/crash.ics') === hitsBefore && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
        let inTransaction = false;
        while (!inTransaction && Date.now() < deadline) {
          const { rows } = await db.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null and query ilike '%room_blocks%'`,
          );
          inTransaction = (rows[0]?.n ?? 0) > 0;
        }
        await proc.crash();
        if (inTransaction) killedMidImport += 1;

        proc = cleanUp.process(await startApiProcess(`after kill ${attempt}`, env, { healthTimeoutMs: 60_000 }));
        token = await login(proc);
        // All old or all new: the import's one transaction either committed or never happened.
        const after = await versions();
        expect(after, `attempt ${attempt}`).toHaveLength(1);
        expect(after[0]!.n).toBe(EVENTS);
        expect([`v${version - 1}`, `v${version}`]).toContain(after[0]!.version);
        // Whatever the crash left, the next sync brings the feed as it is now.
        if (after[0]!.version !== `v${version}`) {
          const synced = await post(proc, `/api/channels/feeds/${feedId}/sync`, undefined, token);
          expect(((await synced.json()) as { data: { added: number; error: string | null } }).data).toMatchObject({ added: EVENTS, error: null });
          expect(await versions()).toEqual([{ version: `v${version}`, n: EVENTS }]);
        }
      }
      expect(killedMidImport, 'no kill landed inside the import’s transaction').toBeGreaterThan(0);
      // And the occupancy agrees with the blocks: every held block holds its nights, nothing else does.
      const { rows } = await db.query<{ blocks: number; held: number }>(
        `select (select count(*)::int from room_blocks where feed_id = $1 and released_at is null) as blocks,
                (select count(*)::int from room_occupancy o join room_blocks b on b.id = o.block_id where b.feed_id = $1) as held`,
        [feedId],
      );
      expect(rows[0]!.held).toBe(rows[0]!.blocks);
    },
    240_000,
  );
});
