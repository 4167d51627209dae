import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError } from './app-error.ts';

/*
 * Idempotency keys of money writes (issue 31): a payment, refund, charge, reversal or check-out
 * sent twice (a double press, a retry after a lost answer) records once. The key is claimed by
 * the first transaction the request commits, inside it: the money and its key commit together
 * or not at all, so a crash can never leave a payment whose retry would pay again. A request
 * that fails changes nothing and claims nothing: sending it again runs it again.
 */

/** What a request with an Idempotency-Key carries while its handler runs. */
export interface IdempotentRequest {
  principalId: string;
  key: string;
  route: string;
  hash: string;
  /** Set once a transaction that claimed the key has committed. */
  claimed: boolean;
}

const current = new AsyncLocalStorage<IdempotentRequest>();

/** Runs `handler` with the request's key in scope, so its transactions claim it. */
export function withIdempotency<T>(request: IdempotentRequest, handler: () => T): T {
  return current.run(request, handler);
}

/** Whether the current request has an Idempotency-Key that no transaction of it has claimed yet. */
export function keyToClaim(): boolean {
  const request = current.getStore();
  return request !== undefined && !request.claimed;
}

/** Thrown inside a transaction when another request committed the same key first: answer as it did. */
export class KeyTakenMeanwhile extends Error {
  constructor() {
    super('The same Idempotency-Key was used by another request that finished first.');
  }
}

/**
 * Called by `inTransaction` before its work: claims the key of the request in scope, if any and
 * not yet claimed. A request with the same key in flight holds its row until it commits; this
 * insert then finds it and gives up (KeyTakenMeanwhile) before any money is written.
 */
export async function claimKey(tx: Tx): Promise<(() => void) | undefined> {
  const request = current.getStore();
  if (!request || request.claimed) return undefined;
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ principalId: request.principalId, key: request.key, route: request.route, requestHash: request.hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) throw new KeyTakenMeanwhile();
  // After the commit: later transactions of the same request write with the key already theirs.
  return () => {
    request.claimed = true;
  };
}

export type StoredKey = typeof idempotencyKeys.$inferSelect;

export async function findKey(db: Executor, principalId: string, key: string): Promise<StoredKey | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.principalId, principalId), eq(idempotencyKeys.key, key))).limit(1);
  return row;
}

/** The answer of the request that claimed the key, for its repeats. */
export async function storeAnswer(db: Executor, request: IdempotentRequest, statusCode: number, response: string): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, response, completedAt: new Date() })
    .where(and(eq(idempotencyKeys.principalId, request.principalId), eq(idempotencyKeys.key, request.key)));
}

/** Keys older than `hours` are forgotten: a retry comes within seconds, a double press at once. */
export async function forgetOldKeys(db: Executor, hours: number): Promise<number> {
  const gone = await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${hours})`).returning({ key: idempotencyKeys.key });
  return gone.length;
}

/** 422: the key was used for another request (another body, route or reservation). */
export const keyReused = () =>
  new AppError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request. Send a new key for a new payment.',
    422,
  );

/** 409: the request with this key has not answered yet (or its process stopped before it could). */
export const keyInFlight = () =>
  AppError.conflict(
    'This request was already sent and is being recorded, or was recorded: reload the reservation to see it before trying again.',
    'IDEMPOTENCY_IN_PROGRESS',
  );
