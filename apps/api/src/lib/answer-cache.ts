/**
 * Finished answers of searches (the bytes sent, in one or more parts), kept until what they were
 * made from changes (issue 36). Each answer may name the nights it depends on, as day numbers
 * [from, to): a change to other nights leaves it in place, a change to those nights drops it; an
 * answer that names no nights (a plain room list) depends on no night. Bounded by the bytes it
 * holds: the answer used least recently goes first.
 */
export interface AnswerCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

interface Entry {
  parts: readonly Buffer[];
  size: number;
  from: number;
  to: number;
}

/** What an entry costs beyond its bytes: the Map's slot, the entry, its array of parts. */
const ENTRY_OVERHEAD = 128;

export class AnswerCache {
  /** Maps iterate in insertion order: a hit is moved to the end, so the first entry is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  /** The keys of the answers depending on nights, by their first night: a change finds its answers without a walk over all. */
  private readonly byFirstNight = new Map<number, Set<string>>();
  /** The most nights any answer kept depends on (how far back a change's night can be an answer's first). */
  private longest = 0;
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** The answer's parts, to be sent one after the other (Buffer.concat). */
  get(key: string): readonly Buffer[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.parts;
  }

  /** Keeps an answer's `parts` under `key`; `nights`: the day numbers it depends on (none: a change to a night leaves it). */
  set(key: string, parts: readonly Buffer[], nights?: { from: number; to: number }): void {
    // The key's own bytes count too: a URL can be as long as the answer.
    const size = ENTRY_OVERHEAD + key.length + parts.reduce((sum, part) => sum + part.length, 0);
    if (size > this.maxBytes / 16) return;
    this.delete(key);
    const entry = { parts, size, from: nights?.from ?? 0, to: nights?.to ?? 0 };
    this.entries.set(key, entry);
    if (entry.to > entry.from) {
      const keys = this.byFirstNight.get(entry.from) ?? new Set<string>();
      keys.add(key);
      this.byFirstNight.set(entry.from, keys);
      this.longest = Math.max(this.longest, entry.to - entry.from);
    }
    this.bytes += size;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Drops the answers that depend on any night in [from, to). */
  dropNights(from: number, to: number): void {
    if (this.byFirstNight.size === 0) return;
    for (let first = from - this.longest + 1; first < to; first += 1) {
      const keys = this.byFirstNight.get(first);
      if (!keys) continue;
      for (const key of keys) if (this.entries.get(key)!.to > from) this.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.byFirstNight.clear();
    this.longest = 0;
    this.bytes = 0;
  }

  stats(): AnswerCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes, hits: this.hits, misses: this.misses };
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
    const keys = this.byFirstNight.get(entry.from);
    if (keys?.delete(key) && keys.size === 0) this.byFirstNight.delete(entry.from);
  }
}
