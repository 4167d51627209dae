import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { saveCategory } from '../../test/rooms.ts';

/*
 * Read your own writes, whatever the route (issue 32): a write answers once this process's
 * availability index holds what it changed, because the database numbered the change, not
 * because its URL is on a list. The route below is one the app does not have, under a prefix
 * no list of availability routes held; it changes rooms in plain SQL.
 */
const t = useTestApp({
  reset: 'file',
  accounts: { admin: true },
  routes: (app) => {
    app.post('/api/elsewhere/out-of-service/:number', { config: { access: 'public' } }, async (request) => {
      const { number } = request.params as { number: string };
      await app.db.execute(sql`update rooms set status = 'maintenance' where room_number = ${number}`);
      return { done: true };
    });
  },
});

const inMaintenance = () =>
  (t.app.availability.findRooms({ page: 1, limit: 50, status: 'maintenance' }) ?? { rooms: [] }).rooms.map(
    (json) => (JSON.parse(json.toString()) as { room_overview: { room_number: string } }).room_overview.room_number,
  );

describe('a write under any route', () => {
  it('answers once the index holds its change: the next search, in memory, already sees it', async () => {
    expect((await saveCategory(t.app, t.admin.auth, 'Elsewhere', { roomNumbers: 'E1, E2, E3, E4, E5' })).statusCode).toBe(200);
    const seen: string[][] = [];
    for (const number of ['E1', 'E2', 'E3', 'E4', 'E5']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/elsewhere/out-of-service/${number}` });
      expect(res.statusCode, res.body).toBe(200);
      // No wait here: what the index holds the moment the answer arrived.
      seen.push(inMaintenance().sort());
    }
    expect(seen).toEqual([['E1'], ['E1', 'E2'], ['E1', 'E2', 'E3'], ['E1', 'E2', 'E3', 'E4'], ['E1', 'E2', 'E3', 'E4', 'E5']]);
  });
});
