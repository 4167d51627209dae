import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** An empty variable (`VAT_PERCENT=` in a .env file) means "not set": its default, never 0. */
const unset = (v: unknown) => (v === '' ? undefined : v);
/** The demo hotel's address, in both languages: a hotel that sets its own English address and no Bengali one shows the English one on Bengali pages. */
const DEFAULT_ADDRESS = {
  en: 'House 12, Road 71, Gulshan 2, Dhaka 1212, Bangladesh',
  bn: 'বাড়ি ১২, রোড ৭১, গুলশান ২, ঢাকা ১২১২, বাংলাদেশ',
};
/** The demo hotel's registered name and BIN (a made-up number of the right shape). */
const DEMO_LEGAL = { name: 'Residency Hospitality Ltd.', bin: '000123456-0101' };
/** The demo hotel's signatory on its invoices (made-up). */
const DEMO_SIGNATORY = { name: 'Farhana Rahman', title: 'Finance Manager' };
const percent = (fallback: number) => z.preprocess(unset, z.coerce.number().min(0).max(100).default(fallback));
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const bool = (fallback: boolean) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().optional()).transform((v) => v ?? fallback);

/** Every setting comes from the environment and is parsed here, once. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.preprocess(unset, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^(postgres|postgresql):\/\//, 'must start with postgres://')
      .optional(),
  ),
  /**
   * Connections to a PostgreSQL server per API process. Few beat many: measured on 2 cores, 10
   * served 2,347 availability searches/s (p99 42 ms) where 40 served 1,827 (p99 55 ms).
   */
  DATABASE_POOL_MAX: z.preprocess(unset, z.coerce.number().int().min(1).max(200).default(10)),
  JWT_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  JWT_EXPIRES_IN: z.string().regex(/^\d+[smhd]$/, 'must look like 7d, 12h or 30m').default('7d'),
  PUBLIC_URL: optionalUrl,
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Residency <no-reply@residency.local>'),
  MAIL_POLL_MS: z.preprocess(unset, z.coerce.number().int().min(50).default(2000)),
  /** How often each channel feed is fetched (issue 20); "Sync now" fetches at once. */
  CHANNEL_SYNC_MINUTES: z.preprocess(unset, z.coerce.number().min(1).max(1440).default(15)),
  /** Feeds on private, loopback and link-local addresses: refused in production unless set. */
  CHANNEL_ALLOW_PRIVATE_URLS: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().optional()),
  /** How often each process looks for feeds whose interval has come. */
  CHANNEL_POLL_MS: z.preprocess(unset, z.coerce.number().int().min(50).default(30_000)),
  MAIL_RETRY_BASE_MS: z.preprocess(unset, z.coerce.number().int().min(10).default(30_000)),
  MAIL_MAX_ATTEMPTS: z.preprocess(unset, z.coerce.number().int().min(1).max(50).default(10)),
  /** Days a sent mail keeps its body (HTML, text, attachment references); its who, when, subject and kind stay (issue 23). */
  MAIL_RETENTION_DAYS: z.preprocess(unset, z.coerce.number().int().min(1).max(3650).default(30)),
  HOTEL_NAME: z.string().min(1).default('Residency'),
  HOTEL_EMAIL: z.email().default('hello@residency.local'),
  HOTEL_PHONE: z.string().min(3).default('+880 1711-000000'),
  HOTEL_ADDRESS: z.string().min(3).default(DEFAULT_ADDRESS.en),
  /** The address as Bengali pages write it; without it they show HOTEL_ADDRESS. */
  HOTEL_ADDRESS_BN: z.preprocess(unset, z.string().min(3).optional()),
  /** The hotel's legal (registered) name and its VAT Business Identification Number, printed on every VAT invoice (Mushak-6.3). */
  HOTEL_LEGAL_NAME: z.preprocess(unset, z.string().trim().min(3).max(120).optional()),
  HOTEL_BIN: z.preprocess(unset, z.string().trim().regex(/^\d{9}(-\d{4})?$|^\d{13}$/, 'must be a BIN: 9 digits (with its 4-digit branch code, 000123456-0101) or 13 digits').optional()),
  /**
   * The supplementary duty (SD) rate on the hotel's supplies, percent, printed in its column of
   * every invoice line. Only 0 is accepted: the folio charges no SD, and an invoice must not print
   * a rate that was not charged.
   */
  HOTEL_SD_RATE: z.preprocess(unset, z.coerce.number().min(0).max(100).default(0)),
  /** The authorised signatory of VAT invoices and credit notes (Mushak-6.3's officer-in-charge): name and designation. */
  INVOICE_SIGNATORY_NAME: z.preprocess(unset, z.string().trim().min(2).max(120).optional()),
  INVOICE_SIGNATORY_TITLE: z.preprocess(unset, z.string().trim().min(2).max(120).optional()),
  /**
   * The language of the hotel's own mails (its copy of a new booking, channel conflicts, a
   * failing feed, event requests and contact messages): 'en' or 'bn'. A guest's mails follow
   * the guest's language.
   */
  HOTEL_LANGUAGE: z.preprocess(unset, z.enum(['en', 'bn'], { message: "must be 'en' or 'bn'" }).default('en')),
  HOTEL_INSTAGRAM_URL: z.url().default('https://www.instagram.com/'),
  HOTEL_FACEBOOK_URL: z.url().default('https://www.facebook.com/'),
  /** The hotel's own time zone: "today" for check-in dates and coupon expiry. */
  HOTEL_TIME_ZONE: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Asia/Dhaka')
    .default('Asia/Dhaka'),
  /** The hotel's check-in time (HH:mm, hotel time): a guest's online cancellation closes counting back from it. */
  HOTEL_CHECK_IN_TIME: z.preprocess(
    unset,
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time written HH:mm, e.g. 14:00')
      .default('14:00'),
  ),
  /** A guest may cancel their own booking online until this many hours before check-in time on the check-in day. */
  GUEST_CANCEL_HOURS: z.preprocess(unset, z.coerce.number().int().min(0).max(8760).default(48)),
  /** A plan's deposit is due this many hours after booking, or by check-in time if that comes first. */
  DEPOSIT_DUE_HOURS: z.preprocess(unset, z.coerce.number().int().min(0).max(8760).default(24)),
  /** How far ahead a stay may end: searches and bookings past it are refused, the availability index covers it. */
  BOOKING_HORIZON_DAYS: z.preprocess(unset, z.coerce.number().int().min(30).max(40_000).default(730)),
  /**
   * Megabytes of finished search answers each API process keeps (issue 36; 0: none). Unset: 32 on
   * the embedded database, whose 128 MB of WebAssembly memory shares the process's 512 MB (the
   * soak's budget), 128 beside a PostgreSQL server.
   */
  SEARCH_CACHE_MB: z.preprocess(unset, z.coerce.number().int().min(0).max(4096).optional()),
  VAT_PERCENT: percent(15),
  SERVICE_CHARGE_PERCENT: percent(10),
  REDIS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis://')
      .optional(),
  ),
  /**
   * Which proxies may tell the client's address (X-Forwarded-For): `true`, `false` or a
   * comma-separated list of addresses, CIDRs and the names loopback, linklocal, uniquelocal.
   * Trusting every sender would let anyone dodge the rate limits with a made-up header; by
   * default only proxies on this machine or a private network are believed.
   */
  TRUST_PROXY: z.preprocess(unset, z.string().trim().min(1).default('loopback,linklocal,uniquelocal')),
  RATE_LIMIT_AUTH_MAX: z.preprocess(unset, z.coerce.number().int().min(1).default(10)),
  RATE_LIMIT_AUTH_WINDOW: z.string().default('1 minute'),
  /** Bookings one account may make per window (a guest books a handful; a script books thousands). */
  RATE_LIMIT_BOOKING_MAX: z.preprocess(unset, z.coerce.number().int().min(1).default(20)),
  RATE_LIMIT_BOOKING_WINDOW: z.string().default('10 minutes'),
  /** Image uploads one account may make per window. */
  RATE_LIMIT_UPLOAD_MAX: z.preprocess(unset, z.coerce.number().int().min(1).default(30)),
  RATE_LIMIT_UPLOAD_WINDOW: z.string().default('10 minutes'),
  /**
   * Images decoded at once. Decoding is CPU and memory heavy: more at once than cores only makes
   * each slower and lets a burst of uploads starve every other request.
   */
  IMAGE_DECODE_CONCURRENCY: z.preprocess(unset, z.coerce.number().int().min(1).max(64).default(2)),
  /** Uploads that may wait for a decode slot; past that, 503 with Retry-After. */
  IMAGE_DECODE_QUEUE: z.preprocess(unset, z.coerce.number().int().min(0).max(1000).default(8)),
  /** S3-compatible storage of uploads instead of DATA_DIR/uploads (AWS S3, MinIO, R2, …). */
  S3_BUCKET: z.preprocess(unset, z.string().min(1).optional()),
  /** Endpoint of an S3-compatible service other than AWS, e.g. http://minio:9000. */
  S3_ENDPOINT: z.preprocess(unset, z.url().optional()),
  S3_REGION: z.preprocess(unset, z.string().min(1).default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(unset, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(unset, z.string().min(1).optional()),
  /** Where browsers load the bucket's objects from (a CDN or the bucket's public address). */
  S3_PUBLIC_URL: z.preprocess(unset, z.url().optional()),
  /**
   * A bucket of its own for ID and guest photos (issue 34), with no anonymous read; without it
   * they stay on the local disk under DATA_DIR/private even when pictures go to S3_BUCKET.
   */
  S3_PRIVATE_BUCKET: z.preprocess(unset, z.string().min(1).optional()),
  /** Bucket in the path (http://host/bucket/key) rather than the host name; default on with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: z.preprocess(unset, z.stringbool().optional()),
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** Minutes a booking waiting for online payment holds its rooms (issue 33); fractions for tests (0.5: 30 s). */
  PAYMENT_HOLD_MINUTES: z.preprocess(unset, z.coerce.number().min(0.1).max(1440).default(20)),
  /** The gateways the site offers, comma-separated (sslcommerz, bkash); default: each one configured. */
  PAYMENT_METHODS: z.preprocess(
    unset,
    z
      .string()
      .transform((v) => v.split(',').map((m) => m.trim()).filter(Boolean))
      .pipe(z.array(z.enum(['sslcommerz', 'bkash'], { message: "must list sslcommerz and/or bkash, comma-separated" })))
      .optional(),
  ),
  /** Serve the built-in sandbox gateway under /sandbox-gateway/ (default: outside production, when no gateway credentials are set). */
  PAYMENT_SANDBOX: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().optional()),
  /** Longest wait for a gateway's answer. */
  PAYMENT_GATEWAY_TIMEOUT_MS: z.preprocess(unset, z.coerce.number().int().min(100).max(120_000).default(10_000)),
  /** How often each process looks for holds that ended, sessions to ask the gateway about and refunds under way. */
  PAYMENT_POLL_MS: z.preprocess(unset, z.coerce.number().int().min(50).default(30_000)),
  /** A session still open this long is asked about (the transaction query): a lost notification is recorded anyway. */
  PAYMENT_QUERY_AFTER_SECONDS: z.preprocess(unset, z.coerce.number().int().min(0).max(86_400).default(300)),
  SSLCOMMERZ_STORE_ID: z.preprocess(unset, z.string().min(1).optional()),
  SSLCOMMERZ_STORE_PASSWORD: z.preprocess(unset, z.string().min(1).optional()),
  /** https://sandbox.sslcommerz.com (their sandbox) or https://securepay.sslcommerz.com (live, the default in production). */
  SSLCOMMERZ_BASE_URL: optionalUrl,
  BKASH_APP_KEY: z.preprocess(unset, z.string().min(1).optional()),
  BKASH_APP_SECRET: z.preprocess(unset, z.string().min(1).optional()),
  BKASH_USERNAME: z.preprocess(unset, z.string().min(1).optional()),
  BKASH_PASSWORD: z.preprocess(unset, z.string().min(1).optional()),
  /** https://tokenized.sandbox.bka.sh/v1.2.0-beta (their sandbox) or https://tokenized.pay.bka.sh/v1.2.0-beta (live, the default in production). */
  BKASH_BASE_URL: optionalUrl,
  /**
   * The key that encrypts ID and guest photos at rest (AES-256-GCM, issue 34): 32 bytes as 64 hex
   * digits or base64. Required in production; elsewhere one is made in the data directory.
   */
  ID_ENCRYPTION_KEY: z.preprocess(unset, z.string().optional()),
  /** Days after check-out that ID and guest photos are deleted. */
  ID_PHOTO_RETENTION_DAYS: z.preprocess(unset, z.coerce.number().int().min(1).max(3650).default(90)),
  /** Days after check-out that the register's text is kept (what the hotel's police station asks), then erased. */
  REGISTER_RETENTION_DAYS: z.preprocess(unset, z.coerce.number().int().min(1).max(3650).default(365)),
  /** How often each process looks for photos and cards past their retention. */
  REGISTER_RETENTION_POLL_MS: z.preprocess(unset, z.coerce.number().int().min(50).default(3_600_000)),
  /** Where backups are kept (issue 35); default DATA_DIR/backups. Better on another disk. */
  BACKUP_DIR: z.preprocess(unset, z.string().min(1).optional()),
  /**
   * The key backups are encrypted with (32 bytes, hex or base64). Production refuses to start
   * without it once ID photos exist; in development one is made in the data directory.
   */
  BACKUP_ENCRYPTION_KEY: z.preprocess(unset, z.string().optional()),
  /** Days every backup is kept; the first of each month is kept a year. */
  BACKUP_KEEP_DAYS: z.preprocess(unset, z.coerce.number().int().min(1).max(3650).default(30)),
  /**
   * A bucket of its own each backup is copied to once written and verified (issue 35), on the
   * uploads' S3_ENDPOINT, S3_REGION, credentials and path style; none: backups stay in BACKUP_DIR.
   */
  S3_BACKUP_BUCKET: z.preprocess(unset, z.string().min(1).optional()),
  /** The night audit's closing hour (issue 35): at this hotel time the day before closes. */
  NIGHT_AUDIT_AT: z.preprocess(unset, z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time written HH:MM (24-hour)' }).default('02:00')),
  /** How often the API looks for a day due to close (and catches up on missed ones); 0: never (tests close days themselves). */
  NIGHT_AUDIT_POLL_MS: z.preprocess(unset, z.coerce.number().int().refine((ms) => ms === 0 || ms >= 50, { message: 'must be 0 or at least 50' }).default(60_000)),
  /** Where the owner's day report goes after each close; unset: no report is mailed. */
  OWNER_EMAIL: z.preprocess(unset, z.email({ message: 'must be an e-mail address' }).optional()),
  /** The language of the owner's day report. */
  OWNER_LANGUAGE: z.preprocess(unset, z.enum(['en', 'bn'], { message: "must be 'en' or 'bn'" }).default('en')),
  /**
   * An SMS provider's HTTP endpoint (the common Bangladeshi shape: POST api_key, senderid,
   * number, message). Without one, each SMS is written as a file under DATA_DIR/sms.
   */
  SMS_API_URL: optionalUrl,
  SMS_API_KEY: z.preprocess(unset, z.string().min(1).optional()),
  SMS_SENDER_ID: z.preprocess(unset, z.string().min(1).optional()),
  /** The shared secret the provider's delivery reports carry (`?secret=`); none: reports are refused. */
  SMS_REPORT_SECRET: z.preprocess(unset, z.string().min(8).optional()),
  SMS_POLL_MS: z.preprocess(unset, z.coerce.number().int().min(50).default(2000)),
  SMS_RETRY_BASE_MS: z.preprocess(unset, z.coerce.number().int().min(10).default(30_000)),
  SMS_MAX_ATTEMPTS: z.preprocess(unset, z.coerce.number().int().min(1).max(50).default(8)),
  SMS_TIMEOUT_MS: z.preprocess(unset, z.coerce.number().int().min(100).max(60_000).default(10_000)),
  SEED_DEMO: bool(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` for a server; undefined uses PGlite under `dataDir`; `memory://` is PGlite in memory. */
  databaseUrl?: string;
  databasePoolMax: number;
  jwtSecret: string;
  jwtExpiresIn: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  mail: { pollMs: number; retryBaseMs: number; maxAttempts: number; retentionDays: number };
  channels: { syncMinutes: number; allowPrivateUrls: boolean; pollMs: number };
  hotel: {
    name: string;
    email: string;
    phone: string;
    address: string;
    /** The address on Bengali pages (HOTEL_ADDRESS_BN, else the English one). */
    addressBn: string;
    /** The seller on VAT invoices (HOTEL_LEGAL_NAME; the demo's when demo data is on, else HOTEL_NAME). */
    legalName: string;
    /** HOTEL_BIN; null when not set: an invoice then says so (the start warns in production). */
    bin: string | null;
    /** HOTEL_SD_RATE: supplementary duty, percent (0). */
    sdRate: number;
    /** Who signs invoices (INVOICE_SIGNATORY_NAME / _TITLE; the demo's when demo data is on); null: left blank to write by hand. */
    signatory: { name: string | null; title: string | null };
    instagramUrl: string;
    facebookUrl: string;
    timeZone: string;
    /** The language the hotel's own mails are written in (HOTEL_LANGUAGE); guests' follow theirs. */
    language: 'en' | 'bn';
    /** HH:mm at the hotel (HOTEL_CHECK_IN_TIME). */
    checkInTime: string;
    /** Hours before check-in time that guests' online cancellation closes (GUEST_CANCEL_HOURS). */
    guestCancelHours: number;
  };
  vatPercent: number;
  serviceChargePercent: number;
  /** Hours after booking that a plan's deposit is due, at the latest by check-in time (DEPOSIT_DUE_HOURS). */
  depositDueHours: number;
  /** Days ahead (from the hotel's today) that a stay may end (BOOKING_HORIZON_DAYS). */
  bookingHorizonDays: number;
  /** The bytes of finished search answers kept (SEARCH_CACHE_MB). */
  searchCacheBytes: number;
  redisUrl?: string;
  /** Fastify's `trustProxy`: who may set the client address through X-Forwarded-For. */
  trustProxy: boolean | string;
  rateLimit: {
    authMax: number;
    authWindow: string;
    bookingMax: number;
    bookingWindow: string;
    uploadMax: number;
    uploadWindow: string;
  };
  images: { decodeConcurrency: number; decodeQueue: number };
  /** Where uploads are kept: DATA_DIR/uploads, or an S3-compatible bucket. */
  storage: DiskStorageConfig | S3StorageConfig;
  google?: { issuerUrl: string; clientId: string; clientSecret: string };
  seedDemo: boolean;
  logLevel: string;
  payments: PaymentsConfig;
  register: { idEncryptionKey: Buffer; photoRetentionDays: number; registerRetentionDays: number; retentionPollMs: number };
  /**
   * Backups (issue 35): where, under which key (null: none set, in production), for how long,
   * and the bucket each is copied to (null: none, S3_BACKUP_BUCKET unset).
   */
  backups: { dir: string; key: Buffer | null; keepDays: number; offsite: S3BucketConfig | null };
  /** The night audit (issue 35): the closing hour, the job's poll, the owner's day report. */
  nightAudit: { closeAt: string; pollMs: number; ownerEmail: string | null; ownerLanguage: 'en' | 'bn' };
  sms: {
    /** Null: no provider, each SMS is written under DATA_DIR/sms. */
    provider: { url: string; apiKey: string; senderId: string } | null;
    reportSecret: string | null;
    pollMs: number;
    retryBaseMs: number;
    maxAttempts: number;
    timeoutMs: number;
  };
  /** Directory of the built web app; absent in API-only tests. */
  webDist?: string;
}

export type GatewayName = 'sslcommerz' | 'bkash';

/** Online payment (issue 33): the gateways offered and their credentials, from the environment only. */
interface PaymentsConfig {
  /** The gateways the site offers; empty: only "Pay at the hotel". */
  methods: GatewayName[];
  holdMinutes: number;
  /** The built-in sandbox gateway is served under /sandbox-gateway/ (never in production). */
  sandbox: boolean;
  timeoutMs: number;
  pollMs: number;
  queryAfterMs: number;
  sslcommerz?: { storeId: string; storePassword: string; baseUrl: string };
  bkash?: { appKey: string; appSecret: string; username: string; password: string; baseUrl: string };
}

/** The built-in sandbox's own merchant accounts: published, so never accepted in production. */
export const SANDBOX_CREDENTIALS = {
  sslcommerz: { storeId: 'residencysandbox', storePassword: 'residencysandbox@ssl' },
  bkash: { appKey: 'sandbox-app-key', appSecret: 'sandbox-app-secret', username: 'sandboxTokenizedUser', password: 'sandboxTokenizedPass' },
} as const;

/** An S3-compatible bucket and how to reach it (the uploads' endpoint, region and credentials). */
export interface S3BucketConfig {
  bucket: string;
  region: string;
  endpoint?: string;
  /** Both or neither; neither uses the SDK's own credential chain (instance role, env, profile). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

interface DiskStorageConfig {
  kind: 'disk';
}

export interface S3StorageConfig extends S3BucketConfig {
  kind: 's3';
  /** Base URL of the objects as browsers load them, without a trailing slash. */
  publicUrl: string;
  /** ID and guest photos (issue 34); none: the local disk. */
  privateBucket?: string;
}

/** The environment variables the server reads (compose files and docs are checked against it). */
export const ENV_VARIABLES: readonly string[] = Object.keys(ZEnv.shape);

export class ConfigError extends Error {}

/**
 * Parses the environment into a Config. Throws ConfigError naming each bad variable, so a
 * wrong setting stops the start with a message a person can act on.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: is required when NODE_ENV=production');
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  if (e.HOTEL_SD_RATE !== 0) {
    throw new ConfigError(
      'Invalid configuration:\n  HOTEL_SD_RATE: only 0 is supported: the folio charges no supplementary duty, and an invoice must not print a rate that was not charged',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const demoData = !production && e.SEED_DEMO;
  const payments = paymentsConfig(e, production);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    jwtSecret: e.JWT_SECRET ?? developmentSecret(dataDir),
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mail: { pollMs: e.MAIL_POLL_MS, retryBaseMs: e.MAIL_RETRY_BASE_MS, maxAttempts: e.MAIL_MAX_ATTEMPTS, retentionDays: e.MAIL_RETENTION_DAYS },
    // A feed server on this machine is how tests and a hotel's own tools serve feeds; in
    // production it would let anyone with an admin's session probe the hotel's network.
    channels: { syncMinutes: e.CHANNEL_SYNC_MINUTES, allowPrivateUrls: e.CHANNEL_ALLOW_PRIVATE_URLS ?? !production, pollMs: e.CHANNEL_POLL_MS },
    hotel: {
      name: e.HOTEL_NAME,
      email: e.HOTEL_EMAIL,
      phone: e.HOTEL_PHONE,
      address: e.HOTEL_ADDRESS,
      addressBn: e.HOTEL_ADDRESS_BN ?? (e.HOTEL_ADDRESS === DEFAULT_ADDRESS.en ? DEFAULT_ADDRESS.bn : e.HOTEL_ADDRESS),
      // The demo hotel has both, so that its invoices are whole; a real hotel sets its own.
      legalName: e.HOTEL_LEGAL_NAME ?? (demoData ? DEMO_LEGAL.name : e.HOTEL_NAME),
      bin: e.HOTEL_BIN ?? (demoData ? DEMO_LEGAL.bin : null),
      sdRate: e.HOTEL_SD_RATE,
      signatory: {
        name: e.INVOICE_SIGNATORY_NAME ?? (demoData ? DEMO_SIGNATORY.name : null),
        title: e.INVOICE_SIGNATORY_TITLE ?? (demoData ? DEMO_SIGNATORY.title : null),
      },
      instagramUrl: e.HOTEL_INSTAGRAM_URL,
      facebookUrl: e.HOTEL_FACEBOOK_URL,
      language: e.HOTEL_LANGUAGE,
      timeZone: e.HOTEL_TIME_ZONE,
      checkInTime: e.HOTEL_CHECK_IN_TIME,
      guestCancelHours: e.GUEST_CANCEL_HOURS,
    },
    vatPercent: e.VAT_PERCENT,
    serviceChargePercent: e.SERVICE_CHARGE_PERCENT,
    depositDueHours: e.DEPOSIT_DUE_HOURS,
    bookingHorizonDays: e.BOOKING_HORIZON_DAYS,
    searchCacheBytes: (e.SEARCH_CACHE_MB ?? (e.DATABASE_URL ? 128 : 32)) * 1024 * 1024,
    redisUrl: e.REDIS_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimit: {
      authMax: e.RATE_LIMIT_AUTH_MAX,
      authWindow: e.RATE_LIMIT_AUTH_WINDOW,
      bookingMax: e.RATE_LIMIT_BOOKING_MAX,
      bookingWindow: e.RATE_LIMIT_BOOKING_WINDOW,
      uploadMax: e.RATE_LIMIT_UPLOAD_MAX,
      uploadWindow: e.RATE_LIMIT_UPLOAD_WINDOW,
    },
    images: { decodeConcurrency: e.IMAGE_DECODE_CONCURRENCY, decodeQueue: e.IMAGE_DECODE_QUEUE },
    storage: e.S3_BUCKET ? s3Storage(e, e.S3_BUCKET) : { kind: 'disk' },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { issuerUrl: e.GOOGLE_ISSUER_URL, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    // Demo accounts have published passwords: never in production.
    seedDemo: production ? false : e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    payments,
    register: {
      idEncryptionKey: idEncryptionKey(e.ID_ENCRYPTION_KEY, production, dataDir),
      photoRetentionDays: e.ID_PHOTO_RETENTION_DAYS,
      registerRetentionDays: e.REGISTER_RETENTION_DAYS,
      retentionPollMs: e.REGISTER_RETENTION_POLL_MS,
    },
    backups: {
      dir: e.BACKUP_DIR ?? path.join(dataDir, 'backups'),
      key: e.BACKUP_ENCRYPTION_KEY || !production ? secretKey('BACKUP_ENCRYPTION_KEY', e.BACKUP_ENCRYPTION_KEY, dataDir, '.backup-encryption-key') : null,
      keepDays: e.BACKUP_KEEP_DAYS,
      offsite: backupBucket(e),
    },
    nightAudit: { closeAt: e.NIGHT_AUDIT_AT, pollMs: e.NIGHT_AUDIT_POLL_MS, ownerEmail: e.OWNER_EMAIL ?? null, ownerLanguage: e.OWNER_LANGUAGE },
    sms: {
      provider: smsProvider(e),
      reportSecret: e.SMS_REPORT_SECRET ?? null,
      pollMs: e.SMS_POLL_MS,
      retryBaseMs: e.SMS_RETRY_BASE_MS,
      maxAttempts: e.SMS_MAX_ATTEMPTS,
      timeoutMs: e.SMS_TIMEOUT_MS,
    },
  };
}

const LIVE_BASE = { sslcommerz: 'https://securepay.sslcommerz.com', bkash: 'https://tokenized.pay.bka.sh/v1.2.0-beta' };
const GATEWAY_SANDBOX_BASE = { sslcommerz: 'https://sandbox.sslcommerz.com', bkash: 'https://tokenized.sandbox.bka.sh/v1.2.0-beta' };

/**
 * The gateways: each one whose credentials are set, or, outside production with none set, the
 * built-in sandbox for both (a newcomer's `npm start` takes payments with no merchant account).
 * Production refuses the sandbox, a gateway offered without its credentials, and a base URL on
 * the built-in sandbox's path.
 */
function paymentsConfig(e: z.output<typeof ZEnv>, production: boolean): PaymentsConfig {
  const fail = (variable: string, message: string) => {
    throw new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);
  };
  const sslSet = [e.SSLCOMMERZ_STORE_ID, e.SSLCOMMERZ_STORE_PASSWORD].filter(Boolean).length;
  const bkashSet = [e.BKASH_APP_KEY, e.BKASH_APP_SECRET, e.BKASH_USERNAME, e.BKASH_PASSWORD].filter(Boolean).length;
  if (sslSet === 1) fail('SSLCOMMERZ_STORE_PASSWORD', 'SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD must be set together');
  if (bkashSet > 0 && bkashSet < 4) fail('BKASH_PASSWORD', 'BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME and BKASH_PASSWORD must be set together');
  const sandbox = e.PAYMENT_SANDBOX ?? (!production && sslSet === 0 && bkashSet === 0);
  if (production && sandbox) fail('PAYMENT_SANDBOX', 'the sandbox gateway takes no real money: it cannot run with NODE_ENV=production');
  for (const [variable, url] of [['SSLCOMMERZ_BASE_URL', e.SSLCOMMERZ_BASE_URL], ['BKASH_BASE_URL', e.BKASH_BASE_URL]] as const) {
    if (production && url?.includes('/sandbox-gateway/')) fail(variable, 'points at the sandbox gateway, which cannot run with NODE_ENV=production');
  }
  // The built-in sandbox is reached on this process's own port; the gateways' own sandboxes and live hosts otherwise.
  const own = `http://127.0.0.1:${e.PORT}/sandbox-gateway`;
  const base = (gateway: GatewayName, given: string | undefined) =>
    (given ?? (sandbox ? `${own}/${gateway}` : production ? LIVE_BASE[gateway] : GATEWAY_SANDBOX_BASE[gateway])).replace(/\/$/, '');
  const sslcommerz =
    sslSet === 2 || sandbox
      ? { storeId: e.SSLCOMMERZ_STORE_ID ?? SANDBOX_CREDENTIALS.sslcommerz.storeId, storePassword: e.SSLCOMMERZ_STORE_PASSWORD ?? SANDBOX_CREDENTIALS.sslcommerz.storePassword, baseUrl: base('sslcommerz', e.SSLCOMMERZ_BASE_URL) }
      : undefined;
  const bkash =
    bkashSet === 4 || sandbox
      ? {
          appKey: e.BKASH_APP_KEY ?? SANDBOX_CREDENTIALS.bkash.appKey,
          appSecret: e.BKASH_APP_SECRET ?? SANDBOX_CREDENTIALS.bkash.appSecret,
          username: e.BKASH_USERNAME ?? SANDBOX_CREDENTIALS.bkash.username,
          password: e.BKASH_PASSWORD ?? SANDBOX_CREDENTIALS.bkash.password,
          baseUrl: base('bkash', e.BKASH_BASE_URL),
        }
      : undefined;
  const configured: GatewayName[] = [...(sslcommerz ? ['sslcommerz' as const] : []), ...(bkash ? ['bkash' as const] : [])];
  const methods = e.PAYMENT_METHODS ?? configured;
  for (const method of methods) {
    if (!configured.includes(method)) fail('PAYMENT_METHODS', `offers ${method}, whose credentials are not set`);
  }
  return {
    methods: [...new Set(methods)],
    holdMinutes: e.PAYMENT_HOLD_MINUTES,
    sandbox,
    timeoutMs: e.PAYMENT_GATEWAY_TIMEOUT_MS,
    pollMs: e.PAYMENT_POLL_MS,
    queryAfterMs: e.PAYMENT_QUERY_AFTER_SECONDS * 1000,
    sslcommerz,
    bkash,
  };
}

function s3Storage(e: z.output<typeof ZEnv>, bucket: string): S3StorageConfig {
  const endpoint = e.S3_ENDPOINT?.replace(/\/$/, '');
  const forcePathStyle = e.S3_FORCE_PATH_STYLE ?? Boolean(endpoint);
  // Without S3_PUBLIC_URL, objects are loaded from the bucket's own address.
  const ownAddress = endpoint
    ? forcePathStyle
      ? `${endpoint}/${bucket}`
      : endpoint.replace('://', `://${bucket}.`)
    : `https://${bucket}.s3.${e.S3_REGION}.amazonaws.com`;
  return {
    kind: 's3',
    bucket,
    region: e.S3_REGION,
    endpoint,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: (e.S3_PUBLIC_URL ?? ownAddress).replace(/\/$/, ''),
    forcePathStyle,
    privateBucket: e.S3_PRIVATE_BUCKET,
  };
}

/**
 * The backups' bucket (S3_BACKUP_BUCKET), reached like the uploads' buckets. A bucket of its own:
 * the pictures' bucket is read by anyone and both are pruned by rules of their own.
 */
function backupBucket(e: z.output<typeof ZEnv>): S3BucketConfig | null {
  const bucket = e.S3_BACKUP_BUCKET;
  if (!bucket) return null;
  for (const [variable, other] of [['S3_BUCKET', e.S3_BUCKET], ['S3_PRIVATE_BUCKET', e.S3_PRIVATE_BUCKET]] as const) {
    if (other === bucket) {
      throw new ConfigError(`Invalid configuration:\n  S3_BACKUP_BUCKET: must be a bucket of its own, not the same as ${variable} ("${bucket}"): backups are copied to it and pruned there`);
    }
  }
  const endpoint = e.S3_ENDPOINT?.replace(/\/$/, '');
  return {
    bucket,
    region: e.S3_REGION,
    endpoint,
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(endpoint),
  };
}

function parseTrustProxy(value: string): boolean | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/**
 * Outside production a missing JWT_SECRET is generated once and kept under the data directory,
 * so sign-ins survive a restart without asking a developer to configure anything.
 */
/**
 * The photos' key: given (64 hex digits or base64 of 32 bytes), or, outside production, made
 * once in the data directory beside the JWT secret. Production refuses to start without one: a
 * key made on the server's disk would be lost with it, and the photos with the key.
 */
function idEncryptionKey(given: string | undefined, production: boolean, dataDir: string): Buffer {
  if (!given && production) {
    throw new ConfigError('Invalid configuration:\n  ID_ENCRYPTION_KEY: is required when NODE_ENV=production (openssl rand -hex 32): ID photos are stored encrypted with it');
  }
  return secretKey('ID_ENCRYPTION_KEY', given, dataDir, '.id-encryption-key');
}

/** A 32-byte key written as 64 hex digits or in base64; a ConfigError naming `name` otherwise. */
export function parseSecretKey(name: string, given: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
  if (key.length !== 32) throw new ConfigError(`Invalid configuration:\n  ${name}: must be 32 bytes, written as 64 hex digits or in base64 (openssl rand -hex 32)`);
  return key;
}

/**
 * A 32-byte key given as 64 hex digits or base64; when none is given (development), one made
 * once and kept in the data directory under `file`.
 */
function secretKey(name: string, given: string | undefined, dataDir: string, file: string): Buffer {
  if (given) return parseSecretKey(name, given);
  const kept = path.join(dataDir, file);
  if (existsSync(kept)) return Buffer.from(readFileSync(kept, 'utf8').trim(), 'hex');
  const key = randomBytes(32);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(kept, key.toString('hex'), { mode: 0o600 });
  return key;
}

/** The SMS provider: URL, key and sender id together, or none (SMS written as files). */
function smsProvider(e: z.output<typeof ZEnv>): Config['sms']['provider'] {
  const set = [e.SMS_API_URL, e.SMS_API_KEY, e.SMS_SENDER_ID].filter(Boolean).length;
  if (set === 0) return null;
  if (set < 3) throw new ConfigError('Invalid configuration:\n  SMS_API_KEY: SMS_API_URL, SMS_API_KEY and SMS_SENDER_ID must be set together');
  return { url: e.SMS_API_URL!, apiKey: e.SMS_API_KEY!, senderId: e.SMS_SENDER_ID! };
}

function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
