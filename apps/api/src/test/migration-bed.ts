import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, type Database } from '../db/client.ts';
import { freshServerDatabase } from './database.ts';

/**
 * A database for testing one migration on the data of the version before it: PGlite, or a
 * database of its own on TEST_DATABASE_URL. `before(n)` applies the first `n` migrations (the
 * schema that data was written in); `after()` applies the rest, as a start of the new version
 * would; `close()` removes it all.
 */
export async function migrationBed(name: string) {
  const workDir = mkdtempSync(path.join(tmpdir(), 'residency-migration-'));
  let db: Database;
  let migrateTo: (folder: string) => Promise<void>;
  let end: () => Promise<void>;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const client = new pg.Client({ connectionString: await freshServerDatabase(serverUrl, name) });
    await client.connect();
    const pgDb = drizzlePg(client);
    db = pgDb as unknown as Database;
    migrateTo = (folder) => migratePg(pgDb, { migrationsFolder: folder });
    end = () => client.end();
  } else {
    const client = await PGlite.create({ extensions: { btree_gist } });
    const liteDb = drizzlePglite(client);
    db = liteDb as unknown as Database;
    migrateTo = (folder) => migratePglite(liteDb, { migrationsFolder: folder });
    end = () => client.close();
  }

  /** The migrations folder with only the first `count` migrations in its journal. */
  const upTo = (count: number): string => {
    const folder = path.join(workDir, `migrations-${count}`);
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((e) => e.idx < count);
    writeFileSync(journalFile, JSON.stringify(journal));
    return folder;
  };

  return {
    db,
    before: (count: number) => migrateTo(upTo(count)),
    after: () => migrateTo(migrationsFolder),
    close: async () => {
      await end();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
