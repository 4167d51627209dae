import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { availabilityWriteLogger } from './availability-writes.ts';
import { carryActorOnPglite, carryActorOnPool } from './audit-connection.ts';
import { keepConnectionsOnServerErrors } from './pool-errors.ts';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

type Schema = typeof schema;
/** The one database type the code sees, whether PGlite or a PostgreSQL server is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (backups dump its data directory). */
  pglite?: PGlite;
  /** The server's URL (backups run pg_dump against it). */
  serverUrl?: string;
  /**
   * Listens to NOTIFY on a channel. `onLive(false)` says notifications may be missed from now on
   * (the listening connection dropped); `onLive(true)` that they flow again.
   */
  subscribe(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

interface ChannelHandlers {
  onMessage(payload: string): void;
  onLive(live: boolean): void;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Longest wait for a row lock on a PostgreSQL server (bookings hold theirs for milliseconds). */
const LOCK_TIMEOUT_MS = 5000;

/** PGlite's buffer pool (PostgreSQL's shared_buffers; issue 23). */
const PGLITE_SHARED_BUFFERS = '32MB';

/** PGlite's write-ahead log kept between checkpoints (issue 35: it is in every backup). */
const PGLITE_WAL_SIZE = '32MB';

/** Any constant: the advisory lock that keeps two starting processes from migrating at once. */
const MIGRATION_LOCK = 727_001;

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is `postgres://…`, otherwise PGlite
 * with its files under `dataDir/pglite` (or in memory for `memory://`), then applies migrations.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  /** Told when an idle pooled connection to the server fails (it is replaced on next use). */
  onConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  const { databaseUrl, dataDir } = options;
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    await migrateServer(databaseUrl);
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: options.poolMax ?? 10,
      // No statement of ours waits for a row lock longer than this: it fails (55P03, answered
      // 503 BUSY) rather than hold a pooled connection while every other guest queues behind it.
      options: `-c lock_timeout=${LOCK_TIMEOUT_MS}`,
    });
    // An idle connection the server closed (a restart, a failover) is only dropped from the pool:
    // without this listener the error would be uncaught and end the process. Requests meanwhile
    // fail and /api/health answers 503 until the server is back.
    pool.on('error', (error) => options.onConnectionError?.(error));
    keepConnectionsOnServerErrors(pool);
    carryActorOnPool(pool);
    const db = drizzlePg(pool, { schema, logger: availabilityWriteLogger }) as unknown as Database;
    const listeners: (() => Promise<void>)[] = [];
    const listen = serverListener(databaseUrl);
    return {
      db,
      kind: 'postgres',
      serverUrl: databaseUrl,
      async subscribe(channel, handlers) {
        const stop = await listen(channel, handlers);
        listeners.push(stop);
        return stop;
      },
      async close() {
        await Promise.all(listeners.map((stop) => stop()));
        await pool.end();
      },
    };
  }
  let dir: string | undefined;
  if (databaseUrl !== 'memory://') {
    dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir: dir,
    extensions: { btree_gist },
    // PGlite's WebAssembly memory grows and never shrinks, and initdb's postgresql.conf asks for
    // 128 MB of shared buffers, all touched at start (issue 23: 189 MB of WASM memory, idle). The
    // whole demo database is ~40 MB and its pages are read from the OS's page cache when not in
    // the buffers, so a smaller pool costs little. (The memory cannot start below the 128 MB that
    // pglite.wasm declares: initialMemory smaller than that fails to link.)
    // The write-ahead log is part of every backup of the data directory (issue 35): PostgreSQL's
    // 1 GB of it (max_wal_size) made a backup of a small hotel 460 MB; 32 MB, checkpointed
    // before each backup, makes it 57 MB (5 MB gzipped). A hotel's write rate checkpoints rarely.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`, '-c', `max_wal_size=${PGLITE_WAL_SIZE}`, '-c', `min_wal_size=${PGLITE_WAL_SIZE}`],
  });
  carryActorOnPglite(client);
  const pgliteDb = drizzlePglite(client, { schema, logger: availabilityWriteLogger });
  await migratePglite(pgliteDb, { migrationsFolder });
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    pglite: client,
    // One in-process connection: a notification is handled before the committing query returns.
    subscribe: async (channel, handlers) => {
      const stop = await client.listen(channel, handlers.onMessage);
      handlers.onLive(true);
      return stop;
    },
    close: () => client.close(),
  };
}

async function migrateServer(url: string): Promise<void> {
  // One dedicated connection holds the lock for the whole migration.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

/** The listening connection's application_name: one per process, whatever its channels. */
export const LISTENER_NAME = 'residency listener';

/**
 * LISTEN on one dedicated connection to a server for all of a process's channels (issue 36:
 * PostgreSQL wakes every listening connection at each notifying commit, so a connection per
 * channel was five wake-ups a booking for each process). When it drops, every handler's
 * `onLive(false)` runs and a new connection is tried with back-off, listening on every channel
 * again; it closes when the last channel stops. Subscribing, stopping and reconnecting run one
 * at a time, so a handler hears `onLive(true)` once per connection.
 */
function serverListener(url: string): (channel: string, handlers: ChannelHandlers) => Promise<() => Promise<void>> {
  const channels = new Map<string, Set<ChannelHandlers>>();
  let client: pg.Client | undefined;
  let listening = new Set<string>();
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work, work);
    chain = run.catch(() => {});
    return run;
  };
  const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;
  const everyHandler = () => [...channels.values()].flatMap((set) => [...set]);

  /** A new connection listening on every channel asked for (one message for all of them). */
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    next.on('notification', (message) => {
      for (const handlers of channels.get(message.channel) ?? []) handlers.onMessage(message.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    const names = [...channels.keys()];
    try {
      await next.connect();
      await next.query(names.map((c) => `LISTEN ${quoted(c)}`).join('; '));
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    listening = new Set(names);
    retryMs = 250;
    for (const handlers of everyHandler()) handlers.onLive(true);
  };

  const retry = () => {
    serially(async () => {
      if (!client && channels.size > 0) await connect();
    }).catch(() => {
      retryMs = Math.min(retryMs * 2, 10_000);
      timer = setTimeout(retry, retryMs);
    });
  };

  const lost = (which: pg.Client) => {
    if (client !== which) return;
    client = undefined;
    listening = new Set();
    for (const handlers of everyHandler()) handlers.onLive(false);
    timer = setTimeout(retry, retryMs);
  };

  const stop = (channel: string, handlers: ChannelHandlers) =>
    serially(async () => {
      const set = channels.get(channel);
      set?.delete(handlers);
      if (!set || set.size > 0) return;
      channels.delete(channel);
      if (channels.size > 0) {
        if (listening.delete(channel)) await client?.query(`UNLISTEN ${quoted(channel)}`).catch(() => {});
        return;
      }
      clearTimeout(timer);
      const closing = client;
      client = undefined;
      await closing?.end().catch(() => {});
    });

  return (channel, handlers) =>
    serially(async () => {
      const set = channels.get(channel) ?? new Set();
      channels.set(channel, set.add(handlers));
      try {
        if (!client) await connect();
        else {
          if (!listening.has(channel)) {
            await client.query(`LISTEN ${quoted(channel)}`);
            listening.add(channel);
          }
          handlers.onLive(true);
        }
      } catch (error) {
        set.delete(handlers);
        if (set.size === 0) channels.delete(channel);
        throw error;
      }
      return () => stop(channel, handlers);
    });
}

/**
 * A statement prepared once per database handle (planned once per pooled connection as pg uses
 * it, instead of on every call): `preparedPer(prepare)(db)` answers the handle's own.
 */
export function preparedPer<T>(prepare: (db: Executor) => T): (db: Executor) => T {
  const made = new WeakMap<Executor, T>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) {
      statement = prepare(db);
      made.set(db, statement);
    }
    return statement;
  };
}

/** Rows of a raw SQL query, whichever driver answered (pg and PGlite shape results alike). */
export async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
