import type { TAuditRecord, TAuditVerify } from '@residency/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, query, useTestApp } from '../../test/app.ts';
import { UNAUDITED_TABLES } from '../../db/audit-connection.ts';
import { anchorChain, verifyChain } from './audit.repository.ts';
import { act, book, confirm, day, HOTEL_ACCOUNTS, pay, smallHotelRooms } from '../../test/stays.ts';

/*
 * The audit trail (issue 35): who changed what, written with the change, append-only, and
 * chained so that an edit made in SQL is found.
 */
const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS, reset: 'file' });

const trail = async (q: string, who = ctx.admin) => {
  const res = await ctx.app.inject({ url: `/api/audit?${q}`, headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: TAuditRecord[]; meta: { total: number } };
};
const verify = async () => (await ctx.app.inject({ url: '/api/audit/verify', headers: ctx.admin.auth })).json() as TAuditVerify;

/** Runs statements on the log as someone with SQL access would: round its triggers. */
async function tamper(statement: ReturnType<typeof sql>) {
  await ctx.app.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
  });
}

let rooms: Record<string, string>;
beforeAll(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin);
});

async function newCoupon(code: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/coupons',
    headers: { ...ctx.admin.auth, 'user-agent': 'AuditTest/1.0' },
    payload: { code, discountType: 'percentage', discountValue: 10, expirationDate: '2031-01-01' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data._id as string;
}

describe('what the trail records', () => {
  it('watches no table whose lone writes are sent without their author (the outboxes)', async () => {
    const watched = await query<{ t: string }>(
      ctx.app,
      sql`select c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'audit'`,
    );
    expect(watched.length).toBeGreaterThan(20);
    for (const table of UNAUDITED_TABLES) expect(watched.map((w) => w.t)).not.toContain(table);
  });

  it('names who changed a coupon, their role then, from where, the route, and the field before and after', async () => {
    const id = await newCoupon('TRAIL10');
    const edit = await ctx.app.inject({ method: 'PATCH', url: `/api/coupons/${id}`, headers: { ...ctx.admin.auth, 'user-agent': 'AuditTest/1.0' }, payload: { discountValue: 15 } });
    expect(edit.statusCode).toBe(200);
    const { data } = await trail(`entity=coupon&entityId=${id}`);
    expect(data.map((r) => r.action)).toEqual(['update', 'create']);
    const [update, create] = data;
    expect(update!.changes).toEqual({ discount_value: [10, 15] });
    expect(update!.actor).toMatchObject({ _id: ctx.admin.id, role: 'admin', label: ctx.admin.email });
    expect(update!.route).toBe('PATCH /api/coupons/:id');
    expect(update!.ip).toBe('127.0.0.1');
    expect(update!.userAgent).toBe('AuditTest/1.0');
    expect(create!.changes).toMatchObject({ code: [null, 'TRAIL10'], discount_value: [null, 10] });
  });

  it('keeps a role change with the role before and after, by the admin who made it', async () => {
    const person = await createUser(ctx.app, { role: 'user' });
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/users/${person.id}`, headers: ctx.admin.auth, payload: { role: 'staff' } });
    expect(res.statusCode).toBe(200);
    const { data } = await trail(`entity=user&entityId=${person.id}&action=update`);
    expect(data[0]!.changes).toMatchObject({ role: ['user', 'staff'] });
    expect(data[0]!.actor._id).toBe(ctx.admin.id);
  });

  it('records sign-ins and failed sign-ins, and never copies a password', async () => {
    const person = await createUser(ctx.app, { role: 'staff', password: 'Right#Pass2026' });
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.email, password: 'Wrong#Pass2026' } });
    expect(wrong.statusCode).toBe(401);
    const right = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.email, password: 'Right#Pass2026' } });
    expect(right.statusCode).toBe(200);
    const token = right.json().data.token as string;
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${token}` },
      payload: { currentPassword: 'Right#Pass2026', newPassword: 'Newer#Pass2026' },
    });
    expect(change.statusCode).toBe(200);
    const { data } = await trail(`entity=user&entityId=${person.id}`);
    expect(data.map((r) => r.action)).toEqual(['update', 'password-changed', 'sign-in', 'sign-in-failed', 'create']);
    expect(data.find((r) => r.action === 'sign-in-failed')).toMatchObject({ actor: { _id: null, role: 'guest' }, changes: { email: [null, person.email] } });
    expect(data.find((r) => r.action === 'sign-in')!.actor).toMatchObject({ _id: person.id, role: 'staff' });
    expect(data.find((r) => r.action === 'update')!.changes!.password_hash).toEqual([{ hidden: true }, { hidden: true }]);
    // No password, and no hash of one, anywhere in the trail.
    const text = JSON.stringify((await query(ctx.app, sql`select changes from audit_log`)).map((r) => r.changes));
    expect(text).not.toMatch(/Right#Pass|Newer#Pass|Wrong#Pass|\$argon2|\$2[aby]\$/);
  });

  it('a failed sign-in for an e-mail with no account is kept too, with the address typed', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': 'curl/8' }, payload: { email: 'nobody@example.com', password: 'Whatever#1234' } });
    const { data } = await trail('action=sign-in-failed');
    expect(data[0]).toMatchObject({ entityId: null, userAgent: 'curl/8', changes: { email: [null, 'nobody@example.com'] } });
  });

  it("shows a reservation's history: its booking, folio lines and payments, by whom", async () => {
    const made = await book(ctx.app, ctx.guest, rooms['101']!, day(400), day(402));
    expect(made.statusCode).toBe(201);
    const booking = made.json().data as { _id: string; reservationId: string };
    expect((await pay(ctx.app, ctx.staff, booking._id, { amount: 1000, method: 'cash' })).statusCode).toBe(201);
    const charge = await ctx.app.inject({ method: 'POST', url: `/api/reservations/${booking.reservationId}/charges`, headers: ctx.staff.auth, payload: { chargeType: 'laundry', unitPrice: 500, quantity: 1 } });
    expect(charge.statusCode).toBe(201);
    const { data } = await trail(`entity=reservation&entityId=${booking.reservationId}&limit=200`);
    const entities = new Set(data.map((r) => r.entity));
    expect([...entities]).toEqual(expect.arrayContaining(['reservation', 'booking', 'folio-line', 'payment']));
    const created = data.find((r) => r.entity === 'booking' && r.action === 'create')!;
    expect(created.actor._id).toBe(ctx.guest.id);
    // The booking's record carries its price; its first lines, priced with it, are not copied one by one.
    expect(created.changes).toMatchObject({ nights: [null, 2], amount: [null, expect.any(Number)], vat: [null, expect.any(Number)] });
    const lines = data.filter((r) => r.entity === 'folio-line');
    expect(lines.map((l) => l.route)).toEqual(lines.map(() => 'POST /api/reservations/:id/charges'));
    expect(lines[0]!.actor._id).toBe(ctx.staff.id);
    const payment = data.find((r) => r.entity === 'payment')!;
    expect(payment).toMatchObject({ actor: { _id: ctx.staff.id, role: 'staff' }, route: 'POST /api/bookings/:id/payments' });
    expect(payment.changes!.amount).toEqual([null, 1000]);
  });

  it('hides the details of a registration card: only which fields changed', async () => {
    const made = await book(ctx.app, ctx.guest, rooms['102']!, day(410), day(411));
    const id = made.json().data._id as string;
    const card = { kind: 'adult', fullName: 'Karim Ahmed', idType: 'nid', idNumber: '1990123456789' };
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/bookings/${id}/guests`, headers: ctx.guest.auth, payload: { guests: [card] } });
    expect(res.statusCode).toBe(200);
    const rows = await query<{ changes: unknown }>(ctx.app, sql`select changes from audit_log where entity = 'guest-card' and parent_id = ${id}`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0]!.changes)).not.toMatch(/Karim|1990123456789/);
    expect(rows[0]!.changes).toMatchObject({ full_name: [null, { hidden: true }], id_number: [null, { hidden: true }] });
  });

  it('writes nothing for a change that failed: the record and the change commit together', async () => {
    const before = await verify();
    const dup = await ctx.app.inject({ method: 'POST', url: '/api/coupons', headers: ctx.admin.auth, payload: { code: 'TRAIL10', discountType: 'fixed', discountValue: 5, expirationDate: '2031-01-01' } });
    expect(dup.statusCode).toBe(409);
    expect((await verify()).head.seq).toBe(before.head.seq);
  });

  it('records a change of the checked-in state as the desk makes it', async () => {
    const made = await book(ctx.app, ctx.guest, rooms['101']!, day(0), day(1));
    const id = made.json().data._id as string;
    expect((await confirm(ctx.app, ctx.staff, id)).statusCode).toBe(200);
    expect((await act(ctx.app, ctx.staff, id, 'check-in')).statusCode).toBe(200);
    const { data } = await trail(`entity=booking&entityId=${id}&action=update`);
    const checkIn = data.find((r) => r.route === 'POST /api/bookings/:id/check-in')!;
    expect(checkIn.actor._id).toBe(ctx.staff.id);
    expect(checkIn.changes!.stage).toEqual(['booked', 'checked_in']);
  });
});

describe('who may read it', () => {
  it('is for admins only', async () => {
    for (const who of [ctx.staff, ctx.guest]) {
      expect((await ctx.app.inject({ url: '/api/audit', headers: who.auth })).statusCode).toBe(403);
      expect((await ctx.app.inject({ url: '/api/audit/verify', headers: who.auth })).statusCode).toBe(403);
      expect((await ctx.app.inject({ url: '/api/audit.csv', headers: who.auth })).statusCode).toBe(403);
    }
  });

  it('filters by person, action and days, and exports the same as CSV', async () => {
    const { data } = await trail(`actor=${ctx.staff.id}`);
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((r) => r.actor._id === ctx.staff.id)).toBe(true);
    expect((await trail('from=2020-01-01&to=2020-01-02')).meta.total).toBe(0);
    const csv = await ctx.app.inject({ url: `/api/audit.csv?actor=${ctx.staff.id}`, headers: ctx.admin.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('"Who"');
    expect(lines).toHaveLength(data.length + 1);
    expect(lines[1]).toContain(ctx.staff.email!);
  });

  it('answers 400 to a filter that is not one', async () => {
    for (const q of ['entity=planet', 'action=dance', 'actor=nobody', 'from=yesterday', 'limit=1000']) {
      expect((await ctx.app.inject({ url: `/api/audit?${q}`, headers: ctx.admin.auth })).statusCode, q).toBe(400);
    }
  });
});

describe('append-only and tamper-evident', () => {
  it('refuses to update, delete or truncate a record, even in SQL', async () => {
    for (const statement of [sql`update audit_log set actor_label = 'someone else' where seq = 1`, sql`delete from audit_log where seq = 1`, sql`truncate audit_log`, sql`truncate audit_anchors`]) {
      const refused = await query(ctx.app, statement).then(() => undefined, (error: Error & { cause?: Error }) => error.cause?.message ?? error.message);
      expect(refused).toMatch(/append-only/);
    }
    expect((await verify()).ok).toBe(true);
  });

  it('the chain holds after many changes at once', async () => {
    const codes = Array.from({ length: 12 }, (_, i) => `RACE${i}`);
    await Promise.all(codes.map((code) => newCoupon(code)));
    const result = await verify();
    expect(result).toMatchObject({ ok: true, firstBroken: null });
    expect(result.checked).toBe(result.head.seq);
  });

  it('names a record edited in SQL, and one deleted', async () => {
    const id = await newCoupon('TAMPER');
    await newCoupon('AFTER');
    const [record] = await query<{ seq: string; actor_label: string }>(ctx.app, sql`select seq, actor_label from audit_log where entity = 'coupon' and entity_id = ${id}`);
    const seq = Number(record!.seq);
    // Someone with SQL access makes the coupon look created by another.
    await tamper(sql`update audit_log set actor_label = 'innocent@example.com' where seq = ${seq}`);
    const edited = await verify();
    expect(edited.ok).toBe(false);
    expect(edited.firstBroken).toMatchObject({ seq });
    expect(edited.firstBroken!.reason).toMatch(/changed after it was written/);
    expect(edited.checked).toBe(seq - 1);
    await tamper(sql`update audit_log set actor_label = ${record!.actor_label} where seq = ${seq}`);
    expect((await verify()).ok).toBe(true);

    // Deleting it instead leaves a gap, found the same way.
    await query(ctx.app, sql`create table audit_saved as select * from audit_log where seq = ${seq}`);
    await tamper(sql`delete from audit_log where seq = ${seq}`);
    const deleted = await verify();
    expect(deleted.firstBroken).toMatchObject({ seq: seq + 1 });
    expect(deleted.firstBroken!.reason).toMatch(/missing/);
    await query(ctx.app, sql`insert into audit_log select * from audit_saved`);
    await query(ctx.app, sql`drop table audit_saved`);
    expect((await verify()).ok).toBe(true);
  });

  it('names records cut off the end, by the last record a closed day or a backup wrote down', async () => {
    await newCoupon('ANCHOR1');
    const head = await ctx.app.db.transaction((tx) => anchorChain(tx, 'a test'));
    await newCoupon('ANCHOR2');
    await tamper(sql`delete from audit_log where seq >= ${head.seq - 1}`);
    const cut = await verifyChain(ctx.app.db);
    expect(cut.ok).toBe(false);
    expect(cut.firstBroken).toMatchObject({ seq: head.seq - 1 });
    expect(cut.firstBroken!.reason).toMatch(/missing.*written down by a test/);
  });
});
