import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * Who is changing things (issue 35). The database writes the audit trail itself, from triggers
 * (migration 0030); it learns who the change is by from the transaction's `residency.actor`
 * setting. The API runs each request's handler (and each job's pass) with its actor in scope
 * here, and the database connection (db/audit-connection.ts) sets the setting at the start of
 * every transaction begun in that scope, and wraps a lone write in a transaction that does.
 */

/** Who made a change, as the audit record keeps it. */
export interface AuditActor {
  /** The signed-in account; null for a visitor or a job. */
  id: string | null;
  /** admin, staff or user (the role at the time), guest (not signed in) or system (a job). */
  role: string;
  /** The account's e-mail (or name) at the time, or the job's name. */
  label: string | null;
  ip: string | null;
  ua: string | null;
  /** "PATCH /api/bookings/:id", or the job ("job: channel sync"). */
  route: string | null;
}

const current = new AsyncLocalStorage<AuditActor>();

/** Runs `work` with `actor` as the author of every change it makes. */
export function withActor<T>(actor: AuditActor, work: () => T): T {
  return current.run(actor, work);
}

/** The actor in scope, if any. */
export function currentActor(): AuditActor | undefined {
  return current.getStore();
}

/** A job's actor: no account, its name as the label and the route. */
export function jobActor(name: string): AuditActor {
  return { id: null, role: 'system', label: name, ip: null, ua: null, route: `job: ${name}` };
}

/** The value of `residency.actor` for the actor in scope (undefined: none). */
export function actorSetting(): string | undefined {
  const actor = current.getStore();
  return actor ? JSON.stringify(actor) : undefined;
}
