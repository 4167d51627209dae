/**
 * `npm start`: builds the web app when it has no build of its sources as they are now (see
 * apps/web/build-stamp.ts), then starts the server (web app and API on one port). A second start
 * with an up-to-date build goes straight to the server.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webBuildIsCurrent } from '../apps/web/build-stamp.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// WEB_DIST: the server serves another build (a benchmark's or a test run's own), not apps/web/dist.
if (!process.env.WEB_DIST && !webBuildIsCurrent()) {
  console.log('Building the web app (first start, or its sources changed)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@residency/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = path.join(root, 'apps/api/src/server.ts');
// Memory (issue 23; bench/soak.ts measures it): glibc's malloc and V8 are tuned for throughput on
// a machine of their own and keep what they once held. Both are told at the start of a process, so
// the server is started again in place of this process (process.execve: same pid, no second
// process) with:
// - MALLOC_ARENA_MAX=2: each thread that allocates gets an arena of its own (up to 8 per core)
//   whose freed memory is rarely handed back: the threads that made the demo's pictures left
//   ~500 MB of them behind on a first start (776 MB idle; 523 MB with two arenas);
// - MALLOC_MMAP_THRESHOLD_=131072: blocks of 128 KB and more are mapped alone and unmapped when
//   freed (by default the threshold grows with the largest block freed, and large blocks then
//   fragment the heap): 425 -> 361 MB idle after a first start, 575 -> 510 MB under load;
// - --max-old-space-size=192: V8 lets its heap grow with the machine's memory before it collects
//   in earnest (330 MB under load for a live set of 60-100 MB; 224 until issue 36, whose kept
//   search answers, SEARCH_CACHE_MB, live outside the heap and took the room);
// - --max-semi-space-size=8: the young generation's three semi-spaces hold 24 MB, not 48, of
//   objects that live for one request.
// An operator's own values (the variables, or --max-old-space-size in NODE_OPTIONS) are kept.
const heapSet = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes('--max-old-space-size'));
if (process.platform === 'linux' && !process.env.MALLOC_ARENA_MAX && typeof process.execve === 'function') {
  process.execve(
    process.execPath,
    [process.execPath, ...(heapSet ? [] : ['--max-old-space-size=192', '--max-semi-space-size=8']), ...process.execArgv, server, ...process.argv.slice(2)],
    { MALLOC_MMAP_THRESHOLD_: '131072', ...process.env, MALLOC_ARENA_MAX: '2' },
  );
}
await import('../apps/api/src/server.ts');
