import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query, useTestApp } from '../../test/app.ts';
import { day, smallHotelRooms, walkIn } from '../../test/stays.ts';

/*
 * The phone's one-time code (issue 34): 6 digits by SMS, 5 minutes, 5 tries, at most 3 codes to
 * a number in 15 minutes and 10 from an address in an hour; the guest's own profile phone, or,
 * for the desk, a guest's registration card.
 */

const ctx = useTestApp();
const PHONE = '01711-424242';

/** The code of the newest PHONE_CODE SMS (the outbox keeps the body). */
async function lastCode(): Promise<string> {
  const [sms] = await query<{ body: string; to: string }>(ctx.app, sql`select body, "to" from outbox_sms where kind = 'PHONE_CODE' order by id desc limit 1`);
  return /\b(\d{6})\b/.exec(sms!.body)![1]!;
}

const ask = (who: { auth: Record<string, string> }, payload: Record<string, unknown>, ip = '203.0.113.7') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/phone/verify-request', headers: who.auth, payload, remoteAddress: ip });
const verify = (who: { auth: Record<string, string> }, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/phone/verify', headers: who.auth, payload });

async function withProfilePhone(phone = PHONE) {
  const res = await ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers: ctx.guest.auth, payload: { phone } });
  expect(res.statusCode).toBe(200);
}

/** A registration card of a walk-in's room with a phone (written in SQL: the cards' API is another module's). */
async function cardWithPhone(phone: string): Promise<string> {
  const rooms = await smallHotelRooms(ctx.app, ctx.admin);
  const res = await walkIn(ctx.app, ctx.staff, { roomId: rooms['101'], checkIn: day(3), checkOut: day(4), adults: 1, phone, guest: { name: 'Card Guest' } });
  expect(res.statusCode).toBe(201);
  const [card] = await query<{ id: string }>(
    ctx.app,
    sql`insert into guest_cards (booking_id, position, kind, full_name, phone) values (${res.json().data.bookings[0]._id}, 0, 'adult', 'Card Guest', ${phone}) returning id`,
  );
  return card!.id;
}

describe('POST /api/auth/phone/verify-request and /verify for the profile phone', () => {
  it('sends a 6-digit code by SMS; the right code verifies the profile phone, a change of phone unverifies it', async () => {
    await withProfilePhone();
    const sent = await ask(ctx.guest, { phone: '+880 1711 424242' });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ success: true, message: 'Code sent', data: { phone: '8801711424242' } });
    const expires = new Date(sent.json().data.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(4 * 60_000);
    expect(expires).toBeLessThanOrEqual(5 * 60_000 + 2000);
    const [sms] = await query<{ to: string; body: string }>(ctx.app, sql`select "to", body from outbox_sms`);
    expect(sms!.to).toBe('8801711424242');
    const code = await lastCode();
    // Only the hash is kept.
    const [row] = await query<{ code_hash: string }>(ctx.app, sql`select code_hash from phone_codes`);
    expect(row!.code_hash).not.toContain(code);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const ok = await verify(ctx.guest, { phone: PHONE, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ phone: '8801711424242', cardId: null });
    const me = (await ctx.app.inject({ url: '/api/auth/me', headers: ctx.guest.auth })).json().data;
    expect(me.phoneVerifiedAt).not.toBeNull();
    // Used: the same code again finds nothing.
    expect((await verify(ctx.guest, { phone: PHONE, code })).json().code).toBe('CODE_NOT_FOUND');

    // The same number written otherwise stays verified; another number is not.
    await withProfilePhone('+8801711424242');
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: ctx.guest.auth })).json().data.phoneVerifiedAt).not.toBeNull();
    await withProfilePhone('01811-000000');
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: ctx.guest.auth })).json().data.phoneVerifiedAt).toBeNull();
  });

  it('refuses a number that is not on the profile, and one that cannot receive SMS', async () => {
    await withProfilePhone();
    const other = await ask(ctx.guest, { phone: '01811-999999' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('PHONE_MISMATCH');
    const bad = await ask(ctx.guest, { phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(await query(ctx.app, sql`select * from outbox_sms`)).toEqual([]);
  });

  it('counts wrong codes: five wrong tries and the code is dead, even the right one', async () => {
    await withProfilePhone();
    await ask(ctx.guest, { phone: PHONE });
    const code = await lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await verify(ctx.guest, { phone: PHONE, code: wrong });
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages[0]).toBe('Wrong code. 4 tries left.');
    expect(messages[3]).toBe('Wrong code. 1 try left.');
    expect(messages[4]).toBe('Wrong code. That was the last try: ask for a new code.');
    const dead = await verify(ctx.guest, { phone: PHONE, code });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().code).toBe('CODE_USED_UP');
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: ctx.guest.auth })).json().data.phoneVerifiedAt).toBeNull();
  });

  it('lets a code expire after 5 minutes', async () => {
    await withProfilePhone();
    await ask(ctx.guest, { phone: PHONE });
    const code = await lastCode();
    await query(ctx.app, sql`update phone_codes set created_at = created_at - interval '5 minutes 1 second', expires_at = expires_at - interval '5 minutes 1 second'`);
    const res = await verify(ctx.guest, { phone: PHONE, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_EXPIRED');
  });

  it('sends at most 3 codes to a number in 15 minutes, then again once the window has passed', async () => {
    await withProfilePhone();
    for (let i = 0; i < 3; i += 1) expect((await ask(ctx.guest, { phone: PHONE }, `198.51.100.${i}`)).statusCode).toBe(202);
    const fourth = await ask(ctx.guest, { phone: PHONE }, '198.51.100.9');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(fourth.json().message).toMatch(/^3 codes were sent to this number in the last 15 minutes\. Please wait \d+ minutes and try again\.$/);
    expect(await query(ctx.app, sql`select * from outbox_sms`)).toHaveLength(3);
    await query(ctx.app, sql`update phone_codes set created_at = created_at - interval '15 minutes'`);
    expect((await ask(ctx.guest, { phone: PHONE }, '198.51.100.9')).statusCode).toBe(202);
    // Only the newest code works.
    expect((await verify(ctx.guest, { phone: PHONE, code: await lastCode() })).statusCode).toBe(200);
  });

  it('sends at most 10 codes from one address in an hour', async () => {
    const accounts = [ctx.guest, ctx.staff, ctx.admin];
    let sent = 0;
    for (let n = 0; sent < 10; n += 1) {
      const who = accounts[n % 3]!;
      const phone = `0171100${String(n).padStart(4, '0')}`;
      await ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers: who.auth, payload: { phone } });
      expect((await ask(who, { phone }, '192.0.2.1')).statusCode).toBe(202);
      sent += 1;
    }
    await ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers: ctx.guest.auth, payload: { phone: '01999000000' } });
    const eleventh = await ask(ctx.guest, { phone: '01999000000' }, '192.0.2.1');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toMatch(/^Too many codes were asked for from your connection in the last hour\. Please wait \d+ minutes and try again\.$/);
    // Another address is not held back.
    expect((await ask(ctx.guest, { phone: '01999000000' }, '192.0.2.2')).statusCode).toBe(202);
  });
});

describe('the desk verifies a guest card phone', () => {
  it('lets staff send a code for a card and mark the card verified; a guest may not use cardId', async () => {
    const cardId = await cardWithPhone('01555-123456');
    const guest = await ask(ctx.guest, { phone: '01555-123456', cardId });
    expect(guest.statusCode).toBe(403);
    // Another number than the card's is refused.
    expect((await ask(ctx.staff, { phone: '01555-000000', cardId })).json().code).toBe('PHONE_MISMATCH');
    const sent = await ask(ctx.staff, { phone: '01555123456', cardId });
    expect(sent.statusCode).toBe(202);
    const done = await verify(ctx.staff, { phone: '01555123456', cardId, code: await lastCode() });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.cardId).toBe(cardId);
    const [card] = await query<{ phone_verified_at: Date | null }>(ctx.app, sql`select phone_verified_at from guest_cards where id = ${cardId}`);
    expect(card!.phone_verified_at).not.toBeNull();
  });
});
