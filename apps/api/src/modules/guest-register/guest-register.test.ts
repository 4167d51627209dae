import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TGuestCardInput } from '@residency/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, query, TEST_ID_KEY, useTestApp, type TestAccount } from '../../test/app.ts';
import { BANGLADESHI_CARD } from '../../test/guest-cards.ts';
import { phonePhoto } from '../../test/images.ts';
import { act, confirm, day, HOTEL_ACCOUNTS, placeStay, smallHotelRooms } from '../../test/stays.ts';
import { privateDir } from '../../plugins/private-storage.ts';
import { decryptPhoto, PhotoDecryptionError } from './photo-crypto.ts';

/*
 * The guest register (issue 34) through the API: cards filled by the guest before arrival and by
 * the desk, photos encrypted and stripped, check-in refused without complete cards, who may see
 * what (and the log of it), and retention.
 */

let rooms: Record<string, string>;
const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin);
});

async function confirmedStay(from: number, to: number, who: TestAccount = ctx.guest, extra: Record<string, unknown> = {}) {
  const booking = await placeStay(ctx.app, who, rooms['101']!, day(from), day(to), extra);
  expect((await confirm(ctx.app, ctx.staff, booking._id)).statusCode).toBe(200);
  return booking;
}

const guests = (who: TestAccount, id: string) => ctx.app.inject({ method: 'GET', url: `/api/bookings/${id}/guests`, headers: who.auth });
const save = (who: TestAccount, id: string, list: TGuestCardInput[]) =>
  ctx.app.inject({ method: 'PUT', url: `/api/bookings/${id}/guests`, headers: who.auth, payload: { guests: list } });

async function upload(who: TestAccount, bookingId: string, cardId: string, kind: string, data: Buffer) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'photo.jpg');
  const encoded = new Response(form);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/guests/${cardId}/photos`,
    headers: { ...who.auth, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const photoOf = (who: TestAccount, bookingId: string, cardId: string, photoId: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}/guests/${cardId}/photos/${photoId}`, headers: who.auth });

const bangladeshi = BANGLADESHI_CARD;

const foreigner = (visaExpiry: string): TGuestCardInput => ({
  kind: 'adult',
  fullName: 'Anna Berg',
  guardianName: 'Lars Berg',
  address: 'Storgatan 1, Stockholm',
  nationality: 'SE',
  dateOfBirth: '1990-01-30',
  phone: '+46701234567',
  idType: 'passport',
  idNumber: 'AB1234567',
  purpose: 'Tourism',
  arrivingFrom: 'Stockholm',
  goingTo: "Cox's Bazar",
  passportCountry: 'SE',
  visaType: 'Tourist',
  visaNumber: 'V9988776',
  visaExpiry,
  enteredBangladesh: day(-1),
});

const jpeg = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } }).jpeg().toBuffer();

/** Fills every card of a room with both photos, as the guest would online. */
async function fillCompletely(who: TestAccount, bookingId: string, list: TGuestCardInput[]) {
  const saved = await save(who, bookingId, list);
  expect(saved.statusCode).toBe(200);
  for (const card of saved.json().data.guests as { _id: string; kind: string }[]) {
    if (card.kind !== 'adult') continue;
    expect((await upload(who, bookingId, card._id, 'document', await jpeg())).statusCode).toBe(201);
    expect((await upload(who, bookingId, card._id, 'portrait', await jpeg())).statusCode).toBe(201);
  }
  return (await guests(who, bookingId)).json().data;
}

const views = async () => (await query<{ n: number }>(ctx.app, sql`select count(*)::int as n from id_views`))[0]!.n;

describe('registration cards and check-in', () => {
  it('a foreign couple fills their cards online; the desk checks them in with no note, and sees a visa that ends too soon', async () => {
    const stay = await confirmedStay(0, 3, ctx.guest, { adults: 2 });
    const before = await guests(ctx.guest, stay._id);
    expect(before.json().data).toMatchObject({ complete: false, adults: 2, children: 0, guests: [], editable: true });
    expect(before.json().data.missing).toEqual(['2 of 2 adults have no card yet']);

    const registration = await fillCompletely(ctx.guest, stay._id, [foreigner(day(10)), { ...foreigner(day(2)), fullName: 'Erik Berg', idNumber: 'AB7654321' }]);
    expect(registration.complete).toBe(true);
    expect(registration.guests.map((g: { visaExpiresBeforeCheckOut: boolean }) => g.visaExpiresBeforeCheckOut)).toEqual([false, true]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/bookings/${stay._id}`, headers: ctx.staff.auth })).json().data.registration).toEqual({ complete: true, note: null });

    const checkIn = await act(ctx.app, ctx.staff, stay._id, 'check-in', {});
    expect(checkIn.statusCode).toBe(200);
    expect(checkIn.json().data).toMatchObject({ state: 'checked_in', registration: { complete: true, note: null } });
    // After check-in the guest reads the cards but no longer changes them.
    expect((await guests(ctx.guest, stay._id)).json().data.editable).toBe(false);
    const locked = await save(ctx.guest, stay._id, [bangladeshi]);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('REGISTRATION_LOCKED');
  });

  it('refuses a check-in without complete cards (409 naming what is missing), takes it with a note, and lists the room until the cards are complete', async () => {
    const stay = await confirmedStay(0, 2, ctx.guest, { adults: 1, children: 1 });
    await save(ctx.staff, stay._id, [{ ...bangladeshi, idNumber: null }]);
    const refused = await act(ctx.app, ctx.staff, stay._id, 'check-in', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'REGISTRATION_INCOMPLETE' });
    expect(refused.json().missing).toEqual([
      '1 of 1 children are not listed yet',
      'Guest 1 (Rahim Uddin) lacks: idNumber, documentPhoto, portraitPhoto',
    ]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/bookings/${stay._id}`, headers: ctx.staff.auth })).json().data.stage).toBe('booked');
    // A note that says nothing is refused as bad input, and changes nothing.
    expect((await act(ctx.app, ctx.staff, stay._id, 'check-in', { registrationNote: ' ' })).statusCode).toBe(400);

    const noted = await ctx.app.inject({ method: 'PATCH', url: `/api/bookings/${stay._id}`, headers: ctx.staff.auth, payload: { checkIn: true, registrationNote: 'Guest arrived at 2 am; NID copy in the morning' } });
    expect(noted.statusCode).toBe(200);
    expect(noted.json().data).toMatchObject({ state: 'checked_in', registration: { complete: false, note: 'Guest arrived at 2 am; NID copy in the morning' } });
    const [row] = await query<{ registration_note_by: string }>(ctx.app, sql`select registration_note_by from bookings where id = ${stay._id}`);
    expect(row!.registration_note_by).toBe(ctx.staff.id);
    const listed = async () => (await ctx.app.inject({ method: 'GET', url: '/api/staff/today', headers: ctx.staff.auth })).json().data.registrationsIncomplete;
    expect((await listed()).items.map((s: { _id: string }) => s._id)).toEqual([stay._id]);

    // The desk completes the cards in the morning: the room leaves the list.
    const card = (await save(ctx.staff, stay._id, [bangladeshi, { kind: 'child', fullName: 'Nila Uddin', age: 7 }])).json().data.guests[0];
    await upload(ctx.staff, stay._id, card._id, 'document', await jpeg());
    await upload(ctx.staff, stay._id, card._id, 'portrait', await jpeg());
    expect((await guests(ctx.staff, stay._id)).json().data.complete).toBe(true);
    expect((await listed()).count).toBe(0);
  });

  it('refuses more guests than the room is booked for, an unknown card id, and bad fields, changing nothing', async () => {
    const stay = await confirmedStay(1, 3, ctx.guest, { adults: 1 });
    const tooMany = await save(ctx.guest, stay._id, [bangladeshi, bangladeshi]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('TOO_MANY_GUESTS');
    const unknown = await save(ctx.guest, stay._id, [{ ...bangladeshi, id: '00000000-0000-4000-8000-000000000000' }]);
    expect(unknown.statusCode).toBe(404);
    const bad = await save(ctx.guest, stay._id, [{ ...bangladeshi, nationality: 'XX', dateOfBirth: '1988-02-30', idNumber: 'ab\u0000c' }]);
    expect(bad.statusCode).toBe(400);
    expect([...new Set(bad.json().errors.map((e: { path: string }) => e.path))].sort()).toEqual(['guests.0.dateOfBirth', 'guests.0.idNumber', 'guests.0.nationality']);
    expect((await guests(ctx.guest, stay._id)).json().data.guests).toEqual([]);
  });

  it('two saves at once leave one list, never both', async () => {
    const stay = await confirmedStay(1, 3, ctx.guest, { adults: 1 });
    const answers = await Promise.all([save(ctx.guest, stay._id, [bangladeshi]), save(ctx.staff, stay._id, [{ ...bangladeshi, fullName: 'Rahim U.' }])]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const cards = await query<{ full_name: string }>(ctx.app, sql`select full_name from guest_cards where booking_id = ${stay._id}`);
    expect(cards).toHaveLength(1);
  });

  it("offers an earlier stay's cards to copy (text only)", async () => {
    const first = await confirmedStay(-20, -18);
    await save(ctx.staff, first._id, [bangladeshi]);
    const next = await confirmedStay(5, 7);
    const mine = await ctx.app.inject({ method: 'GET', url: `/api/bookings/${next._id}/guests/suggestions`, headers: ctx.guest.auth });
    expect(mine.json().data.guests).toEqual([expect.objectContaining({ fullName: 'Rahim Uddin', idNumber: '1987654321', fromStay: expect.objectContaining({ checkIn: day(-20) }) })]);
    // The desk finds a card by the document's number, spaces or not; a guest cannot look strangers up.
    const stranger = await createUser(ctx.app, { name: 'Other Guest' });
    const theirs = await confirmedStay(10, 12, stranger);
    const byNumber = await ctx.app.inject({ method: 'GET', url: `/api/bookings/${theirs._id}/guests/suggestions?idNumber=198 765 4321`, headers: ctx.staff.auth });
    expect(byNumber.json().data.guests.map((g: { fullName: string }) => g.fullName)).toEqual(['Rahim Uddin']);
    const snooping = await ctx.app.inject({ method: 'GET', url: `/api/bookings/${theirs._id}/guests/suggestions?idNumber=1987654321`, headers: stranger.auth });
    expect(snooping.json().data.guests).toEqual([]);
  });
});

describe('who sees a card, and the log of it', () => {
  it("another guest's cards and photos are a 404; staff outside the 30 days a 403 (an admin sees them); every view is logged", async () => {
    const stay = await confirmedStay(0, 2);
    const registration = await fillCompletely(ctx.staff, stay._id, [bangladeshi]);
    const card = registration.guests[0];
    const stranger = await createUser(ctx.app, { name: 'Other Guest' });
    expect((await guests(stranger, stay._id)).statusCode).toBe(404);
    expect((await save(stranger, stay._id, [bangladeshi])).statusCode).toBe(404);
    expect((await photoOf(stranger, stay._id, card._id, card.photos.document._id)).statusCode).toBe(404);
    expect((await upload(stranger, stay._id, card._id, 'portrait', await jpeg())).statusCode).toBe(404);

    const logged = await views();
    expect((await photoOf(ctx.guest, stay._id, card._id, card.photos.document._id)).statusCode).toBe(200);
    expect((await guests(ctx.admin, stay._id)).statusCode).toBe(200);
    expect(await views()).toBe(logged + 2);
    const log = await ctx.app.inject({ method: 'GET', url: '/api/audit/id-views', headers: ctx.admin.auth });
    expect(log.statusCode).toBe(200);
    expect(log.json().data[0]).toMatchObject({ action: 'cards', viewer: { role: 'admin' } });
    const [photoView] = await query<{ viewer_id: string; action: string; ip: string; guest_name: string }>(
      ctx.app,
      sql`select viewer_id, action, ip, guest_name from id_views where action = 'photo' order by id desc limit 1`,
    );
    expect(photoView).toMatchObject({ viewer_id: ctx.guest.id, action: 'photo', guest_name: 'Rahim Uddin' });
    expect(photoView!.ip).toBeTruthy();

    // The stay ended 31 days ago: an admin's matter.
    await query(ctx.app, sql`update bookings set check_in = ${day(-33)}::date, check_out = ${day(-31)}::date where id = ${stay._id}`);
    const old = await guests(ctx.staff, stay._id);
    expect(old.statusCode).toBe(403);
    expect(old.json().code).toBe('REGISTER_OUTSIDE_WINDOW');
    expect((await photoOf(ctx.staff, stay._id, card._id, card.photos.portrait._id)).statusCode).toBe(403);
    expect((await guests(ctx.admin, stay._id)).statusCode).toBe(200);
  });
});

describe('photos', () => {
  it('are stored encrypted (not a JPEG on disk), decrypt to what the API answers, and a wrong key fails loudly', async () => {
    const stay = await confirmedStay(1, 2);
    const card = (await save(ctx.guest, stay._id, [bangladeshi])).json().data.guests[0];
    const uploaded = await upload(ctx.guest, stay._id, card._id, 'document', await jpeg());
    expect(uploaded.statusCode).toBe(201);
    const photoId = uploaded.json().data._id;
    const [row] = await query<{ storage_key: string }>(ctx.app, sql`select storage_key from guest_photos where id = ${photoId}`);
    const file = path.join(privateDir(ctx.app.config.dataDir), row!.storage_key);
    const stored = await readFile(file);
    expect(stored.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(false);
    expect(stored.includes(Buffer.from('JFIF'))).toBe(false);

    const served = await photoOf(ctx.guest, stay._id, card._id, photoId);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(decryptPhoto(Buffer.from(TEST_ID_KEY, 'hex'), photoId, stored).equals(served.rawPayload)).toBe(true);
    expect(() => decryptPhoto(Buffer.alloc(32, 7), photoId, stored)).toThrow(PhotoDecryptionError);
    // Another photo's file put in its place does not open as this one.
    expect(() => decryptPhoto(Buffer.from(TEST_ID_KEY, 'hex'), '00000000-0000-4000-8000-000000000000', stored)).toThrow(PhotoDecryptionError);
    // A changed byte on disk: the API says so (500), it never serves a damaged picture.
    stored[stored.length - 20]! ^= 0xff;
    await writeFile(file, stored);
    expect((await photoOf(ctx.guest, stay._id, card._id, photoId)).statusCode).toBe(500);
  });

  it('a phone photo with GPS in its EXIF is stored upright, at most 1600 px, with no metadata left', async () => {
    const stay = await confirmedStay(1, 2);
    const card = (await save(ctx.guest, stay._id, [bangladeshi])).json().data.guests[0];
    const source = await phonePhoto(2400, 1600);
    expect((await sharp(source).metadata()).exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const uploaded = await upload(ctx.guest, stay._id, card._id, 'portrait', source);
    expect(uploaded.json().data).toMatchObject({ width: 1600, height: 1067 });
    const served = await photoOf(ctx.guest, stay._id, card._id, uploaded.json().data._id);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 1067 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Private Owner'))).toBe(false);
  });

  it('refuses a file that is not a picture, and a kind that is neither document nor portrait', async () => {
    const stay = await confirmedStay(1, 2);
    const card = (await save(ctx.guest, stay._id, [bangladeshi])).json().data.guests[0];
    expect((await upload(ctx.guest, stay._id, card._id, 'document', Buffer.from('%PDF-1.4 not a photo'))).json().code).toBe('NOT_AN_IMAGE');
    expect((await upload(ctx.guest, stay._id, card._id, 'selfie', await jpeg())).statusCode).toBe(400);
    expect(await query(ctx.app, sql`select id from guest_photos`)).toEqual([]);
  });
});

describe('retention and erasure', () => {
  it('deletes photos after ID_PHOTO_RETENTION_DAYS and erases the text after REGISTER_RETENTION_DAYS; the view log stays', async () => {
    const stay = await confirmedStay(0, 2);
    const registration = await fillCompletely(ctx.staff, stay._id, [bangladeshi]);
    const card = registration.guests[0];
    const [row] = await query<{ storage_key: string }>(ctx.app, sql`select storage_key from guest_photos where id = ${card.photos.document._id}`);
    const file = path.join(privateDir(ctx.app.config.dataDir), row!.storage_key);
    const logged = await views();
    expect(await ctx.app.guestRegister.runRetention()).toEqual({ photos: 0, cards: 0 });

    // 91 days after check-out (the default 90): the photos go, the text stays.
    const now = new Date(Date.now() + 93 * 86_400_000);
    expect(await ctx.app.guestRegister.runRetention(now)).toEqual({ photos: 2, cards: 0 });
    await expect(readFile(file)).rejects.toThrow(/ENOENT/);
    const gone = await photoOf(ctx.admin, stay._id, card._id, card.photos.document._id);
    expect(gone.statusCode).toBe(410);
    expect((await guests(ctx.admin, stay._id)).json().data.guests[0]).toMatchObject({ fullName: 'Rahim Uddin', photos: { document: null, portrait: null } });

    // 366 days after: the text is erased, the row and the log are kept.
    expect(await ctx.app.guestRegister.runRetention(new Date(Date.now() + 368 * 86_400_000))).toEqual({ photos: 0, cards: 1 });
    const erased = (await guests(ctx.admin, stay._id)).json().data.guests[0];
    expect(erased).toMatchObject({ erased: true, fullName: null, idNumber: null, phone: null, nationality: null });
    expect(await views()).toBeGreaterThanOrEqual(logged + 2);
  });

  it("a guest's erasure request deletes the cards of a stay not begun and the photos of stays that are over, and says what the register keeps until when", async () => {
    const past = await confirmedStay(0, 1, ctx.guest, { adults: 1 });
    await fillCompletely(ctx.guest, past._id, [bangladeshi]);
    const checkIn = await act(ctx.app, ctx.staff, past._id, 'check-in', {});
    expect(checkIn.json()).toMatchObject({ success: true });
    await query(ctx.app, sql`update bookings set stage = 'checked_out', checked_out_at = now() where id = ${past._id}`);
    const coming = await placeStay(ctx.app, ctx.guest, rooms['102']!, day(20), day(22));
    await save(ctx.guest, coming._id, [bangladeshi]);

    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/me/erasure-request', headers: ctx.guest.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      deletedCards: 1,
      deletedPhotos: 2,
      kept: [{ roomNumber: '101', checkIn: day(0), checkOut: day(1), what: 'register', until: day(366) }],
    });
    expect(res.json().message).toMatch(/keeps 1 stay\(s\) as the law requires/);
    expect((await guests(ctx.guest, coming._id)).json().data.guests).toEqual([]);
    expect((await guests(ctx.admin, past._id)).json().data.guests[0]).toMatchObject({ fullName: 'Rahim Uddin', photos: { document: null, portrait: null } });
  });
});
