import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { instantAt, type TNightAuditDay } from '@residency/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox, query, useTestApp } from '../../test/app.ts';
import { act, day, HOTEL_ACCOUNTS, pay, placeStay, smallHotelRooms, today } from '../../test/stays.ts';
import { closeDay, closeDueDays } from './night-audit.service.ts';
import { renderDayReport } from './owner-report.ts';

/*
 * The night audit (issue 35): a day closes in order, once, with what it left open listed and a
 * note when items stay open; its figures freeze; nothing can be dated in it afterwards.
 */
const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS, reset: 'file', env: { OWNER_EMAIL: 'owner@residency.test', OWNER_LANGUAGE: 'bn' } });

const tz = () => ctx.app.config.hotel.timeZone;
const deps = () => ({ db: ctx.app.db, config: ctx.app.config, mailer: ctx.app.mailer });
const dayOf = async (date: string, who = ctx.staff) => {
  const res = await ctx.app.inject({ url: `/api/night-audit/${date}`, headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.json().data as TNightAuditDay;
};
const close = (date: string, body: Record<string, unknown> = {}, who = ctx.staff) =>
  ctx.app.inject({ method: 'POST', url: `/api/night-audit/${date}/close`, headers: who.auth, payload: body });

let rooms: Record<string, string>;
let arrival: { _id: string; reservationId: string };
let stayer: { _id: string; reservationId: string };
beforeAll(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin, { Family: { rooms: '201, 202', price: 9000 } });
  // The hotel's rooms were there long before the days the test closes.
  await query(ctx.app, sql`update rooms set created_at = now() - interval '1 year'`);
  // The night audit began four days ago: days since then close in order.
  await query(ctx.app, sql`insert into app_meta (key, value) values ('night-audit-from', ${day(-4)}) on conflict (key) do update set value = excluded.value`);
  // A guest due on day -4 who never came, and one who stayed days -4 to -1, checked in and paid in part.
  arrival = (await placeStay(ctx.app, ctx.guest, rooms['101']!, day(-4), day(-2))) as unknown as typeof arrival;
  stayer = (await placeStay(ctx.app, ctx.guest, rooms['201']!, day(-4), day(-1))) as unknown as typeof stayer;
  await query(ctx.app, sql`update bookings set is_confirmed = true, stage = 'checked_in', checked_in_at = now() where id = ${stayer._id}`);
  expect((await pay(ctx.app, ctx.staff, stayer._id, { amount: 5000, method: 'cash', paidAt: instantAt(day(-4), '15:00', tz()).toISOString() })).statusCode).toBe(201);
});

describe('a day before it closes', () => {
  it('says which days may close: today has not ended, days close in order, days before the night audit are not closed', async () => {
    expect(await dayOf(today())).toMatchObject({ state: 'not-ended', canClose: false });
    expect(await dayOf(day(-5))).toMatchObject({ state: 'before-start', canClose: false });
    expect(await dayOf(day(-4))).toMatchObject({ state: 'open', canClose: true, blockedBy: null });
    expect(await dayOf(day(-3))).toMatchObject({ state: 'open', canClose: false, blockedBy: day(-4) });
    const early = await close(day(-3), { note: 'skip' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'EARLIER_DAY_OPEN', day: day(-4) });
    expect((await close(today(), { note: 'too soon' })).json().code).toBe('DAY_NOT_ENDED');
  });

  it('lists what the day left open, and its figures so far', async () => {
    const d = await dayOf(day(-4));
    const kinds = d.openItems.map((i) => `${i.kind} ${i.roomNumber}`);
    expect(kinds).toEqual(expect.arrayContaining(['arrival 101', 'balance-due 201', 'registration 201']));
    expect(d.figures).toMatchObject({ roomsAvailable: 4, roomsSold: 2, arrivals: 2 });
    expect(d.figures.payments.byMethod).toEqual([{ method: 'cash', received: 5000, refunded: 0 }]);
    expect(d.figures.cash).toBe(5000);
    expect(d.figures.roomRevenue).toBe(16_500);
    expect(d.figures.occupancy).toBe(0.5);
    expect(d.figures.adr).toBe(8250);
  });

  it('a guest may not see it', async () => {
    expect((await ctx.app.inject({ url: `/api/night-audit/${day(-4)}`, headers: ctx.guest.auth })).statusCode).toBe(403);
    expect((await close(day(-4), {}, ctx.guest)).statusCode).toBe(403);
  });

  it('will not close with items open unless a note says why', async () => {
    const res = await close(day(-4));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'NOTE_REQUIRED', errors: [{ path: 'note' }] });
    expect((await dayOf(day(-4))).state).toBe('open');
  });
});

describe('closing a day', () => {
  it('marks the arrival a no-show, closes with a note, freezes the figures and mails the owner', async () => {
    expect((await act(ctx.app, ctx.staff, arrival._id, 'no-show')).statusCode).toBe(200);
    const items = (await dayOf(day(-4))).openItems;
    expect(items.map((i) => i.kind)).not.toContain('arrival');
    const res = await close(day(-4), { note: 'Room 201 pays at check-out; cards to follow.' });
    expect(res.statusCode).toBe(200);
    const closed = res.json().data as TNightAuditDay;
    expect(closed).toMatchObject({ state: 'closed', canClose: false, closed: { note: 'Room 201 pays at check-out; cards to follow.', by: { _id: ctx.staff.id, role: 'staff' } } });
    expect(closed.figures.noShows).toBe(1);
    expect(closed.closed!.openItems.map((i) => i.kind)).toEqual(expect.arrayContaining(['balance-due', 'registration']));
    // Closing it again is refused, naming the day.
    expect((await close(day(-4), { note: 'again' })).json()).toMatchObject({ code: 'DAY_ALREADY_CLOSED', day: day(-4) });
    // The owner's report, in Bengali, with the day's PDF.
    const mail = (await outbox(ctx.app)).find((m) => m.kind === 'owner-day-report');
    expect(mail).toMatchObject({ to: 'owner@residency.test' });
    expect(mail!.subject).toContain('দিনের প্রতিবেদন');
    // The close is in the audit trail, its chain's last record written down.
    const [anchor] = await query<{ reason: string }>(ctx.app, sql`select reason from audit_anchors`);
    expect(anchor!.reason).toBe(`day closed ${day(-4)}`);
  });

  it("draws the owner's PDF in Bengali, with Bengali digits", async () => {
    const pdf = await renderDayReport(ctx.app.db, ctx.app.config, day(-4), null);
    const dir = mkdtempSync(path.join(tmpdir(), 'day-report-'));
    writeFileSync(path.join(dir, 'r.pdf'), pdf);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    // Words with no sign drawn before its consonant (ি, ে): the text layer keeps the drawn order.
    const flat = text.replace(/\s+/g, '');
    for (const word of ['আগমন', 'প্রস্থান', 'ভ্যাট', 'অন্যান্য']) expect(flat, word).toContain(word);
    expect(text).toContain('৫,০০০');
    expect(text).not.toMatch(/\b5,000\b/);
  });

  it('keeps the frozen figures though money moves later', async () => {
    const before = (await dayOf(day(-4))).figures;
    expect((await pay(ctx.app, ctx.staff, stayer._id, { amount: 1000, method: 'card' })).statusCode).toBe(201);
    expect((await dayOf(day(-4))).figures).toEqual(before);
  });
});

describe('a closed day is locked', () => {
  const closedAt = () => instantAt(day(-4), '18:00', tz()).toISOString();

  it('refuses a payment dated in it, on every money route, naming the day', async () => {
    const routes = [
      { url: `/api/bookings/${stayer._id}/payments`, payload: { amount: 100, method: 'cash', paidAt: closedAt() } },
      { url: `/api/reservations/${stayer.reservationId}/payments`, payload: { amount: 100, method: 'cash', paidAt: closedAt() } },
    ];
    for (const r of routes) {
      const res = await ctx.app.inject({ method: 'POST', url: r.url, headers: ctx.staff.auth, payload: r.payload });
      expect(res.statusCode, r.url).toBe(409);
      expect(res.json(), r.url).toMatchObject({ code: 'DAY_CLOSED', day: day(-4) });
      expect(res.json().message).toContain(day(-4));
    }
  });

  it('refuses a charge dated in it, and dates a correction of its lines on the open day', async () => {
    const charge = await ctx.app.inject({
      method: 'POST',
      url: `/api/reservations/${stayer.reservationId}/charges`,
      headers: ctx.staff.auth,
      payload: { chargeType: 'laundry', unitPrice: 500, quantity: 1, serviceDate: day(-4) },
    });
    expect(charge.statusCode).toBe(409);
    expect(charge.json()).toMatchObject({ code: 'DAY_CLOSED', day: day(-4) });
    const [line] = await query<{ id: string }>(ctx.app, sql`select id::text as id from folio_lines where booking_id = ${stayer._id} and kind = 'room' and service_date = ${day(-4)}::date`);
    const reversal = await ctx.app.inject({ method: 'POST', url: `/api/reservations/${stayer.reservationId}/reversals`, headers: ctx.staff.auth, payload: { lineId: line!.id, reason: 'Complimentary night' } });
    expect(reversal.statusCode).toBe(201);
    const [corrected] = await query<{ service_date: string }>(ctx.app, sql`select service_date::text from folio_lines where reverses = ${line!.id}::bigint`);
    expect(corrected!.service_date).toBe(day(-3));
  });

  it('refuses a rate for a night that has passed the night audit', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/rates/bulk', headers: ctx.admin.auth, payload: { category: 'Deluxe King', from: day(-4), to: day(-4), price: 9999 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DAY_CLOSED', day: day(-4) });
    const night = await ctx.app.inject({ method: 'POST', url: `/api/bookings/${stayer._id}/night-prices`, headers: ctx.staff.auth, payload: { nights: [{ date: day(-4), price: 100 }], reason: 'Goodwill' } });
    expect(night.statusCode).toBe(409);
    expect(night.json().code).toBe('DAY_CLOSED');
  });
});

describe('the closing hour', () => {
  it('catches up day by day after missed nights, each day once even when two closes race', async () => {
    const now = instantAt(today(), '03:00', tz());
    const log = ctx.app.log;
    const [a, b] = await Promise.all([closeDueDays(deps(), log, now), closeDueDays(deps(), log, now)]);
    expect([...a, ...b].sort()).toEqual([day(-3), day(-2), day(-1)]);
    const closed = await query<{ day: string; closed_by_role: string; note: string | null }>(ctx.app, sql`select day::text, closed_by_role, note from business_days order by day`);
    expect(closed.map((d) => d.day)).toEqual([day(-4), day(-3), day(-2), day(-1)]);
    expect(closed.slice(1).every((d) => d.closed_by_role === 'system')).toBe(true);
    // The system's own note where items stayed open.
    expect(closed.find((d) => d.note?.startsWith('Closed by the system'))).toBeTruthy();
    expect((await outbox(ctx.app)).filter((m) => m.kind === 'owner-day-report')).toHaveLength(4);
    // Nothing more is due until tomorrow's closing hour.
    expect(await closeDueDays(deps(), log, now)).toEqual([]);
    await expect(closeDay(deps(), today(), {}, { id: null, role: 'system' }, now)).rejects.toMatchObject({ code: 'DAY_NOT_ENDED' });
  });
});

describe("the dashboard's reports", () => {
  const stats = async () => {
    const res = await ctx.app.inject({ url: `/api/admin?from=${day(-4)}&to=${day(-1)}`, headers: ctx.admin.auth });
    expect(res.statusCode).toBe(200);
    return res.json().data as { roomNightsSold: number; roomNightsAvailable: number; roomRevenue: number; totalIncome: number; occupancy: number };
  };

  it('read closed days from their frozen figures: a stay cancelled over them afterwards changes nothing the owner was shown', async () => {
    const frozen = await query<{ figures: { roomsSold: number; roomsAvailable: number; roomRevenue: number; payments: { received: number; refunded: number } } }>(
      ctx.app,
      sql`select figures from business_days where day between ${day(-4)}::date and ${day(-1)}::date order by day`,
    );
    expect(frozen).toHaveLength(4);
    const sum = (pick: (f: (typeof frozen)[number]['figures']) => number) => frozen.reduce((s, r) => s + pick(r.figures), 0);
    const shown = await stats();
    expect(shown).toMatchObject({
      roomNightsSold: sum((f) => f.roomsSold),
      roomNightsAvailable: sum((f) => f.roomsAvailable),
      roomRevenue: sum((f) => f.roomRevenue),
      totalIncome: sum((f) => f.payments.received - f.payments.refunded),
    });
    expect(shown.roomNightsSold).toBeGreaterThan(0);
    // The stay of days -4 to -1 is cancelled after the days closed (in SQL: no route cancels a stay
    // already in the house): the live daily totals lose its nights, the closed days keep them.
    await query(ctx.app, sql`update bookings set status = 'cancelled', stage = 'booked', checked_in_at = null, cancelled_at = now() where id = ${stayer._id}`);
    const [live] = await query<{ nights: number }>(ctx.app, sql`select coalesce(sum(arrivals), 0)::int as nights from daily_totals_now where day = ${day(-4)}::date`);
    expect(live!.nights).toBe(0);
    expect(await stats()).toEqual(shown);
  });
});
