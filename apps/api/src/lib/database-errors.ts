/**
 * PostgreSQL's SQLSTATE of a failure, whichever layer threw it: pg and PGlite put it on the error
 * (`code`), Drizzle wraps theirs in a DrizzleQueryError whose `cause` holds it.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth += 1) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * The day a change was refused for, when the night audit had closed it (SQLSTATE RSD01, raised by
 * the triggers of migration 0031 with the day as the message); undefined for any other failure.
 */
export function closedDayOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0; e && depth < 4; depth += 1) {
    if (e.code === 'RSD01' && typeof e.message === 'string') return /\d{4}-\d{2}-\d{2}/.exec(e.message)?.[0];
    e = e.cause as typeof e;
  }
  return undefined;
}

/** book_reservation (migration 0036) was given a reference already in use: draw others and run it again. */
export const isReferenceTaken = (error: unknown) => databaseErrorCode(error) === 'RSR01';

/** book_reservation (migration 0036) was priced on a rate calendar that changed since: price it again from the database. */
export const isPricingStale = (error: unknown) => databaseErrorCode(error) === 'RSP01';

/** book_reservation (migration 0039) was given rooms, read from the index, that changed since: read them again under their lock. */
export const isRoomsStale = (error: unknown) => databaseErrorCode(error) === 'RSM01';

/** A unique index refused the row: someone else holds the value. */
export const isUniqueViolation = (error: unknown) => databaseErrorCode(error) === '23505';

/** An exclusion constraint refused the row (an overlapping stay). */
export const isExclusionViolation = (error: unknown) => databaseErrorCode(error) === '23P01';

/** A serialisation failure or a deadlock: the transaction did nothing and may simply run again. */
export const isRetryableTransactionError = (error: unknown) => {
  const code = databaseErrorCode(error);
  return code === '40001' || code === '40P01';
};

/**
 * What the log keeps of an error. Query parameters never go to the log: they hold what people
 * typed, password hashes and reset tokens. Drizzle puts them in its error's message ("Failed
 * query: … params: …") and in `params`; PostgreSQL puts row values in `detail` ("Key
 * (email)=(…) already exists"). Kept: the type, our message or the database's own, its SQLSTATE
 * and which constraint, table and column, the SQL text (placeholders only), and the stack.
 */
export function serializeErrorForLog(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const e = error as Error & { query?: unknown; params?: unknown; cause?: unknown; code?: unknown; statusCode?: unknown };
  const isQueryError = 'params' in e && 'query' in e;
  const cause = e.cause instanceof Error ? (e.cause as Error & Record<string, unknown>) : undefined;
  const source = isQueryError && cause ? cause : (e as Error & Record<string, unknown>);
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: e.name,
    message: isQueryError ? (cause?.message ?? 'database query failed') : e.message,
    stack: (isQueryError && cause?.stack) || e.stack || '',
  };
  if (isQueryError && typeof e.query === 'string') out.query = e.query;
  for (const key of ['code', 'statusCode', 'constraint', 'table', 'column', 'severity', 'routine'] as const) {
    if (source[key] !== undefined) out[key] = source[key];
  }
  if (!isQueryError && cause) out.cause = serializeErrorForLog(cause);
  return out;
}
