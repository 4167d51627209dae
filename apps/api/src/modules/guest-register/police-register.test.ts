import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestCards } from '../../db/schema.ts';
import { createUser, query, useTestApp, type TestAccount } from '../../test/app.ts';
import { day, HOTEL_ACCOUNTS, placeStay, smallHotelRooms } from '../../test/stays.ts';

/*
 * The police register, a guest's card as PDF and the view log (issue 34), on a real database:
 * a Bangladeshi family in 101 (cards complete), a German couple in 102 (checked in with a note:
 * one card still to come), a stay not checked in and one outside the range (never listed), and
 * an old stay whose card was erased under the retention rule.
 */

const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS, reset: 'file' });
const dir = mkdtempSync(path.join(tmpdir(), 'police-register-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let hans: TestAccount;
let stranger: TestAccount;
const ids = { home: '', foreign: '', old: '', later: '', homeRef: '', foreignRef: '', rahim: '', child: '', hansCard: '', erased: '' };

const FROM = day(-1);
const TO = day(1);

/** The desk checked the room in at `at` days from today; a note when its cards were not complete. */
async function checkedIn(bookingId: string, note: string | null) {
  await query(
    ctx.app,
    sql`update bookings set is_confirmed = true, confirmed_at = now(), stage = 'checked_in', checked_in_at = now(), checked_in_by = ${ctx.staff.id},
        registration_note = ${note}, registration_note_by = ${note ? ctx.staff.id : null}, registration_note_at = ${note ? sql`now()` : null},
        registration_complete_at = ${note ? null : sql`now()`}
        where id = ${bookingId}`,
  );
}

async function card(bookingId: string, position: number, values: Partial<typeof guestCards.$inferInsert>): Promise<string> {
  const [row] = await ctx.app.db
    .insert(guestCards)
    .values({ bookingId, position, kind: 'adult', ...values })
    .returning({ id: guestCards.id });
  return row!.id;
}

/** A photo sent as the desk sends it: multipart `kind` and `file`. */
async function upload(bookingId: string, cardId: string, kind: 'document' | 'portrait', color: string) {
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: color } }).jpeg().toBuffer();
  const boundary = '----police-register-test';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/guests/${cardId}/photos`,
    headers: { ...ctx.staff.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
}

const register = (who: { auth: Record<string, string> }, params: string) => ctx.app.inject({ url: `/api/reports/police-register?${params}`, headers: who.auth });
const viewCount = async () => Number((await query<{ n: number }>(ctx.app, sql`select count(*)::int as n from id_views`))[0]!.n);
let files = 0;
function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `${(files += 1)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
const squeeze = (s: string) => s.replace(/\s+/g, '');

beforeAll(async () => {
  hans = await createUser(ctx.app, { name: 'Hans Müller' });
  stranger = await createUser(ctx.app, { name: 'Someone Else' });
  const rooms = await smallHotelRooms(ctx.app, ctx.admin, { Suite: { rooms: '201, 202', price: 12000 } });
  const home = await placeStay(ctx.app, ctx.guest, rooms['101']!, day(-1), day(2), { children: 1 });
  const foreign = await placeStay(ctx.app, hans, rooms['102']!, day(0), day(3));
  const notIn = await placeStay(ctx.app, stranger, rooms['201']!, day(0), day(2));
  const later = await placeStay(ctx.app, stranger, rooms['202']!, day(5), day(7));
  const old = await placeStay(ctx.app, ctx.guest, rooms['201']!, day(-60), day(-55));
  Object.assign(ids, { home: home._id, foreign: foreign._id, old: old._id, later: later._id });
  const refs = await query<{ id: string; reference: string }>(
    ctx.app,
    sql`select b.id, r.reference from bookings b join reservations r on r.id = b.reservation_id where b.id in (${home._id}, ${foreign._id})`,
  );
  ids.homeRef = refs.find((r) => r.id === home._id)!.reference;
  ids.foreignRef = refs.find((r) => r.id === foreign._id)!.reference;

  ids.rahim = await card(home._id, 0, {
    fullName: 'Rahim Uddin',
    guardianName: 'আব্দুর রহমান',
    address: 'House 12, Road 5, Dhanmondi, Dhaka',
    nationality: 'BD',
    dateOfBirth: '1985-04-12',
    phone: '+8801711223344',
    idType: 'nid',
    idNumber: '1990123456789',
    purpose: 'Family visit',
    arrivingFrom: 'Chattogram',
    goingTo: 'Sylhet',
  });
  ids.child = await card(home._id, 1, { kind: 'child', fullName: 'Nusrat Uddin', age: 7 });
  ids.hansCard = await card(foreign._id, 0, {
    fullName: 'Hans Müller',
    guardianName: 'Peter Müller',
    address: 'Hauptstraße 1, Berlin',
    nationality: 'DE',
    dateOfBirth: '1979-02-03',
    phone: '+491701234567',
    idType: 'passport',
    idNumber: 'C01X00T47',
    purpose: 'Business',
    arrivingFrom: 'Frankfurt',
    goingTo: 'Frankfurt',
    passportCountry: 'DE',
    visaType: 'Business (B)',
    visaNumber: 'V1234567',
    visaExpiry: day(2),
    enteredBangladesh: day(-1),
  });
  await card(notIn._id, 0, { fullName: 'Not Checked In', nationality: 'BD' });
  await card(later._id, 0, { fullName: 'Later Guest', nationality: 'BD' });
  ids.erased = await card(old._id, 0, { fullName: null, nationality: null, erasedAt: new Date() });
  await checkedIn(home._id, null);
  await checkedIn(foreign._id, 'Mrs Müller brings her passport tonight');
  await checkedIn(later._id, null);
  await checkedIn(old._id, null);
  await upload(home._id, ids.rahim, 'portrait', '#3366cc');
  await upload(home._id, ids.rahim, 'document', '#cc6633');
});

describe('GET /api/reports/police-register', () => {
  it('lists every guest of the rooms checked in on the nights of the range, foreigners apart, with the rooms whose cards are incomplete', async () => {
    const before = await viewCount();
    const res = await register(ctx.staff, `from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ from: FROM, to: TO });
    expect(report.guests.map((g: { fullName: string }) => g.fullName)).toEqual(['Rahim Uddin', 'Nusrat Uddin', 'Hans Müller']);
    expect(report.guests[0]).toMatchObject({
      roomNumber: '101',
      reference: ids.homeRef,
      arrival: day(-1),
      departure: day(2),
      nationality: 'BD',
      foreign: false,
      idType: 'nid',
      idNumber: '1990123456789',
      phone: '+8801711223344',
      erased: false,
    });
    expect(report.guests[1]).toMatchObject({ kind: 'child', age: 7, foreign: false });
    expect(report.guests[2]).toMatchObject({
      roomNumber: '102',
      reference: ids.foreignRef,
      foreign: true,
      nationality: 'DE',
      passportCountry: 'DE',
      visaType: 'Business (B)',
      visaNumber: 'V1234567',
      visaExpiry: day(2),
      enteredBangladesh: day(-1),
    });
    expect(report.incomplete).toEqual([
      { bookingId: ids.foreign, reference: ids.foreignRef, roomNumber: '102', guestName: 'Hans Müller', note: 'Mrs Müller brings her passport tonight' },
    ]);
    expect(await viewCount()).toBe(before + 1);
    const [line] = await query<{ action: string; detail: string; viewer_id: string }>(ctx.app, sql`select action, detail, viewer_id from id_views order by id desc limit 1`);
    expect(line).toEqual({ action: 'register', detail: `${FROM} to ${TO}, json`, viewer_id: ctx.staff.id });
  });

  it('a range of the later stay alone lists only it; a day before anyone came is empty', async () => {
    const later = (await register(ctx.admin, `from=${day(6)}&to=${day(6)}`)).json().data;
    expect(later.guests.map((g: { fullName: string }) => g.fullName)).toEqual(['Later Guest']);
    // The check-out day is not a night of the stay.
    const after = (await register(ctx.admin, `from=${day(7)}&to=${day(9)}`)).json().data;
    expect(after).toMatchObject({ guests: [], incomplete: [] });
  });

  it('CSV: a byte order mark, one header row, a line per guest (Bangladeshis, then foreigners), then the incomplete rooms; logged', async () => {
    const before = await viewCount();
    const res = await register(ctx.staff, `from=${FROM}&to=${TO}&format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="police-register-${FROM}-${TO}.csv"`);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body.startsWith('\uFEFF"Section","Room","Reservation","Arrival","Departure","Guest"')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    const columns = lines[0]!.split(',').length;
    expect(columns).toBe(23);
    expect(lines[1]).toContain(`"Bangladeshi","101","${ids.homeRef}",${day(-1)},${day(2)},"Rahim Uddin","Adult","আব্দুর রহমান"`);
    // A cell that begins with + gets the formula guard's apostrophe, as in the other exports.
    expect(lines[1]).toContain(`"NID","1990123456789","'+8801711223344"`);
    expect(lines[2]).toContain('"Nusrat Uddin","Child"');
    expect(lines[3]).toContain(`"Foreigner","102","${ids.foreignRef}"`);
    expect(lines[3]).toContain(`"Passport","C01X00T47","'+491701234567","DE","Business (B)","V1234567",${day(2)},${day(-1)}`);
    expect(lines[4]).toContain('"Incomplete cards","102"');
    expect(lines[4]).toContain('Hans Müller: Mrs Müller brings her passport tonight');
    expect(await viewCount()).toBe(before + 1);
  });

  it('an erased card keeps its line with no personal text (admin, an old range)', async () => {
    const json = (await register(ctx.admin, `from=${day(-58)}&to=${day(-57)}`)).json().data;
    expect(json.guests).toHaveLength(1);
    expect(json.guests[0]).toMatchObject({ cardId: ids.erased, erased: true, fullName: '', nationality: null, idNumber: null });
    const csv = (await register(ctx.admin, `from=${day(-58)}&to=${day(-57)}&format=csv`)).body;
    expect(csv).toContain('Entry erased under the retention rule');
    const pdf = pdfText((await register(ctx.admin, `from=${day(-58)}&to=${day(-57)}&format=pdf`)).rawPayload);
    expect(pdf).toContain('Entry erased under the retention rule');
  });

  it('PDF in English: the hotel, the range, both sections, the incomplete room; A4 landscape; logged', async () => {
    const before = await viewCount();
    const res = await register(ctx.staff, `from=${FROM}&to=${TO}&format=pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="police-register-${FROM}-${TO}-en.pdf"`);
    const text = pdfText(res.rawPayload);
    for (const words of ['Guest register', ctx.app.config.hotel.name, 'Bangladeshi guests (2)', 'Foreign guests (1)', 'Rooms checked in without complete cards (1)', 'Rahim Uddin', 'Nusrat Uddin (child, age 7)', 'Hans Müller', 'C01X00T47', 'V1234567', 'Germany', 'Bangladesh', ids.homeRef, 'Page 1 of 1']) {
      expect(text, words).toContain(words);
    }
    const [y, m, d] = FROM.split('-');
    expect(text).toContain(`${d}-${m}-${y}`);
    const info = execFileSync('pdfinfo', [path.join(dir, `${files}.pdf`)], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28/);
    const [line] = await query<{ detail: string }>(ctx.app, sql`select detail from id_views order by id desc limit 1`);
    expect(line!.detail).toBe(`${FROM} to ${TO}, pdf (en)`);
    expect(await viewCount()).toBe(before + 1);
  });

  it('PDF in Bengali: the Bengali labels, Bengali digits and the guests’ names read back', async () => {
    const res = await register(ctx.admin, `from=${FROM}&to=${TO}&format=pdf&language=bn`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('-bn.pdf');
    const text = pdfText(res.rawPayload);
    const flat = squeeze(text);
    // Words with no sign drawn before its consonant (ি, ে): the text layer keeps the drawn order.
    for (const word of ['জাতীয়তা', 'আগমন', 'প্রস্থান', 'কক্ষ', 'রাত', 'আব্দুর রহমান']) expect(flat, word).toContain(squeeze(word));
    for (const name of ['Rahim Uddin', 'Hans Müller']) expect(text).toContain(name);
    // Room numbers and dates in Bengali digits; the reservation's code keeps its own.
    expect(text).toContain('১০১');
    expect(text).toContain('১৯৯০১২৩৪৫৬৭৮৯');
    expect(text).toContain(ids.homeRef);
    expect(flat).toContain(squeeze('পৃষ্ঠা ১ / ১'));
  });

  it('staff may not reach back more than 30 days (403), an admin may; a guest never; a bad range is a 400', async () => {
    const before = await viewCount();
    const old = await register(ctx.staff, `from=${day(-31)}&to=${day(0)}`);
    expect(old.statusCode).toBe(403);
    expect(old.json()).toMatchObject({ success: false, code: 'REGISTER_OUTSIDE_WINDOW' });
    expect(old.json().message).toContain(day(-30));
    expect((await register(ctx.staff, `from=${day(-30)}&to=${day(0)}`)).statusCode).toBe(200);
    expect((await register(ctx.admin, `from=${day(-90)}&to=${day(0)}`)).statusCode).toBe(200);
    expect((await register(ctx.guest, `from=${FROM}&to=${TO}`)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/reports/police-register?from=${FROM}&to=${TO}` })).statusCode).toBe(401);
    expect((await register(ctx.admin, `from=${TO}&to=${FROM}`)).statusCode).toBe(400);
    expect((await register(ctx.admin, `from=${FROM}&to=${TO}&format=xml`)).statusCode).toBe(400);
    // Only the two downloads answered are in the log.
    expect(await viewCount()).toBe(before + 2);
  });
});

describe('GET /api/bookings/:id/guests/:guestId/card.pdf', () => {
  const cardPdf = (who: { auth: Record<string, string> }, bookingId: string, cardId: string, language = 'en') =>
    ctx.app.inject({ url: `/api/bookings/${bookingId}/guests/${cardId}/card.pdf?language=${language}`, headers: who.auth });

  it('the desk gets the card with both photos, every field and the stay; the download is logged', async () => {
    const before = await viewCount();
    const res = await cardPdf(ctx.staff, ids.home, ids.rahim);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="registration-card-${ids.homeRef}-1.pdf"`);
    const text = pdfText(res.rawPayload);
    for (const words of ['Guest registration card', 'Rahim Uddin', 'House 12, Road 5, Dhanmondi, Dhaka', '1990123456789', 'Family visit', 'Chattogram', 'Sylhet', ids.homeRef, 'NID', 'Bangladesh']) {
      expect(text, words).toContain(words);
    }
    const images = execFileSync('pdfimages', ['-list', path.join(dir, `${files}.pdf`)], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(images).toHaveLength(2);
    expect(await viewCount()).toBe(before + 1);
    const [line] = await query<{ action: string; card_id: string; booking_id: string; guest_name: string }>(
      ctx.app,
      sql`select action, card_id, booking_id, guest_name from id_views order by id desc limit 1`,
    );
    expect(line).toEqual({ action: 'card_pdf', card_id: ids.rahim, booking_id: ids.home, guest_name: 'Rahim Uddin' });
  });

  it('a foreigner’s card in Bengali: passport and visa; no photo yet is said so', async () => {
    const res = await cardPdf(ctx.admin, ids.foreign, ids.hansCard, 'bn');
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    for (const words of ['Hans Müller', 'C01X00T47', 'V1234567', 'Business (B)']) expect(text, words).toContain(words);
    expect(squeeze(text)).toContain(squeeze('জাতীয়তা'));
  });

  it('the room’s own guest gets their card; another guest’s is a 404, as is a card of another room', async () => {
    expect((await cardPdf(ctx.guest, ids.home, ids.rahim)).statusCode).toBe(200);
    const other = await cardPdf(ctx.guest, ids.foreign, ids.hansCard);
    expect(other.statusCode).toBe(404);
    expect((await cardPdf(stranger, ids.home, ids.rahim)).statusCode).toBe(404);
    const mixed = await cardPdf(ctx.admin, ids.home, ids.hansCard);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().code).toBe('GUEST_NOT_FOUND');
  });

  it('staff may not have the card of a stay that ended more than 30 days ago (403); an admin may', async () => {
    const res = await cardPdf(ctx.staff, ids.old, ids.erased);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('REGISTER_OUTSIDE_WINDOW');
    const admin = await cardPdf(ctx.admin, ids.old, ids.erased);
    expect(admin.statusCode).toBe(200);
    expect(pdfText(admin.rawPayload)).toContain('Entry erased under the retention rule');
  });
});

describe('GET /api/audit/id-views', () => {
  it('lists the log newest first with the viewer, filtered by viewer and booking, paged', async () => {
    await ctx.app.inject({ url: `/api/bookings/${ids.home}/guests/${ids.rahim}/card.pdf`, headers: ctx.admin.auth });
    const res = await ctx.app.inject({ url: '/api/audit/id-views?limit=2', headers: ctx.admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ page: 1, limit: 2 });
    expect(body.meta.total).toBe(await viewCount());
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      action: 'card_pdf',
      bookingId: ids.home,
      cardId: ids.rahim,
      guestName: 'Rahim Uddin',
      viewer: { _id: ctx.admin.id, email: ctx.admin.email, name: ctx.admin.name, role: 'admin' },
    });
    expect(Date.parse(body.data[0].at)).toBeGreaterThanOrEqual(Date.parse(body.data[1].at));

    const staffOnly = (await ctx.app.inject({ url: `/api/audit/id-views?viewer=${ctx.staff.id}&limit=100`, headers: ctx.admin.auth })).json();
    expect(staffOnly.data.length).toBeGreaterThan(0);
    expect(staffOnly.data.every((v: { viewer: { _id: string } }) => v.viewer._id === ctx.staff.id)).toBe(true);
    const ofBooking = (await ctx.app.inject({ url: `/api/audit/id-views?booking=${ids.home}&from=${day(0)}&to=${day(0)}`, headers: ctx.admin.auth })).json();
    expect(ofBooking.data.length).toBeGreaterThan(0);
    expect(ofBooking.data.every((v: { bookingId: string }) => v.bookingId === ids.home)).toBe(true);
    const none = (await ctx.app.inject({ url: `/api/audit/id-views?from=${day(1)}`, headers: ctx.admin.auth })).json();
    expect(none).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('is the admin’s only', async () => {
    expect((await ctx.app.inject({ url: '/api/audit/id-views', headers: ctx.staff.auth })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/audit/id-views', headers: ctx.guest.auth })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/audit/id-views' })).statusCode).toBe(401);
  });
});
