/**
 * POST /api/events (a visitor asks for a hall: validated, stored with a reference, two mails
 * written to the outbox) against a bare Fastify route in the same run. The per-address limit is
 * raised for the benchmark (bench-app.ts). Usage: node bench/api-events.ts (BENCH_DATABASE_URL=… for a server)
 */
import { startChild } from './child.ts';
import { load, printTable } from './lib.ts';

const { child, info } = await startChild<{ app: number; bare: number }>(new URL('./servers/plain.ts', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const TYPES = ['Conference', 'Wedding', 'Birthday', 'Corporate', 'Other'];
let n = 0;
/** A different valid request each time: another date, guest count and requester. */
function body(): string {
  n += 1;
  const date = new Date(Date.now() + (10 + (n % 300)) * 86_400_000).toISOString().slice(0, 10);
  return JSON.stringify({
    name: `Requester ${n}`,
    email: `requester${n}@example.com`,
    phone: '+880 1711-000000',
    company: 'Bench Ltd.',
    eventType: TYPES[n % TYPES.length],
    layout: 'Theater Style',
    date,
    startTime: '10:00',
    endTime: '16:00',
    guestCount: 20 + (n % 300),
    foodPreference: 'buffet',
    additionalRequirements: 'A projector and two microphones.',
    language: n % 2 ? 'bn' : 'en',
  });
}

const bareResult = await load('bare Fastify route', `http://127.0.0.1:${info.bare}/bare`, { seconds });
const eventsResult = await load('POST /api/events', `http://127.0.0.1:${info.app}/api/events`, {
  seconds,
  headers: { 'content-type': 'application/json' },
  request: { method: 'POST', body },
});
child.kill();

printTable([bareResult, eventsResult]);
const ratio = eventsResult.requestsPerSec / bareResult.requestsPerSec;
const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
/**
 * The figure (issue 19): a durable write that renders two mails is measured in requests a second
 * and its p99, on PostgreSQL, not as a share of a bare route (25 % of 75,000 req/s on this machine
 * would be 19,000 durable writes a second). The bare route stays in the table for context.
 */
const TARGET = { requestsPerSec: 1500, p99Ms: 100 };
console.log(
  `POST /api/events on ${db}: ${Math.round(eventsResult.requestsPerSec).toLocaleString('en-US')} req/s, p99 ${eventsResult.p99} ms ` +
    `(${(ratio * 100).toFixed(1)} % of the bare route); target on PostgreSQL: at least ${TARGET.requestsPerSec.toLocaleString('en-US')} req/s with p99 at most ${TARGET.p99Ms} ms`,
);
if (eventsResult.non2xx > 0 || eventsResult.errors > 0) {
  console.error('The events run had failed requests: the numbers are not valid.');
  process.exitCode = 1;
} else if (process.env.BENCH_DATABASE_URL && (eventsResult.requestsPerSec < TARGET.requestsPerSec || eventsResult.p99 > TARGET.p99Ms)) {
  process.exitCode = 1;
}
