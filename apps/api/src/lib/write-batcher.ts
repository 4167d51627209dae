/**
 * Group commit for small, independent writes (a visitor's event request): requests that arrive
 * while a write is under way are written together by the next one, in one transaction with one
 * multi-row insert per table. Each commit costs the database about the same for one row as for a
 * hundred, so under load the rate grows with the batch, and a lone request waits for nobody: it
 * is written at once.
 *
 * `write(items)` must write all of them and resolve to one result per item, in order, or throw.
 * A batch that fails is written again item by item, so one bad item fails alone.
 */
export class WriteBatcher<Item, Result> {
  readonly #write: (items: Item[]) => Promise<Result[]>;
  readonly #maxBatch: number;
  #pending: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  #writing = false;

  constructor(write: (items: Item[]) => Promise<Result[]>, options: { maxBatch?: number } = {}) {
    this.#write = write;
    this.#maxBatch = options.maxBatch ?? 200;
  }

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.#pending.push({ item, resolve, reject });
      if (!this.#writing) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#writing = true;
    try {
      while (this.#pending.length > 0) {
        // Let the requests that arrived meanwhile reach the queue first: an embedded database
        // (PGlite) works on this very thread, so nothing else is read while it writes.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const batch = this.#pending.splice(0, this.#maxBatch);
        try {
          const results = await this.#write(batch.map((entry) => entry.item));
          batch.forEach((entry, i) => entry.resolve(results[i]!));
        } catch (error) {
          if (batch.length === 1) {
            batch[0]!.reject(error);
            continue;
          }
          // One item may be the cause: each is tried on its own, and only the bad ones fail.
          for (const entry of batch) {
            try {
              entry.resolve((await this.#write([entry.item]))[0]!);
            } catch (single) {
              entry.reject(single);
            }
          }
        }
      }
    } finally {
      this.#writing = false;
    }
  }
}
