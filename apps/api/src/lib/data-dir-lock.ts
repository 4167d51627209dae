import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Who holds a data directory, as the holder tells it. */
export interface LockHolder {
  pid: number;
  /** Where it serves (filled in once it listens). */
  url?: string;
  startedAt: string;
}

export interface DataDirLock {
  /** Tells later starters where the holder serves. */
  describe(url: string): void;
  release(): Promise<void>;
}

export class DataDirInUseError extends Error {
  readonly holder: LockHolder | undefined;
  constructor(dir: string, holder: LockHolder | undefined) {
    const who = holder
      ? `process ${holder.pid}${holder.url ? `, serving on ${holder.url}` : ''}, started ${holder.startedAt}`
      : 'another process';
    super(
      `The data directory ${dir} is in use by another Residency server (${who}). ` +
        'Two servers on one embedded database would corrupt it. Stop the other server first, ' +
        'or give this one its own DATA_DIR (or a PostgreSQL server with DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
    this.holder = holder;
  }
}

/**
 * Makes this process the only one using `dir` for the embedded database. The lock is held by
 * the operating system and ends with the process, even on `kill -9` or a power cut, so it can
 * never go stale:
 * - Linux: a Unix socket in the abstract namespace, named after the directory's real path. Only
 *   one process can bind a name; the kernel frees it when the process dies. A second starter
 *   connects to it and is told who holds it.
 * - Windows: a named pipe, with the same properties.
 * - Elsewhere (macOS): a `.lock` file with the holder's pid, taken with O_EXCL and taken over
 *   only when that pid is no longer alive.
 * Abstract sockets are scoped to a network namespace: two containers sharing one volume do not
 * see each other's lock (give each container its own data volume, or use PostgreSQL).
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  mkdirSync(dir, { recursive: true });
  const real = realpathSync(dir);
  const info: LockHolder = { pid: process.pid, startedAt: new Date().toISOString() };
  if (process.platform === 'linux' || process.platform === 'win32') return lockWithSocket(real, info);
  return lockWithPidFile(real, info);
}

function socketName(real: string): string {
  const digest = createHash('sha256').update(real).digest('hex').slice(0, 32);
  return process.platform === 'win32' ? `\\\\.\\pipe\\residency-data-${digest}` : `\0residency-data-${digest}`;
}

async function lockWithSocket(real: string, info: LockHolder): Promise<DataDirLock> {
  const name = socketName(real);
  const server = net.createServer((socket) => {
    // Whoever connects is a second starter: tell it who we are, then hang up.
    socket.on('error', () => {});
    socket.end(JSON.stringify(info));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(name, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new DataDirInUseError(real, await askHolder(name));
  }
  // The lock must not keep an otherwise finished process alive.
  server.unref();
  return {
    describe(url) {
      info.url = url;
    },
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The holder's own account of itself; undefined when it does not answer within a second. */
function askHolder(name: string): Promise<LockHolder | undefined> {
  return new Promise((resolve) => {
    let text = '';
    const socket = net.connect(name);
    const done = (holder: LockHolder | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(holder);
    };
    const timer = setTimeout(() => done(undefined), 1000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => done(parseHolder(text)));
    socket.on('error', () => done(undefined));
  });
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as LockHolder;
    return typeof value.pid === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

function lockWithPidFile(real: string, info: LockHolder): DataDirLock {
  const file = path.join(real, '.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, JSON.stringify(info), { flag: 'wx', mode: 0o600 });
      return {
        describe(url) {
          info.url = url;
          writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
        },
        release: async () => unlinkSync(file),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = parseHolder(readFileSync(file, 'utf8'));
    if (holder && holder.pid !== process.pid && isAlive(holder.pid)) throw new DataDirInUseError(real, holder);
    // Left by a process that is gone: take it over.
    unlinkSync(file);
  }
  throw new DataDirInUseError(real, undefined);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
