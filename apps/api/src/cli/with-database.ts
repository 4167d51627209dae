import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { jobActor, withActor } from '../db/audit-actor.ts';
import { DataDirInUseError, lockDataDir } from '../lib/data-dir-lock.ts';

/**
 * The frame of a command run beside the server: the server's settings, its database (the
 * embedded one only while no server holds the data directory), `work` as the command's own
 * author in the audit trail, then the database closed. A bad setting or a data directory in use
 * is said in one line, exit code 1.
 */
export async function withServerDatabase(command: string, work: (handle: DatabaseHandle, config: Config) => Promise<void>): Promise<void> {
  try {
    const config = loadConfig();
    const lock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
    const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await withActor(jobActor(command), () => work(handle, config));
    } finally {
      await handle.close();
      await lock?.release();
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
