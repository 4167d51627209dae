import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';

/*
 * Which requests changed what a search answers (issue 32). The database numbers each change of
 * occupancy, rooms, room types and rates for the availability index (migration 0019); a write
 * that made one answers once the index holds it (read your own writes). Which writes did is
 * read here from the statements themselves, as Drizzle runs them: a statement that inserts,
 * updates or deletes rows of a table below, whatever the route or the code that sent it.
 * Requests that changed none of them (an event request, a payment) answer without waiting.
 */

/**
 * The tables whose writes change a search's answer: each has a trigger of the availability feed
 * or of the occupancy table (bookings and blocks fill room_occupancy). availability-writes.test.ts
 * reads the triggers from the database and fails when a table is missing here.
 */
export const AVAILABILITY_TABLES = ['bookings', 'room_blocks', 'room_occupancy', 'rooms', 'room_categories', 'rate_plans', 'rate_days'] as const;

/** Database functions that write one of those tables: a new reservation's one call (migration 0036) inserts bookings. */
const AVAILABILITY_FUNCTIONS = ['book_reservation'] as const;

const WRITE = new RegExp(
  `\\b(?:insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?)\\s+(?:"?public"?\\.)?"?(?:${AVAILABILITY_TABLES.join('|')})"?(?![\\w"])|\\b(?:${AVAILABILITY_FUNCTIONS.join('|')})\\s*\\(`,
  'i',
);

/** Whether a statement writes rows of a table the availability index follows. */
export function writesAvailability(statement: string): boolean {
  return WRITE.test(statement);
}

/** One request's record: whether a statement it ran wrote availability. */
export interface WriteScope {
  changed: boolean;
}
const scopes = new AsyncLocalStorage<WriteScope>();

/** Runs `work` (a request, from its start) in `scope`: the statements it runs are watched. */
export function watchWrites<T>(scope: WriteScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** Drizzle's query logger: marks the current scope when one of its statements writes availability. */
export const availabilityWriteLogger: Logger = {
  logQuery(query) {
    const scope = scopes.getStore();
    if (scope && !scope.changed && writesAvailability(query)) scope.changed = true;
  },
};
