import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openPgliteDump, restorePostgresDump, serverDatabaseIsEmpty } from '../../db/snapshot.ts';
import { BackupUnreadable, openArchive } from './backup-archive.ts';
import type { BackupManifest } from './backups.service.ts';

/*
 * `npm run restore`: a backup file into an empty target (issue 35). The embedded database's
 * backup goes into a data directory; a PostgreSQL backup into an empty database, its files into
 * a data directory. A target that holds anything is refused: a restore never mixes two hotels.
 */

export interface RestoreTarget {
  dataDir?: string;
  databaseUrl?: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  files: number;
}

/** A restore refused before anything was written, with the reason. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

export async function restoreBackup(file: string, key: Buffer, target: RestoreTarget): Promise<RestoreResult> {
  if (!existsSync(file)) throw new RestoreRefused(`No file at ${file}.`);
  let entries;
  try {
    entries = await openArchive(await readFile(file), key);
  } catch (error) {
    if (error instanceof BackupUnreadable) throw new RestoreRefused(error.message);
    throw new RestoreRefused('The backup cannot be read: the file is truncated or damaged.');
  }
  const manifestEntry = entries.find((e) => e.name === 'manifest.json');
  if (!manifestEntry) throw new RestoreRefused('The backup has no manifest: it is not a whole Residency backup.');
  const manifest = JSON.parse(manifestEntry.content.toString('utf8')) as BackupManifest;
  const dump = entries.find((e) => e.name === (manifest.database === 'pglite' ? 'database.tar' : 'database.pgdump'));
  if (!dump) throw new RestoreRefused('The backup holds no database dump.');

  if (manifest.database === 'pglite') {
    if (!target.dataDir) throw new RestoreRefused('This backup is of the embedded database: restore it with --data-dir <an empty directory>.');
    if (!isEmptyDir(target.dataDir)) throw new RestoreRefused(`${target.dataDir} is not empty: restore into an empty directory (move this one aside first).`);
  } else {
    if (!target.databaseUrl) throw new RestoreRefused('This backup is of a PostgreSQL database: restore it with --database-url <an empty database> (and --data-dir for its files).');
    if (!(await serverDatabaseIsEmpty(target.databaseUrl))) throw new RestoreRefused('The target database is not empty: restore into an empty database.');
    if (target.dataDir && !isEmptyDir(target.dataDir)) throw new RestoreRefused(`${target.dataDir} is not empty: restore the files into an empty directory.`);
  }

  const restored =
    manifest.database === 'pglite'
      ? await (async () => {
          await mkdir(target.dataDir!, { recursive: true });
          return openPgliteDump(dump.content, path.join(target.dataDir!, 'pglite'));
        })()
      : await restorePostgresDump(dump.content, target.databaseUrl!);
  for (const [table, n] of Object.entries(manifest.counts)) {
    if (restored.counts[table] !== n) throw new Error(`The restored ${table} holds ${restored.counts[table]} rows, the backup ${n}.`);
  }

  let files = 0;
  for (const entry of entries) {
    const into = entry.name.startsWith('files/') ? entry.name.slice('files/'.length) : entry.name === 'keys/id-encryption-key' ? '.id-encryption-key' : null;
    if (!into || !target.dataDir) continue;
    const full = path.resolve(target.dataDir, into);
    // A name that climbs out of the directory is not ours: skipped.
    if (!full.startsWith(path.resolve(target.dataDir) + path.sep)) continue;
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, entry.content, { mode: 0o600 });
    files += 1;
  }
  return { manifest, files };
}
