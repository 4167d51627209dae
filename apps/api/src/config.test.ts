import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const SECRET = 'a-secret-that-is-long-enough-0123456789';

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
    expect(config.rateLimit).toEqual({ authMax: 10, authWindow: '1 minute' });
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

  it('refuses NODE_ENV=production without JWT_SECRET, naming JWT_SECRET', () => {
    expect(configError({ NODE_ENV: 'production' }).message).toMatch(/JWT_SECRET/);
  });

  it('refuses a JWT_SECRET shorter than 32 characters', () => {
    const message = configError({ JWT_SECRET: 'too-short' }).message;
    expect(message).toMatch(/JWT_SECRET/);
    expect(message).toMatch(/32/);
  });

  it('never seeds the demo accounts in production, even when asked', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, SEED_DEMO: 'true' }).seedDemo).toBe(false);
  });

  it('refuses a DATABASE_URL that is not postgres://', () => {
    expect(configError({ JWT_SECRET: SECRET, DATABASE_URL: 'mysql://localhost/db' }).message).toMatch(/DATABASE_URL/);
  });

  it('wants GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together', () => {
    expect(configError({ JWT_SECRET: SECRET, GOOGLE_CLIENT_ID: 'id-only' }).message).toMatch(/GOOGLE_CLIENT_SECRET/);
    const config = loadConfig({ JWT_SECRET: SECRET, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config.google).toEqual({ issuerUrl: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' });
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
