import type { Database, Tx } from '../db/client.ts';
import { isRetryableTransactionError } from './database-errors.ts';
import { claimKey } from './idempotency.ts';

export interface TransactionOptions {
  /** Runs of the whole transaction when PostgreSQL aborts it as a deadlock or serialisation failure. */
  attempts?: number;
}

/**
 * `db.transaction(work)`, run again (a bounded number of times, after a short random pause)
 * when PostgreSQL aborted it as a deadlock (40P01) or a serialisation failure (40001): both mean
 * "nothing happened, try again". Any other failure, and the last retryable one, is thrown.
 * `work` must be safe to run again: everything it does is inside the transaction. Within a
 * request that sent an Idempotency-Key, the first transaction to commit carries the key.
 */
export async function inTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  return runAgainWhenAborted(async () => {
    // A money write's Idempotency-Key (lib/idempotency.ts) commits with it, first thing.
    const { result, claimed } = await db.transaction(async (tx) => {
      const claimed = await claimKey(tx);
      return { result: await work(tx), claimed };
    });
    claimed?.();
    return result;
  }, options);
}

/**
 * `work` (a transaction, or one statement that is its own), run again when PostgreSQL aborted it
 * as a deadlock or a serialisation failure, as inTransaction does.
 */
export async function runAgainWhenAborted<T>(work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 4;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      // Apart in time, so the transactions that collided do not collide again.
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 10 * attempt));
    }
  }
}

/**
 * Runs tasks one after another per key (a room id) within this process, so requests for one
 * room wait here, in memory, instead of each holding a pooled database connection while it waits
 * for the room's row lock. Other processes are kept in order by the row lock itself.
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** Whether a task of `key` is running or waiting in this process. */
  busy(key: string): boolean {
    return this.#tails.has(key);
  }

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => {});
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}
