/**
 * Whether the web app's build is the build of its sources as they are now: a hash of every
 * source file's path and content (not of their modification times, which a fresh clone or a
 * checkout resets). `vite build` writes the hash beside the build (vite.config.ts); `npm start`
 * rebuilds only when the hash no longer matches. So a build
 * copied from another checkout of the same commit is used as it is (the CI's first-run check does
 * this), and editing a file and putting it back costs no rebuild.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the build is made from: the web app, the shared package it imports, and the locked dependencies. */
const SOURCES = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/shared/src', 'package-lock.json'];

export const STAMP_FILE = path.join(root, 'apps/web/dist/.source-hash');

function files(target: string): string[] {
  const full = path.join(root, target);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [target];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The hash of the web app's sources as they are on disk now. */
export function webSourceHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(files).sort()) {
    hash.update(file.split(path.sep).join('/')).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/** Whether apps/web/dist was built from the sources as they are now. */
export function webBuildIsCurrent(): boolean {
  return existsSync(path.join(root, 'apps/web/dist/index.html')) && existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, 'utf8').trim() === webSourceHash();
}

/** Records that apps/web/dist is the build of the sources as they are now. */
export function stampWebBuild(): void {
  writeFileSync(STAMP_FILE, `${webSourceHash()}\n`);
}
