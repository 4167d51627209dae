import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { query, useTestApp } from '../../test/app.ts';
import { book, confirm, day, HOTEL_ACCOUNTS, smallHotelRooms, walkIn as deskWalkIn } from '../../test/stays.ts';
import { checkInUrlOf, runPreArrivalPass } from './pre-arrival.ts';

const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
let rooms: Record<string, string>;
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin, { Twin: { rooms: '301, 302', price: 5000 } });
});

const smsRows = () => query<{ kind: string; to: string; body: string }>(ctx.app, sql`select kind, "to", body from outbox_sms order by id`);
const walkIn = (guest: { name: string }, phone: string, room: string, from: number, to: number) =>
  deskWalkIn(ctx.app, ctx.staff, { roomId: rooms[room], checkIn: day(from), checkOut: day(to), adults: 1, phone, guest });

describe('the pre-arrival message', () => {
  it('goes once, two days before arrival, by mail and SMS with the online check-in link, only for confirmed rooms not checked in', async () => {
    const soon = await walkIn({ name: 'Walk In' }, '01711-555000', '101', 2, 3);
    const guest = await book(ctx.app, ctx.guest, rooms['102']!, day(2), day(4), { phone: '01911-000222' });
    const unconfirmed = await book(ctx.app, ctx.guest, rooms['301']!, day(2), day(3), { phone: '01911-000222' });
    const later = await walkIn({ name: 'Later' }, '01711-555001', '302', 3, 4);
    for (const r of [soon, guest, unconfirmed, later]) expect(r.statusCode).toBe(201);
    expect((await confirm(ctx.app, ctx.staff, guest.json().data._id)).statusCode).toBe(200);
    await query(ctx.app, sql`delete from outbox_sms`);
    await query(ctx.app, sql`delete from outbox_mails`);

    const deps = { db: ctx.app.db, mailer: ctx.app.mailer, sms: ctx.app.sms, config: ctx.app.config };
    // Two passes at once (two processes): each room once.
    const counts = await Promise.all([runPreArrivalPass(deps), runPreArrivalPass(deps)]);
    expect(counts[0]! + counts[1]!).toBe(2);
    expect(await runPreArrivalPass(deps)).toBe(0);

    const soonId = soon.json().data.bookings[0]._id as string;
    const guestId = guest.json().data._id as string;
    const texts = await smsRows();
    expect(texts.map((s) => [s.kind, s.to]).sort()).toEqual([
      ['PRE_ARRIVAL', '8801711555000'],
      ['PRE_ARRIVAL', '8801911000222'],
    ]);
    expect(texts.find((s) => s.to === '8801711555000')!.body).toContain(checkInUrlOf(ctx.app.config, soonId));
    const mails = await query<{ kind: string; to: string; text: string }>(ctx.app, sql`select kind, "to", text from outbox_mails`);
    expect(mails.map((m) => [m.kind, m.to])).toEqual([['PRE_ARRIVAL', ctx.guest.email]]);
    expect(mails[0]!.text).toContain(`${ctx.app.config.publicUrl}/user/my-bookings/${guestId}/check-in`);
    const marked = await query<{ id: string }>(ctx.app, sql`select id from bookings where pre_arrival_sent_at is not null order by id`);
    expect(marked.map((m) => m.id).sort()).toEqual([soonId, guestId].sort());
  });
});
