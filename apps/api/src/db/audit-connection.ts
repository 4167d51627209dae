import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { actorSetting } from './audit-actor.ts';
import { statementOnly } from './pool-errors.ts';

/*
 * Carries the request's actor (lib/audit-actor.ts) into the database, for the audit triggers of
 * migration 0030: every transaction begun while an actor is in scope starts by setting
 * `residency.actor` (local to the transaction), and a write sent on its own (autocommit) is
 * wrapped in such a transaction. It is done here, under Drizzle, once for both drivers, so no
 * write of any module can reach the database without its author, however it was written.
 */

/** A statement that may change rows (a CTE may too). Reads pass through untouched. */
const WRITE = /^\s*(?:insert|update|delete|merge|with)\b/i;

const SET_ACTOR = `select set_config('residency.actor', $1, true)`;

/**
 * Tables no audit trigger watches: the outboxes, whose workers mark each mail and SMS claimed and
 * sent. A lone write to one needs no author, so it goes as it is, one round trip instead of four
 * (issue 36: three mails' bookkeeping cost more statements than the booking). audit.test.ts
 * checks that none of them has an audit trigger.
 */
export const UNAUDITED_TABLES = ['outbox_mails', 'outbox_sms'] as const;
const UNAUDITED_WRITE = new RegExp(`^\\s*(?:update|insert\\s+into|delete\\s+from)\\s+"?(?:${UNAUDITED_TABLES.join('|')})"?\\s`, 'i');

/** A write that must carry its author: one that may change an audited table. */
const needsActor = (statement: string) => WRITE.test(statement) && !UNAUDITED_WRITE.test(statement);

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  return (query as { text?: string } | null)?.text ?? '';
}

/**
 * PGlite: its `transaction` gets the setting as its first statement, and a lone write runs in a
 * transaction that has it. (PGlite's own BEGIN/COMMIT do not go through `query`.)
 */
export function carryActorOnPglite(client: PGlite): void {
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(work: (tx: Transaction) => Promise<T>) => {
    const actor = actorSetting();
    if (!actor) return transaction(work);
    return transaction(async (tx) => {
      await tx.query(SET_ACTOR, [actor]);
      return work(tx);
    });
  }) as PGlite['transaction'];
  client.query = ((statement: string, params?: unknown[], options?: object) => {
    const actor = actorSetting();
    if (!actor || !needsActor(statement)) return query(statement, params, options);
    return transaction(async (tx) => {
      await tx.query(SET_ACTOR, [actor]);
      return tx.query(statement, params, options);
    });
  }) as PGlite['query'];
}

/**
 * node-postgres: a `begin` sent on a pooled connection is followed, in the same round trip, by
 * the setting; a lone write on the pool runs as begin, setting, write, commit on one connection.
 */
export function carryActorOnPool(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const actor = actorSetting();
      const text = textOf(args[0]);
      if (actor && /^\s*begin\b/i.test(text) && !text.includes(';')) {
        // One simple-protocol message with both statements: no extra round trip.
        const begin = `${text}; ${SET_ACTOR.replace('$1', client.escapeLiteral(actor))}`;
        const rest = typeof args[0] === 'string' ? args.slice(1) : [];
        return query(typeof args[0] === 'string' ? begin : { ...(args[0] as object), text: begin }, ...rest);
      }
      return query(...args);
    };
  });
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    const actor = actorSetting();
    if (!actor || !needsActor(textOf(args[0])) || typeof args.at(-1) === 'function') return poolQuery(...args);
    return (async () => {
      const client = await pool.connect();
      // The connection goes back to the pool unless it broke (the rule of db/pool-errors.ts).
      let broken: Error | undefined;
      try {
        await client.query('begin');
        try {
          const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        }
      } catch (error) {
        if (!statementOnly(error)) broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    })();
  };
}
