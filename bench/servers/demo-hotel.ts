/**
 * Child process of bench/search.ts: the real app with the demo hotel seeded (as `npm start` has
 * it), a bare route, and a bare route answering a fixed body of the size the parent sets (the
 * search's answer size): the ceiling for those bytes (bench-app.ts).
 */
import { seedDemoData } from '../../apps/api/src/seed/index.ts';
import { announce, benchApps } from './bench-app.ts';

const { app, bare } = await benchApps();
// The seed says what it made on stdout, where the parent waits for the ports' line: to stderr.
const log = console.log;
console.log = console.error;
await seedDemoData(app.dbHandle, app.storage, app.config);
console.log = log;
await announce(app, bare);
// A clean exit on the parent's kill, so that `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));
