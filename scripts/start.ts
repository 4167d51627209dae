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

if (!webBuildIsCurrent()) {
  console.log('Building the web app (first start, or its sources changed)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@residency/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../apps/api/src/server.ts');
