/**
 * An in-memory cache whose entries are dropped the moment the data behind them changes: the
 * database sends NOTIFY on a channel (a trigger, so every writer is covered, in any process),
 * every process listens and forgets, and the writing process also forgets at once after its
 * own write. While notifications cannot be trusted (`live` false) nothing is cached; a TTL bounds
 * any copy's age regardless. A read that raced with a change is not stored (generation stamp).
 */
export class LiveCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private live = false;
  /** Bumped by every forget/clear: a value read before a change must not be stored after it. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(options: { ttlMs?: number; maxEntries?: number } = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Call before reading from the database; pass the result to `set`. */
  stamp(): number {
    return this.generation;
  }

  set(key: string, value: V, stamp: number): void {
    if (!this.live || stamp !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  /** The cached value, or `load()`'s result (stored unless a change raced with it). */
  async through(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const stamp = this.stamp();
    const value = await load();
    this.set(key, value, stamp);
    return value;
  }

  forget(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
