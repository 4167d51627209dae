/**
 * Channel sync (issue 20): importing a feed of 2,000 events (fetch from a local server, parse,
 * replace the feed's blocks), the export feed of a room with 500 stays under 20 connections, and,
 * on PostgreSQL, whether a block imported by one API process is seen by another process's search
 * on the very next request. Usage: node bench/channels.ts (BENCH_DATABASE_URL=… for a server)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays } from '../packages/shared/src/dates.ts';
import { startChild } from './child.ts';
import { load, printTable } from './lib.ts';

interface Info {
  app: number;
  bare: number;
  adminToken: string;
  exportPath: string;
  importRoom: string;
  searchFrom: string;
  databaseUrl: string | null;
}
const { child, info } = await startChild<Info>(new URL('./servers/channels.ts', import.meta.url));
const api = `http://127.0.0.1:${info.app}`;
const auth = { authorization: `Bearer ${info.adminToken}` };
const json = { ...auth, 'content-type': 'application/json' };
// The servers go with this process, whatever ends it.
process.on('exit', () => child.kill());
let failed = false;

// A feed of 2,000 two-night stays; each round gives them new UIDs, so every round releases the
// previous 2,000 blocks and adds 2,000 new ones: the heaviest import a feed of this size makes.
let round = 0;
const feedBody = () => {
  const day = (n: number) => addDays(info.searchFrom, n).replaceAll('-', '');
  const events = Array.from({ length: 2000 }, (_, i) =>
    ['BEGIN:VEVENT', `DTSTART;VALUE=DATE:${day(i * 3)}`, `DTEND;VALUE=DATE:${day(i * 3 + 2)}`, `UID:r${round}-e${i}@airbnb.com`, 'SUMMARY:Reserved', 'END:VEVENT'].join('\r\n'),
  );
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
};
const feedServer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(feedBody()));
await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/room-102.ics`;

const importTimes: number[] = [];
let started = performance.now();
const added = await fetch(`${api}/api/channels/feeds`, { method: 'POST', headers: json, body: JSON.stringify({ roomId: info.importRoom, channel: 'airbnb', url: feedUrl }) });
importTimes.push(performance.now() - started);
const { feed, result } = (await added.json()).data as { feed: { _id: string }; result: { added: number; error: string | null } };
if (result.added !== 2000) throw new Error(`the first import added ${result.added}: ${result.error}`);
for (round = 1; round <= 4; round += 1) {
  started = performance.now();
  const res = (await (await fetch(`${api}/api/channels/feeds/${feed._id}/sync`, { method: 'POST', headers: auth })).json()).data as { added: number; released: number };
  importTimes.push(performance.now() - started);
  if (res.added !== 2000 || res.released !== 2000) throw new Error(`round ${round}: ${JSON.stringify(res)}`);
}
const worstImport = Math.max(...importTimes);
console.log(`Import of a 2,000-event feed (fetch, parse, release 2,000 and add 2,000 blocks): ${importTimes.map((t) => `${Math.round(t)} ms`).join(', ')}; target ≤ 1,000 ms`);
if (worstImport > 1000) failed = true;

const exportResult = await load('export, room with 500 stays', `${api}${info.exportPath}`, { connections: 20, seconds: Number(process.env.BENCH_SECONDS ?? 10) });
const bareResult = await load('bare Fastify route', `http://127.0.0.1:${info.bare}/bare`, { connections: 20, seconds: Number(process.env.BENCH_SECONDS ?? 10) });
printTable([bareResult, exportResult]);
console.log(`Export feed: p99 ${exportResult.p99} ms at 20 connections; target ≤ 20 ms`);
if (exportResult.p99 > 20 || exportResult.non2xx > 0 || exportResult.errors > 0) failed = true;

if (info.databaseUrl) {
  // A second API process on the same database: a block another process just imported is not
  // offered by this one's search on the next request.
  const { child: second, info: other } = await startChild<{ app: number }>(new URL('./servers/channels.ts', import.meta.url), { BENCH_SHARED_DATABASE_URL: info.databaseUrl });
  process.on('exit', () => second.kill());
  const stay = `checkIn=${addDays(info.searchFrom, 6000)}&checkOut=${addDays(info.searchFrom, 6002)}`;
  const offered = async () => ((await (await fetch(`http://127.0.0.1:${other.app}/api/room?limit=100&${stay}`)).json()).data as { _id: string }[]).some((r) => r._id === info.importRoom);
  let seen = 0;
  for (let i = 0; i < 5; i += 1) {
    if (!(await offered())) throw new Error('room 102 should be free on those nights before the import');
    round += 1;
    const day = addDays(info.searchFrom, 6000).replaceAll('-', '');
    const only = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', `DTSTART;VALUE=DATE:${day}`, `UID:cross-${round}`, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
    feedServer.removeAllListeners('request');
    feedServer.on('request', (_req, res) => res.writeHead(200).end(only));
    await fetch(`${api}/api/channels/feeds/${feed._id}/sync`, { method: 'POST', headers: auth });
    if (!(await offered())) seen += 1;
    // Empty the feed again for the next round.
    feedServer.removeAllListeners('request');
    feedServer.on('request', (_req, res) => res.writeHead(200).end('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n'));
    await fetch(`${api}/api/channels/feeds/${feed._id}/sync`, { method: 'POST', headers: auth });
  }
  second.kill();
  console.log(`A block imported by one process was refused by the other process's next search ${seen} times of 5; target 5 of 5`);
  if (seen !== 5) failed = true;
}

child.kill();
feedServer.close();
process.exitCode = failed ? 1 : 0;
