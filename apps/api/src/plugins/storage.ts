import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { directoriesAreNotFound } from './not-found.ts';
import { ConfigError, type S3StorageConfig } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * Where uploaded files go. One implementation per backend (the local disk, `DATA_DIR/uploads`, by
 * default; an S3-compatible bucket when `S3_BUCKET` is set: the README's configuration table);
 * callers only ever `put`.
 */
export interface Storage {
  /**
   * Stores `body` under `key` (e.g. `2026/11/<uuid>-1280.webp`), replacing what was there, and
   * resolves to the public URL the browser loads it from.
   */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Removes what is stored under `key`, if anything (to undo the other variants of a failed upload). */
  delete(key: string): Promise<void>;
}

/** Keys are made by the server; anything else (`..`, absolute paths, odd characters) is a bug. */
const SAFE_KEY = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
}

export const UPLOADS_PREFIX = '/uploads/';

/** A stored file's name holds a fresh UUID and is never rewritten with other content. */
const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The file of `key` under `root`, refusing any key that would lead outside it. */
export function diskFileOf(root: string): (key: string) => string {
  const base = path.resolve(root);
  return (key) => {
    assertSafeKey(key);
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error(`Unsafe storage key: ${key}`);
    return file;
  };
}

/** Writes to a hidden temporary name and renames it into place, so a reader never sees half a file. */
export async function writeFileAtomically(file: string, body: Buffer, mode?: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, ...(mode ? { mode: 0o700 } : {}) });
  const temporary = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
  try {
    await writeFile(temporary, body, mode ? { mode } : undefined);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Files under `root`, served by this app at `/uploads/<key>`. */
function createDiskStorage(root: string): Storage {
  const fileOf = diskFileOf(root);
  return {
    async put(key, body) {
      await writeFileAtomically(fileOf(key), body);
      return `${UPLOADS_PREFIX}${key}`;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** The S3 backend, plus what the plugin needs around it: the start check and closing. */
export interface S3Storage extends Storage {
  /** Resolves when the bucket answers; throws a ConfigError saying what to fix when it does not. */
  checkBucket(timeoutMs?: number): Promise<void>;
  /** Closes the client's open connections. */
  destroy(): void;
}

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, R2, …), loaded by browsers from
 * `config.publicUrl`. A failed write answers 503 STORAGE_UNAVAILABLE; the cause goes to `log`.
 */
export function createS3Storage(config: S3StorageConfig, log?: FastifyBaseLogger): S3Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // An outage must fail an upload within seconds, not hold it for minutes: one retry, a short
    // connect timeout, and a whole-request limit far above what a few hundred KB of WebP needs.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000, throwOnRequestTimeout: true },
    // The SDK's default CRC checksums (since 3.729) are refused by several S3-compatible
    // services; send them only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const where = describeBucket(config);
  const unavailable = (error: unknown, key: string, action: string) => {
    log?.error({ err: error, key }, `${action} an upload in ${where} failed`);
    return new AppError('STORAGE_UNAVAILABLE', 'Pictures cannot be saved right now. Please try again in a few minutes.', 503);
  };

  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: config.bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          }),
        );
      } catch (error) {
        throw unavailable(error, key, 'storing');
      }
      return `${config.publicUrl}/${key}`;
    },

    async delete(key) {
      assertSafeKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
      } catch (error) {
        throw unavailable(error, key, 'deleting');
      }
    },

    async checkBucket(timeoutMs = 5_000) {
      try {
        await client.send(new HeadBucketCommand({ Bucket: config.bucket }), {
          abortSignal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const why = explainFailure(error, timeoutMs, config);
        throw new ConfigError(`Upload storage is not usable: ${where} ${why}`, { cause: error });
      }
    },

    destroy() {
      client.destroy();
    },
  };
}

function describeBucket(config: S3StorageConfig): string {
  const endpoint = config.endpoint ?? `AWS S3 (region ${config.region})`;
  return `bucket "${config.bucket}" at ${endpoint}`;
}

/** Words a person can act on for a failed HeadBucket, from the status or the network error. */
function explainFailure(error: unknown, timeoutMs: number, config: S3StorageConfig): string {
  const e = (error ?? {}) as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  if (status === 404) return 'does not exist. Create the bucket, or correct S3_BUCKET / S3_ENDPOINT.';
  if (status === 401 || status === 403) {
    const keys = config.credentials ? 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY' : 'the credentials of this machine (no S3_ACCESS_KEY_ID is set)';
    return `refused access (${status}). Check ${keys}, and that they may read and write the bucket.`;
  }
  if (status === 301 || status === 307) return `is in another region (${status}). Set S3_REGION to the bucket's region.`;
  if (status) return `answered HTTP ${status} (${e.name ?? 'error'}). Check the S3_* settings.`;
  const cause = e.name === 'AbortError' || e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (e.message ?? String(error));
  const check = config.endpoint ? 'S3_ENDPOINT and that the service is running' : 'S3_REGION and the network';
  return `could not be reached (${cause}). Check ${check}.`;
}

/** The directory of uploaded files for a configuration. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * `app.storage`: an S3-compatible bucket when S3_BUCKET is set (checked at start, so a wrong
 * setting stops the server instead of failing each upload), else DATA_DIR/uploads with the public
 * `/uploads/*` route, cached for a year like the bucket's objects.
 */
export default fp(async function storage(app: FastifyInstance) {
  const settings = app.config.storage;
  if (settings.kind === 's3') {
    const s3 = createS3Storage(settings, app.log);
    try {
      await s3.checkBucket();
    } catch (error) {
      s3.destroy();
      throw error;
    }
    app.addHook('onClose', async () => s3.destroy());
    app.decorate('storage', s3);
    return;
  }

  const root = uploadsDir(app.config.dataDir);
  mkdirSync(root, { recursive: true });
  app.decorate('storage', createDiskStorage(root));

  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    directoriesAreNotFound(scope);
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
        reply.header('cache-control', IMMUTABLE_CACHE_CONTROL);
        reply.header('x-content-type-options', 'nosniff');
      },
    });
  });
});
