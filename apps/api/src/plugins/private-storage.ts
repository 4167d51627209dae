import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { assertSafeKey, diskFileOf, writeFileAtomically } from './storage.ts';

/**
 * Files no URL serves (issue 34: ID and guest photos, already encrypted by their module): on the
 * local disk under `DATA_DIR/private`, outside the public `/uploads` directory, or, with
 * `S3_PRIVATE_BUCKET`, in a bucket of their own that must allow no anonymous read (the public
 * pictures' bucket does). They leave the server only through the API that logs each view.
 */
export interface PrivateStorage {
  put(key: string, body: Buffer): Promise<void>;
  /** The bytes stored under `key`, or null when there are none (deleted by retention). */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export function privateDir(dataDir: string): string {
  return path.join(dataDir, 'private');
}

function createDiskPrivateStorage(root: string): PrivateStorage {
  const fileOf = diskFileOf(root);
  return {
    // Readable by the server's user only.
    put: (key, body) => writeFileAtomically(fileOf(key), body, 0o600),
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

function createS3PrivateStorage(app: FastifyInstance, bucket: string): PrivateStorage {
  const settings = app.config.storage;
  if (settings.kind !== 's3') throw new Error('S3_PRIVATE_BUCKET needs S3_BUCKET');
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000, throwOnRequestTimeout: true },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  app.addHook('onClose', async () => client.destroy());
  const unavailable = (error: unknown, key: string) => {
    app.log.error({ err: error, key, bucket }, 'private storage failed');
    return new AppError('STORAGE_UNAVAILABLE', 'Photos cannot be stored or read right now. Please try again in a few minutes.', 503);
  };
  return {
    async put(key, body) {
      assertSafeKey(key);
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'application/octet-stream' }));
      } catch (error) {
        throw unavailable(error, key);
      }
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw unavailable(error, key);
      }
    },
    async delete(key) {
      assertSafeKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw unavailable(error, key);
      }
    },
  };
}

export default fp(async function privateStorage(app: FastifyInstance) {
  const bucket = app.config.storage.kind === 's3' ? app.config.storage.privateBucket : undefined;
  app.decorate('privateStorage', bucket ? createS3PrivateStorage(app, bucket) : createDiskPrivateStorage(privateDir(app.config.dataDir)));
});
