/**
 * The channel schedule with two real API processes on one PostgreSQL (issue 20): both poll for due
 * feeds every 100 ms, yet a feed whose interval has come is fetched once, counted at the feed
 * server, and not again within its interval. PostgreSQL is required: when it does not answer, the
 * check fails, naming it.
 */
import { describe, expect, it } from 'vitest';
import { calendar, startFeedServer } from './test/feed-server.ts';
import { cleanUpAfterFile, processTestBed, eventually, startApiProcess } from './test/processes.ts';
import { categoryPayload } from './test/rooms.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** Both processes poll this often: in the window below each makes about 20 passes. */
const POLL_MS = 100;
const WINDOW_MS = 2_000;

const cleanUp = cleanUpAfterFile();

describe('the channel schedule across API processes', () => {
  it(
    'fetches a due feed once per interval, though two processes poll for it',
    async () => {
      const bed = await processTestBed(cleanUp, SERVER_URL, 'channel_schedule', 2);
      const { db, dataDirs } = bed;
      const feeds = await startFeedServer();
      cleanUp.later(() => feeds.close());
      const env = (dataDir: string) => bed.env(dataDir, { CHANNEL_POLL_MS: String(POLL_MS), CHANNEL_SYNC_MINUTES: '1' });
      const first = cleanUp.process(await startApiProcess('first', env(dataDirs[0]!), { healthTimeoutMs: 60_000 }));
      await db.connect();

      const post = (url: string, body: unknown, token?: string) =>
        fetch(`${first.origin}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
      expect((await post('/api/auth/register', { name: 'Schedule Admin', email: 'schedule.admin@example.com', password: 'correct-horse-battery' })).status).toBe(201);
      await db.query(`update users set role = 'admin' where email = 'schedule.admin@example.com'`);
      const login = await post('/api/auth/login', { email: 'schedule.admin@example.com', password: 'correct-horse-battery' });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const saved = await fetch(`${first.origin}/api/room-categories`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...categoryPayload('Schedule Suite'), roomNumbers: '801' }),
      });
      expect(saved.status, await saved.text()).toBe(200);
      const [room] = (await db.query<{ id: string }>(`select id from rooms where room_number = '801'`)).rows;

      feeds.serve('/801.ics', { body: calendar([]) });
      const added = await post('/api/channels/feeds', { roomId: room!.id, channel: 'airbnb', url: feeds.url('/801.ics') }, token);
      expect(added.status).toBe(201);
      // Fetched once when added; its next fetch is an interval away.
      expect(feeds.hits('/801.ics')).toBe(1);

      cleanUp.process(await startApiProcess('second', env(dataDirs[1]!), { healthTimeoutMs: 60_000 }));
      // The interval has come: both processes see the feed due on their next pass.
      await db.query(`update channel_feeds set next_sync_at = now()`);
      await eventually('the scheduled fetch', async () => (feeds.hits('/801.ics') >= 2 ? true : undefined), { timeoutMs: 20_000 });
      // A window of some 20 passes of each process: no second fetch within the interval.
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
      expect(feeds.hits('/801.ics')).toBe(2);
      const [next] = (await db.query<{ minutes: number }>(`select round(extract(epoch from next_sync_at - now()) / 60)::int as minutes from channel_feeds`)).rows;
      expect(next!.minutes).toBe(1);
    },
    120_000,
  );
});
