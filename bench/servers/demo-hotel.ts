/**
 * Child process of bench/search.ts: the real app with the demo hotel seeded (as `npm start` has
 * it), a bare route, and a bare route answering a fixed body of `BENCH_BODY_BYTES` (the search's
 * answer size, measured by the parent): the ceiling for those bytes.
 */
import { seedDemoData } from '../../apps/api/src/seed/index.ts';
import { announce, benchApps } from './bench-app.ts';

const { app, bare } = await benchApps();
// The seed says what it made on stdout, where the parent waits for the ports' line: to stderr.
const log = console.log;
console.log = console.error;
await seedDemoData(app.dbHandle, app.storage, app.config);
console.log = log;
let body = Buffer.alloc(0);
// The parent sets the fixed body's size once it has seen a search's answer.
bare.post('/body-size', async (request) => {
  const size = Number((request.body as { bytes: number }).bytes);
  body = Buffer.from(`{"success":true,"data":"${'x'.repeat(Math.max(0, size - 28))}"}`);
  return { bytes: body.length };
});
bare.get('/fixed', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await announce(app, bare);
// A clean exit on the parent's kill, so that `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));
