import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { unusedPort } from './smtp.ts';

export interface TestRedis {
  url: string;
  close(): Promise<void>;
}

/**
 * A Redis server of the test's own (Debian's `redis-server`, which .ci/run installs), on a free
 * port, keeping nothing on disk: the tests need no Redis running on the machine, and no counter
 * of another run can leak in. Throws, naming the program, when it is not installed.
 */
export async function startRedis(): Promise<TestRedis> {
  const port = await unusedPort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const failed = new Promise<never>((_, reject) =>
    child.once('error', (error) => reject(new Error(`redis-server could not start (install Debian's redis-server): ${error.message}`))),
  );
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Redis(url, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await Promise.race([client.connect().then(() => client.ping()), failed]);
      client.disconnect();
      break;
    } catch (error) {
      client.disconnect();
      if (Date.now() > deadline || child.exitCode !== null) throw error instanceof Error && /redis-server/.test(error.message) ? error : new Error(`redis-server did not answer on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
