import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Where uploaded files go. One implementation per backend: the local disk now, an
 * S3-compatible bucket later (ARCHITECTURE.md, "images"); callers only ever `put`.
 */
export interface Storage {
  /**
   * Stores `body` under `key` (e.g. `2026/11/<uuid>-1280.webp`), replacing what was there, and
   * resolves to the public URL the browser loads it from.
   */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
}

/** Keys are made by the server; anything else (`..`, absolute paths, odd characters) is a bug. */
const SAFE_KEY = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

export const UPLOADS_PREFIX = '/uploads/';

/**
 * Files under `root`, served by this app at `/uploads/<key>`. Each file is written to a hidden
 * temporary name and renamed into place, so a reader never sees half a file.
 */
export function createDiskStorage(root: string): Storage {
  const base = path.resolve(root);
  return {
    async put(key, body) {
      if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
      const file = path.resolve(base, key);
      if (!file.startsWith(base + path.sep)) throw new Error(`Unsafe storage key: ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
      try {
        await writeFile(temporary, body);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return `${UPLOADS_PREFIX}${key}`;
    },
  };
}

/** The directory of uploaded files for a configuration. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * `app.storage`, and the public `/uploads/*` route for the local disk. A stored file's name
 * holds a fresh UUID and is never rewritten with other content, so it is cached for a year.
 */
export default fp(async function storage(app: FastifyInstance) {
  const root = uploadsDir(app.config.dataDir);
  mkdirSync(root, { recursive: true });
  app.decorate('storage', createDiskStorage(root));

  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await scope.register(fastifyStatic, {
      root,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      // The temporary files of a write in progress are hidden: never serve them.
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders(reply) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        reply.header('x-content-type-options', 'nosniff');
      },
    });
  });
});
