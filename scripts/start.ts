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
// glibc gives each thread that allocates its own malloc arena (up to 8 per core) and rarely hands
// their freed memory back: the threads that make the demo's pictures and serve files left ~500 MB
// of such arenas behind on a first start (issue 23: 776 MB idle, 523 MB with two arenas). The
// variable is read once, when a process starts, so the server is started again in place of this
// process (same pid, no second process) with it set. An operator's own value is kept.
if (process.platform === 'linux' && !process.env.MALLOC_ARENA_MAX && typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, server, ...process.argv.slice(2)], {
    ...process.env,
    MALLOC_ARENA_MAX: '2',
  });
}
await import('../apps/api/src/server.ts');
