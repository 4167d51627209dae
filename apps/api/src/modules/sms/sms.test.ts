import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMS_SAMPLE_VALUES, SMS_TEMPLATE_TYPES, smsLength } from '@residency/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { query, useTestApp } from '../../test/app.ts';
import { book, confirm, day, HOTEL_ACCOUNTS, pay, smallHotelRooms, walkIn as deskWalkIn } from '../../test/stays.ts';
import { SMS_DEFAULTS } from './sms.defaults.ts';
import { renderSms } from './sms.service.ts';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'residency-sms-module-'));
});
const ctx = useTestApp({ env: () => ({ DATA_DIR: dataDir }), accounts: HOTEL_ACCOUNTS });
let rooms: Record<string, string>;
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin, { Twin: { rooms: '301, 302', price: 5000 } });
});

interface SmsRow {
  id: number;
  kind: string;
  to: string;
  body: string;
  status: string;
}
const smsRows = () => query<SmsRow>(ctx.app, sql`select id, kind, "to", body, status from outbox_sms order by id`);
const walkIn = (guest: { name: string; email?: string }, phone: string, room = '101', from = 5, to = 6) =>
  deskWalkIn(ctx.app, ctx.staff, { roomId: rooms[room], checkIn: day(from), checkOut: day(to), adults: 1, phone, guest });

describe('the built-in SMS', () => {
  it('fill at most two segments in either language with the sample values, English in one GSM-7 SMS but for the link', () => {
    for (const type of SMS_TEMPLATE_TYPES) {
      for (const language of ['en', 'bn'] as const) {
        const text = renderSms(SMS_DEFAULTS[type][language], type, language, SMS_SAMPLE_VALUES, ctx.app.config);
        const length = smsLength(text);
        expect(length.segments, `${type} ${language}: ${text}`).toBeLessThanOrEqual(2);
        if (language === 'en') expect(length.encoding, `${type}: ${text}`).toBe('GSM-7');
        expect(text).not.toContain('{{');
      }
    }
    // Taka is "Tk" in English (৳ would make it Unicode), ৳ and Bengali digits in Bengali.
    expect(renderSms(SMS_DEFAULTS.PAYMENT_RECEIVED.en, 'PAYMENT_RECEIVED', 'en', SMS_SAMPLE_VALUES, ctx.app.config)).toContain('Tk 17,077.50');
    expect(renderSms(SMS_DEFAULTS.PAYMENT_RECEIVED.bn, 'PAYMENT_RECEIVED', 'bn', SMS_SAMPLE_VALUES, ctx.app.config)).toContain('৳১৭,০৭৭.৫০');
  });
});

describe('SMS templates: GET, PUT, DELETE /api/sms-templates, POST /api/sms-templates/preview', () => {
  it('lists every type in both languages for an admin, with the default, variables and length', async () => {
    const res = await ctx.app.inject({ url: '/api/sms-templates', headers: ctx.admin.auth });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { type: string; language: string; customised: boolean; body: string; defaultBody: string; variables: string[]; length: { segments: number } }[];
    expect(data).toHaveLength(10);
    expect(data.map((t) => `${t.type}:${t.language}`)).toContain('PRE_ARRIVAL:bn');
    const pre = data.find((t) => t.type === 'PRE_ARRIVAL' && t.language === 'en')!;
    expect(pre).toMatchObject({ customised: false, body: pre.defaultBody });
    expect(pre.variables).toContain('checkInUrl');
  });

  it('is for admins only', async () => {
    for (const who of [ctx.staff, ctx.guest]) {
      expect((await ctx.app.inject({ url: '/api/sms-templates', headers: who.auth })).statusCode).toBe(403);
      const put = await ctx.app.inject({ method: 'PUT', url: '/api/sms-templates/BOOKING_CONFIRMED/en', headers: who.auth, payload: { body: 'x {{reservationId}}' } });
      expect(put.statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ url: '/api/sms-templates' })).statusCode).toBe(401);
  });

  it('saves an admin text, refuses unknown variables and a code SMS without its code, and goes back to the default', async () => {
    const url = '/api/sms-templates/BOOKING_CONFIRMED/bn';
    const unknown = await ctx.app.inject({ method: 'PUT', url, headers: ctx.admin.auth, payload: { body: 'বুকিং {{reservationId}} {{foo}}' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_VARIABLES', message: 'Unknown variables used: {{foo}}' });
    const noCode = await ctx.app.inject({ method: 'PUT', url: '/api/sms-templates/PHONE_CODE/en', headers: ctx.admin.auth, payload: { body: 'Your code is coming' } });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().code).toBe('MISSING_VARIABLES');
    const tooLong = await ctx.app.inject({ method: 'PUT', url, headers: ctx.admin.auth, payload: { body: 'ক'.repeat(1001) } });
    expect(tooLong.statusCode).toBe(400);

    const saved = await ctx.app.inject({ method: 'PUT', url, headers: ctx.admin.auth, payload: { body: 'বুকিং {{reservationId}} নিশ্চিত: {{startDate}}' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ customised: true, body: 'বুকিং {{reservationId}} নিশ্চিত: {{startDate}}', length: { encoding: 'UCS-2' } });

    const preview = await ctx.app.inject({ method: 'POST', url: '/api/sms-templates/preview', headers: ctx.admin.auth, payload: { type: 'BOOKING_CONFIRMED', language: 'bn' } });
    expect(preview.json().data.text).toBe('বুকিং RSV-7K3F9Q2M নিশ্চিত: মঙ্গলবার, ১ ডিসেম্বর, ২০২৬'.replace('মঙ্গলবার, ১ ডিসেম্বর, ২০২৬', preview.json().data.text.split(': ')[1]));
    expect(preview.json().data.text).toMatch(/^বুকিং RSV-7K3F9Q2M নিশ্চিত: .*২০২৬$/);
    const draft = await ctx.app.inject({
      method: 'POST',
      url: '/api/sms-templates/preview',
      headers: ctx.admin.auth,
      payload: { type: 'PAYMENT_RECEIVED', language: 'en', body: 'Got {{amount}} for {{reservationId}}' },
    });
    expect(draft.json().data).toEqual({ text: 'Got Tk 17,077.50 for RSV-7K3F9Q2M', length: { encoding: 'GSM-7', characters: 33, segments: 1, perSegment: 160 } });

    // A booking now gets the admin's text.
    const res = await deskWalkIn(ctx.app, ctx.staff, { roomId: rooms['101'], checkIn: day(5), checkOut: day(6), adults: 1, phone: '01711-000111', guest: { name: 'Nadia' }, language: 'bn' });
    expect(res.statusCode).toBe(201);
    const [sms] = await smsRows();
    expect(sms!.body).toMatch(/^বুকিং RSV-\w+ নিশ্চিত: /);

    const reset = await ctx.app.inject({ method: 'DELETE', url, headers: ctx.admin.auth });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toMatchObject({ customised: false, body: SMS_DEFAULTS.BOOKING_CONFIRMED.bn });
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: ctx.admin.auth })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/sms-templates/NOPE/en', headers: ctx.admin.auth, payload: { body: 'x' } })).statusCode).toBe(400);
  });
});

describe('who gets booking SMS', () => {
  it('a walk-in without an e-mail gets the confirmation by SMS, written as a file with the number on its first line', async () => {
    const res = await walkIn({ name: 'Abdul Karim', email: '' }, '+880 1711-424242');
    expect(res.statusCode).toBe(201);
    const reference = res.json().data.reference as string;
    const [sms] = await smsRows();
    expect(sms).toMatchObject({ kind: 'BOOKING_CONFIRMED', to: '8801711424242' });
    expect(sms!.body).toContain(reference);
    expect(sms!.body).toContain('Tk ');
    await ctx.app.sms.drain();
    // This SMS's file: the directory is shared with the other test files of the run, and ids start
    // again after each reset, so the file is found by this booking's reference.
    const files = (await readdir(path.join(dataDir, 'sms'))).filter((f) => f.endsWith(`-${sms!.id}-booking-confirmed.txt`));
    const texts = await Promise.all(files.map((f) => readFile(path.join(dataDir, 'sms', f), 'utf8')));
    const text = texts.find((t) => t.includes(reference));
    expect(text).toBeDefined();
    expect(text!.split('\n')[0]).toBe('8801711424242');
    expect(text!.split('\n')[1]).toBe('');

    // Paid in full: the receipt by SMS; cancelled: the cancellation.
    const booking = res.json().data.bookings[0];
    expect((await pay(ctx.app, ctx.staff, booking._id, { amount: booking.amount, method: 'bkash' })).statusCode).toBe(201);
    expect((await smsRows()).map((s) => s.kind)).toEqual(['BOOKING_CONFIRMED', 'PAYMENT_RECEIVED']);
    expect((await smsRows())[1]!.body).toContain(reference);
  });

  it('a guest with an e-mail and a Bangladeshi mobile gets SMS by default, none once they turn it off', async () => {
    const online = await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(6), { phone: '01811-777000' });
    expect(online.statusCode).toBe(201);
    // Booked online, the stay waits for the desk: its mail goes now, its "confirmed" SMS only
    // once the desk confirms it (never twice, never before it is true), to the stay's number.
    expect(await smsRows()).toEqual([]);
    expect((await confirm(ctx.app, ctx.staff, online.json().data._id)).statusCode).toBe(200);
    expect((await smsRows()).map((s) => [s.kind, s.to])).toEqual([['BOOKING_CONFIRMED', '8801811777000']]);
    const off = await ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers: ctx.guest.auth, payload: { smsOptIn: false } });
    expect(off.json().data.smsOptIn).toBe(false);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${online.json().data._id}`, headers: ctx.staff.auth })).statusCode).toBe(200);
    expect((await smsRows()).map((s) => s.kind)).toEqual(['BOOKING_CONFIRMED']);
  });

  it('a guest with an e-mail and a foreign number gets none unless they choose SMS', async () => {
    const first = await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(6), { phone: '+44 20 7946 0958' });
    expect(first.statusCode).toBe(201);
    expect(await smsRows()).toEqual([]);
    const me = await ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers: ctx.guest.auth, payload: { smsOptIn: true } });
    expect(me.json().data.smsOptIn).toBe(true);
    expect((await confirm(ctx.app, ctx.staff, first.json().data._id)).statusCode).toBe(200);
    expect((await smsRows()).map((s) => [s.kind, s.to])).toEqual([['BOOKING_CONFIRMED', '442079460958']]);
  });
});
