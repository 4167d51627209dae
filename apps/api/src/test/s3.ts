import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';

/** The part of s3rver's API used here (the package ships no types). */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver takes any credentials; these are what the tests configure. */
export const TEST_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** e.g. http://127.0.0.1:41234 */
  endpoint: string;
  port: number;
  bucket: string;
  /** Where s3rver keeps its buckets. */
  directory: string;
  /** A client on this server (path-style), to look at what the app stored. */
  client: S3Client;
  /** The S3_* variables of an app that stores its uploads here. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1 with `bucket` created. By default on a free
 * port and a temporary directory removed on close; pass `port` and `directory` to start it again
 * where an earlier one was (e.g. after S3 "comes back"): that directory is then left in place.
 */
export async function startS3(options: { port?: number; directory?: string; bucket?: string } = {}): Promise<TestS3> {
  const bucket = options.bucket ?? 'residency-test';
  const directory = options.directory ?? mkdtempSync(path.join(tmpdir(), 'residency-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: TEST_S3_CREDENTIALS,
  });
  return {
    endpoint,
    port,
    bucket,
    directory,
    client,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
    },
    async close() {
      client.destroy();
      await server.close();
      if (!options.directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}
