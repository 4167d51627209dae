import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { saveCategory } from '../../test/rooms.ts';

/*
 * Read your own writes when commits finish out of the order their change numbers were drawn: the
 * index has then heard the higher number first, and must still wait for the lower one.
 */
const t = useTestApp({ reset: 'file', accounts: { admin: true } });

const maintenanceRooms = () =>
  (t.app.availability.findRooms({ page: 1, limit: 50, status: 'maintenance' }) ?? { rooms: [] }).rooms.map(
    (json) => (JSON.parse(json.toString()) as { room_overview: { room_number: string } }).room_overview.room_number,
  );

describe('caughtUp', () => {
  // Two transactions at once need two connections: a PostgreSQL server (PGlite has one).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'waits for a change whose number was drawn first but committed after a later one (PostgreSQL)',
    async () => {
      const { app } = t;
      expect((await saveCategory(app, t.admin.auth, 'Cabin', { roomNumbers: 'C1, C2' })).statusCode).toBe(200);
      await app.availability.caughtUp();

      // A: draws its change number, then holds its commit.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let drawn!: () => void;
      const written = new Promise<void>((resolve) => (drawn = resolve));
      const a = app.db.transaction(async (tx) => {
        await tx.execute(sql`update rooms set status = 'maintenance' where room_number = 'C1'`);
        drawn();
        await held;
      });
      await written;
      // B: draws the next number and commits at once; the index hears B's number, not yet A's.
      await app.db.execute(sql`update rooms set status = 'maintenance' where room_number = 'C2'`);

      const caught = app.availability.caughtUp();
      setTimeout(release, 60);
      await caught;
      const seen = maintenanceRooms().sort();
      await a;
      expect(seen).toEqual(['C1', 'C2']);
    },
  );
});
