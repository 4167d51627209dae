import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const SECRET = 'a-secret-that-is-long-enough-0123456789';
const ID_KEY = 'cd'.repeat(32);

/** The ConfigError thrown by loadConfig for this environment. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('has working defaults for a first run', () => {
    const config = loadConfig({ JWT_SECRET: SECRET });
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.vatPercent).toBe(15);
    expect(config.serviceChargePercent).toBe(10);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.google).toBeUndefined();
    expect(config.rateLimit).toEqual({
      authMax: 10,
      authWindow: '1 minute',
      bookingMax: 20,
      bookingWindow: '10 minutes',
      uploadMax: 30,
      uploadWindow: '10 minutes',
    });
    expect(config.images).toEqual({ decodeConcurrency: 2, decodeQueue: 8 });
    expect(config.storage).toEqual({ kind: 'disk' });
  });

  it('keeps 32 MB of search answers on the embedded database and 128 MB beside a PostgreSQL server, unless told', () => {
    const MB = 1024 * 1024;
    expect(loadConfig({ NODE_ENV: 'test' }).searchCacheBytes).toBe(32 * MB);
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://db/hotel' }).searchCacheBytes).toBe(128 * MB);
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://db/hotel', SEARCH_CACHE_MB: '0' }).searchCacheBytes).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', SEARCH_CACHE_MB: '96' }).searchCacheBytes).toBe(96 * MB);
  });

  it('reads S3 storage: path-style with an endpoint, the bucket address as public URL, credentials together', () => {
    const minio = loadConfig({
      JWT_SECRET: SECRET,
      S3_BUCKET: 'pictures',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(minio.storage).toEqual({
      kind: 's3',
      bucket: 'pictures',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      publicUrl: 'http://minio:9000/pictures',
      forcePathStyle: true,
    });
    const aws = loadConfig({ JWT_SECRET: SECRET, S3_BUCKET: 'pictures', S3_REGION: 'ap-south-1', S3_PUBLIC_URL: 'https://cdn.example.com/' });
    expect(aws.storage).toMatchObject({ endpoint: undefined, forcePathStyle: false, publicUrl: 'https://cdn.example.com', credentials: undefined });
    expect(() => loadConfig({ JWT_SECRET: SECRET, S3_BUCKET: 'pictures', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  });

  it('reads the settings it is given', () => {
    const config = loadConfig({
      JWT_SECRET: SECRET,
      PORT: '8080',
      VAT_PERCENT: '7.5',
      SERVICE_CHARGE_PERCENT: '0',
      PUBLIC_URL: 'https://hotel.example.com/',
      DATABASE_URL: 'postgres://db.example.com/residency',
      SMTP_URL: 'smtp://mail.example.com:2525',
      SEED_DEMO: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      vatPercent: 7.5,
      serviceChargePercent: 0,
      publicUrl: 'https://hotel.example.com',
      databaseUrl: 'postgres://db.example.com/residency',
      smtpUrl: 'smtp://mail.example.com:2525',
      seedDemo: false,
    });
  });

  it('treats an empty variable as not set, so VAT and PORT keep their defaults', () => {
    const config = loadConfig({
      JWT_SECRET: SECRET,
      PORT: '',
      VAT_PERCENT: '',
      SERVICE_CHARGE_PERCENT: '',
      MAIL_RETRY_BASE_MS: '',
      RATE_LIMIT_AUTH_MAX: '',
      TRUST_PROXY: '',
    });
    expect(config.port).toBe(3000);
    expect(config.vatPercent).toBe(15);
    expect(config.serviceChargePercent).toBe(10);
    expect(config.mail.retryBaseMs).toBe(30_000);
    expect(config.rateLimit.authMax).toBe(10);
    expect(config.trustProxy).toBe('loopback,linklocal,uniquelocal');
  });

  it('believes X-Forwarded-For only from the proxies named in TRUST_PROXY', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).trustProxy).toBe('loopback,linklocal,uniquelocal');
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '10.1.0.0/16' }).trustProxy).toBe('10.1.0.0/16');
  });

  it.each(['not-a-number', '70000', '-1', '80.5'])('refuses PORT=%s with a ConfigError naming PORT', (port) => {
    expect(configError({ JWT_SECRET: SECRET, PORT: port }).message).toMatch(/PORT/);
  });

  it('names every bad variable at once', () => {
    const message = configError({ JWT_SECRET: SECRET, PORT: 'x', VAT_PERCENT: '150', SMTP_URL: 'mail.example.com' }).message;
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/VAT_PERCENT/);
    expect(message).toMatch(/SMTP_URL/);
  });

  it('pays through the sandbox gateway outside production with no credentials, and never in production (issue 33)', () => {
    const dev = loadConfig({ JWT_SECRET: SECRET, PORT: '3400' }).payments;
    expect(dev).toMatchObject({ sandbox: true, methods: ['sslcommerz', 'bkash'], holdMinutes: 20 });
    expect(dev.sslcommerz!.baseUrl).toBe('http://127.0.0.1:3400/sandbox-gateway/sslcommerz');
    const live = { NODE_ENV: 'production', JWT_SECRET: SECRET, ID_ENCRYPTION_KEY: ID_KEY };
    expect(loadConfig(live).payments).toMatchObject({ sandbox: false, methods: [] });
    expect(() => loadConfig({ ...live, PAYMENT_SANDBOX: 'true' })).toThrow(/PAYMENT_SANDBOX: the sandbox gateway takes no real money/);
    const ssl = { SSLCOMMERZ_STORE_ID: 'hotel', SSLCOMMERZ_STORE_PASSWORD: 'secret' };
    expect(loadConfig({ ...live, ...ssl }).payments).toMatchObject({ methods: ['sslcommerz'], sslcommerz: { baseUrl: 'https://securepay.sslcommerz.com' } });
    expect(loadConfig({ JWT_SECRET: SECRET, ...ssl }).payments.sslcommerz!.baseUrl).toBe('https://sandbox.sslcommerz.com');
    expect(() => loadConfig({ ...live, ...ssl, SSLCOMMERZ_BASE_URL: 'https://hotel.example/sandbox-gateway/sslcommerz' })).toThrow(/SSLCOMMERZ_BASE_URL: points at the sandbox gateway/);
    expect(() => loadConfig({ ...live, ...ssl, PAYMENT_METHODS: 'sslcommerz,bkash' })).toThrow(/PAYMENT_METHODS: offers bkash, whose credentials are not set/);
    expect(() => loadConfig({ ...live, BKASH_APP_KEY: 'k' })).toThrow(/BKASH_PASSWORD: BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME and BKASH_PASSWORD must be set together/);
    expect(() => loadConfig({ JWT_SECRET: SECRET, PAYMENT_METHODS: 'paypal' })).toThrow(/PAYMENT_METHODS/);
  });

  it('refuses NODE_ENV=production without ID_ENCRYPTION_KEY, and a key that is not 32 bytes (issue 34)', () => {
    expect(configError({ NODE_ENV: 'production', JWT_SECRET: SECRET }).message).toMatch(/ID_ENCRYPTION_KEY: is required/);
    expect(configError({ ID_ENCRYPTION_KEY: 'abcd' }).message).toMatch(/ID_ENCRYPTION_KEY: must be 32 bytes/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ID_ENCRYPTION_KEY: ID_KEY }).register.idEncryptionKey).toEqual(Buffer.from(ID_KEY, 'hex'));
  });

  it('refuses NODE_ENV=production without JWT_SECRET, naming JWT_SECRET', () => {
    expect(configError({ NODE_ENV: 'production' }).message).toMatch(/JWT_SECRET/);
  });

  it('refuses a JWT_SECRET shorter than 32 characters', () => {
    const message = configError({ JWT_SECRET: 'too-short' }).message;
    expect(message).toMatch(/JWT_SECRET/);
    expect(message).toMatch(/32/);
  });

  it('never seeds the demo accounts in production, even when asked', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ID_ENCRYPTION_KEY: ID_KEY, SEED_DEMO: 'true' }).seedDemo).toBe(false);
  });

  it('refuses a DATABASE_URL that is not postgres://', () => {
    expect(configError({ JWT_SECRET: SECRET, DATABASE_URL: 'mysql://localhost/db' }).message).toMatch(/DATABASE_URL/);
  });

  it('wants GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together', () => {
    expect(configError({ JWT_SECRET: SECRET, GOOGLE_CLIENT_ID: 'id-only' }).message).toMatch(/GOOGLE_CLIENT_SECRET/);
    const config = loadConfig({ JWT_SECRET: SECRET, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config.google).toEqual({ issuerUrl: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' });
  });

  it("signs invoices with INVOICE_SIGNATORY_NAME and _TITLE, the demo's while demo data is on, else none", () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).hotel.signatory).toEqual({ name: 'Farhana Rahman', title: 'Finance Manager' });
    expect(loadConfig({ JWT_SECRET: SECRET, NODE_ENV: 'production', ID_ENCRYPTION_KEY: ID_KEY }).hotel.signatory).toEqual({ name: null, title: null });
    const own = loadConfig({ JWT_SECRET: SECRET, NODE_ENV: 'production', ID_ENCRYPTION_KEY: ID_KEY, INVOICE_SIGNATORY_NAME: ' Abdul Karim ', INVOICE_SIGNATORY_TITLE: 'General Manager' });
    expect(own.hotel.signatory).toEqual({ name: 'Abdul Karim', title: 'General Manager' });
  });

  it('takes HOTEL_SD_RATE 0 (the default) and refuses another rate: the folio charges no supplementary duty', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).hotel.sdRate).toBe(0);
    expect(loadConfig({ JWT_SECRET: SECRET, HOTEL_SD_RATE: '0' }).hotel.sdRate).toBe(0);
    expect(configError({ JWT_SECRET: SECRET, HOTEL_SD_RATE: '10' }).message).toMatch(/HOTEL_SD_RATE: only 0 is supported/);
    expect(configError({ JWT_SECRET: SECRET, HOTEL_SD_RATE: 'ten' }).message).toMatch(/HOTEL_SD_RATE/);
  });

  it('outside production, makes a JWT secret once and keeps it under DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'residency-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, '.jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });
});
