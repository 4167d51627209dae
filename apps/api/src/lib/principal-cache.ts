import type { UserRow } from './accounts.ts';

/**
 * Who the signed-in callers are, kept in memory so a request with a token needs no database
 * round trip. Entries are forgotten when their account changes: a database trigger sends
 * NOTIFY account_changed to every process, and this process also forgets at once after its
 * own writes. While notifications cannot be trusted (`live` false) nothing is cached; a TTL
 * bounds any copy's age regardless.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { row: UserRow; expires: number }>();
  private live = false;
  /** Bumped by every forget: a row read before a change must not be cached after it. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(options: { ttlMs?: number; maxEntries?: number } = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 50_000;
  }

  get(id: string): UserRow | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.row;
  }

  /** Call before reading a row from the database; pass the result to `set`. */
  stamp(): number {
    return this.generation;
  }

  set(row: UserRow, stamp: number): void {
    if (!this.live || stamp !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(row.id, { row, expires: Date.now() + this.ttlMs });
  }

  forget(id: string): void {
    this.generation += 1;
    this.entries.delete(id);
  }

  setLive(live: boolean): void {
    this.generation += 1;
    this.live = live;
    this.entries.clear();
  }
}
