import pg from 'pg';

/*
 * pg's `pool.query` hands its connection back with the statement's error, and the pool then closes
 * that connection, whatever the error was. A booking the database refuses (the stay just taken,
 * RSP01, RSM01: issue 36's one call goes through `pool.query`) is an answer, not a broken
 * connection; closing it made the next request open a new one, log in and compile the booking
 * function and its triggers again. As the calendar filled and refusals grew, bookings/s fell by
 * half within a minute of load (bench/bookings.ts; every connection lived 1–3 s).
 *
 * Here an error the server sent about the statement (a `DatabaseError` of severity ERROR: the
 * statement failed, the connection is fine and, outside an explicit transaction, back to idle)
 * keeps the connection in the pool. Any other error still closes it: the socket closed, a timeout,
 * the server ending the session (FATAL, or the classes 08 "connection exception" and 57 "operator
 * intervention", such as a shutdown or pg_terminate_backend). Callback-style calls are left as
 * they are.
 */

/** Whether an error was about the statement alone, leaving its connection usable. */
export function statementOnly(error: unknown): boolean {
  return (
    error instanceof pg.DatabaseError &&
    error.severity === 'ERROR' &&
    !/^(08|57)/.test(error.code ?? '')
  );
}

/** Makes `pool.query` keep its connection when only the statement failed (statementOnly). */
export function keepConnectionsOnServerErrors(pool: pg.Pool): void {
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') return original(...args);
    return (async () => {
      const client = await pool.connect();
      let failure: Error | undefined;
      try {
        return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        if (!statementOnly(error)) failure = error as Error;
        throw error;
      } finally {
        client.release(failure);
      }
    })();
  };
}
