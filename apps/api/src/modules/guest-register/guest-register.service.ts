import { randomUUID } from 'node:crypto';
import {
  addDays,
  missingOnCard,
  todayAt,
  visaExpiresBeforeCheckOut,
  type TGuestCard,
  type TGuestCardsSave,
  type TGuestPhoto,
  type TGuestPhotoKind,
  type TGuestRegistration,
} from '@residency/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { GuestCardRow, GuestPhotoRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../lib/transactions.ts';
import type { PrivateStorage } from '../../plugins/private-storage.ts';
import type { Principal } from '../../types.d.ts';
import { bookingWithGuest as findBooking, setRegistrationState as updateBooking } from '../reservations/bookings.service.ts';

type BookingWithGuest = NonNullable<Awaited<ReturnType<typeof findBooking>>>;
import { inspectImage, type ImageGate } from '../uploads/uploads.service.ts';
import { cardsOf, deleteCards, findPhoto, insertCard, insertPhoto, photosOf, previousCards, updateCard, type CardValues } from './guest-register.repository.ts';
import { recordIdView } from './id-views.ts';
import { decryptPhoto, encryptPhoto } from './photo-crypto.ts';

/*
 * The registration cards of a room (issue 34, decision 0022). Who may do what:
 * - the room's own guest reads their cards and fills them until check-in (online check-in);
 * - staff read and change cards of stays that ended at most STAFF_WINDOW_DAYS ago, current and
 *   upcoming ones (403 for older: an admin's matter);
 * - admins everything.
 * Another guest's room is a 404, as for bookings. Every read of cards or a photo is logged.
 */

export interface RegisterDeps {
  db: Database;
  config: Config;
  privateStorage: PrivateStorage;
  gate: ImageGate;
  log?: FastifyBaseLogger;
}

/** Staff read cards of stays that ended at most this many days ago. */
export const STAFF_WINDOW_DAYS = 30;
/** A stored photo's longest side: enough to read a document's smallest print. */
const PHOTO_MAX_SIDE = 1600;
const PHOTO_QUALITY = 82;

const notFound = () => AppError.notFound('This booking does not exist.', 'BOOKING_NOT_FOUND');
const cardNotFound = () => AppError.notFound('This guest is not on the booking.', 'GUEST_NOT_FOUND');

export type Access = 'read' | 'write';

/** The booking if the caller may read (or change) its cards; 404, 403 or 409 otherwise (the card PDF reads with it too). */
export function checkAccess(config: Config, caller: Principal, booking: BookingWithGuest | undefined, access: Access): BookingWithGuest {
  if (!booking) throw notFound();
  if (caller.role === 'user') {
    if (booking.userId !== caller.id) throw notFound();
    if (access === 'write' && (booking.stage !== 'booked' || booking.status !== 'active')) {
      throw AppError.conflict(
        booking.status !== 'active'
          ? 'This booking is not active: its registration cards can no longer be changed.'
          : 'You are checked in: the front desk keeps your registration cards from now on.',
        'REGISTRATION_LOCKED',
      );
    }
    return booking;
  }
  if (caller.role === 'staff') {
    const since = addDays(todayAt(config.hotel.timeZone), -STAFF_WINDOW_DAYS);
    if (booking.checkOut < since) {
      throw AppError.forbidden(
        `Staff see registration cards of stays that ended in the last ${STAFF_WINDOW_DAYS} days and of current and upcoming ones. Ask an admin for older stays.`,
        'REGISTER_OUTSIDE_WINDOW',
      );
    }
  }
  return booking;
}

function presentPhoto(row: GuestPhotoRow): TGuestPhoto {
  return { _id: row.id, kind: row.kind, width: row.width, height: row.height, bytes: row.bytes, createdAt: row.createdAt.toISOString() };
}

function presentCard(row: GuestCardRow, photos: readonly GuestPhotoRow[], booking: Pick<BookingWithGuest, 'checkIn' | 'checkOut'>): TGuestCard {
  const own = photos.filter((p) => p.cardId === row.id && p.storageKey !== null);
  const document = own.find((p) => p.kind === 'document') ?? null;
  const portrait = own.find((p) => p.kind === 'portrait') ?? null;
  const card: Omit<TGuestCard, 'missing' | 'visaExpiresBeforeCheckOut'> = {
    _id: row.id,
    kind: row.kind,
    fullName: row.fullName,
    guardianName: row.guardianName,
    address: row.address,
    nationality: row.nationality,
    dateOfBirth: row.dateOfBirth,
    age: row.age,
    phone: row.phone,
    phoneVerified: row.phoneVerifiedAt !== null,
    idType: row.idType,
    idNumber: row.idNumber,
    purpose: row.purpose,
    arrivingFrom: row.arrivingFrom,
    goingTo: row.goingTo,
    passportCountry: row.passportCountry,
    visaType: row.visaType,
    visaNumber: row.visaNumber,
    visaExpiry: row.visaExpiry,
    enteredBangladesh: row.enteredBangladesh,
    photos: { document: document && presentPhoto(document), portrait: portrait && presentPhoto(portrait) },
    erased: row.erasedAt !== null,
  };
  const missing = row.erasedAt ? [] : missingOnCard({ ...card, hasDocumentPhoto: Boolean(document), hasPortraitPhoto: Boolean(portrait) }, booking.checkIn);
  return { ...card, missing, visaExpiresBeforeCheckOut: visaExpiresBeforeCheckOut(card, booking.checkOut) };
}

/** Why a room's cards are not complete, in sentences for the desk (empty when complete). */
function roomGaps(booking: Pick<BookingWithGuest, 'adults' | 'children'>, cards: readonly TGuestCard[]): string[] {
  const gaps: string[] = [];
  const adults = cards.filter((c) => c.kind === 'adult');
  const children = cards.filter((c) => c.kind === 'child');
  if (adults.length < booking.adults) gaps.push(`${booking.adults - adults.length} of ${booking.adults} adults have no card yet`);
  if (children.length < booking.children) gaps.push(`${booking.children - children.length} of ${booking.children} children are not listed yet`);
  cards.forEach((card, index) => {
    if (card.missing.length > 0) gaps.push(`Guest ${index + 1}${card.fullName ? ` (${card.fullName})` : ''} lacks: ${card.missing.join(', ')}`);
  });
  return gaps;
}

async function registrationOf(db: Executor, booking: BookingWithGuest, caller: Principal): Promise<TGuestRegistration> {
  const rows = await cardsOf(db, booking.id);
  const photos = await photosOf(db, rows.map((r) => r.id));
  const guests = rows.map((row) => presentCard(row, photos, booking));
  const missing = roomGaps(booking, guests);
  return {
    bookingId: booking.id,
    adults: booking.adults,
    children: booking.children,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    guests,
    complete: missing.length === 0,
    missing,
    registrationNote: booking.registrationNote
      ? { note: booking.registrationNote, by: booking.registrationNoteBy, at: (booking.registrationNoteAt ?? new Date()).toISOString() }
      : null,
    editable: caller.role !== 'user' || (booking.stage === 'booked' && booking.status === 'active'),
  };
}

/** Keeps `bookings.registration_complete_at` true to the cards, in the caller's transaction. */
async function syncCompleteness(tx: Executor, booking: BookingWithGuest, caller: Principal): Promise<TGuestRegistration> {
  const registration = await registrationOf(tx, booking, caller);
  const wasComplete = booking.registrationCompleteAt !== null;
  if (registration.complete !== wasComplete) {
    await updateBooking(tx, booking.id, { registrationCompleteAt: registration.complete ? new Date() : null });
  }
  return registration;
}

/** `GET /api/bookings/:id/guests`: the room's cards, the view logged. */
export async function getRegistration(deps: RegisterDeps, caller: Principal, bookingId: string, request: FastifyRequest): Promise<TGuestRegistration> {
  return inTransaction(deps.db, async (tx) => {
    const booking = checkAccess(deps.config, caller, await findBooking(tx, bookingId), 'read');
    const registration = await registrationOf(tx, booking, caller);
    if (registration.guests.length > 0) {
      await recordIdView(tx, request, { action: 'cards', bookingId, guestName: registration.guests.map((g) => g.fullName ?? '?').join(', ') });
    }
    return registration;
  });
}

/** The text of a card as stored: what the form sent, with the foreign fields dropped for a Bangladeshi. */
function cardValues(input: TGuestCardsSave['guests'][number], position: number, by: string): CardValues {
  const foreign = input.nationality != null && input.nationality !== 'BD';
  const value = <T>(v: T | null | undefined) => (v === undefined ? null : v);
  const child = input.kind === 'child';
  return {
    position,
    kind: input.kind,
    fullName: value(input.fullName),
    guardianName: child ? null : value(input.guardianName),
    address: child ? null : value(input.address),
    nationality: value(input.nationality),
    dateOfBirth: value(input.dateOfBirth),
    age: child ? value(input.age) : null,
    phone: child ? null : value(input.phone),
    idType: value(input.idType),
    idNumber: value(input.idNumber),
    purpose: child ? null : value(input.purpose),
    arrivingFrom: child ? null : value(input.arrivingFrom),
    goingTo: child ? null : value(input.goingTo),
    passportCountry: foreign ? value(input.passportCountry) : null,
    visaType: foreign ? value(input.visaType) : null,
    visaNumber: foreign ? value(input.visaNumber) : null,
    visaExpiry: foreign ? value(input.visaExpiry) : null,
    enteredBangladesh: foreign ? value(input.enteredBangladesh) : null,
    filledBy: by,
  };
}

/**
 * `PUT /api/bookings/:id/guests`: the room's whole list of guests. A card sent with its id is
 * changed in place (its photos stay; a changed phone is no longer verified), one left out is
 * removed with its photos, one without an id is added. Under the booking's row lock, so two
 * saves at once apply one after the other.
 */
export async function saveRegistration(deps: RegisterDeps, caller: Principal, bookingId: string, body: TGuestCardsSave): Promise<TGuestRegistration> {
  const { registration, orphanKeys } = await inTransaction(deps.db, async (tx) => {
    const booking = checkAccess(deps.config, caller, await findBooking(tx, bookingId, true), 'write');
    const adults = body.guests.filter((g) => g.kind === 'adult').length;
    const children = body.guests.length - adults;
    if (adults > booking.adults || children > booking.children) {
      throw AppError.badRequest(
        `This room is booked for ${booking.adults} adult(s) and ${booking.children} child(ren): list at most that many guests.`,
        'TOO_MANY_GUESTS',
      );
    }
    const existing = await cardsOf(tx, bookingId);
    const byId = new Map(existing.map((c) => [c.id, c]));
    const kept = new Set<string>();
    for (const [position, input] of body.guests.entries()) {
      if (input.id) {
        const card = byId.get(input.id);
        if (!card || kept.has(input.id)) throw cardNotFound();
        if (card.erasedAt) throw AppError.conflict('This card was erased under the retention rule and cannot be changed.', 'CARD_ERASED');
        kept.add(input.id);
        const values = cardValues(input, position, caller.id);
        await updateCard(tx, input.id, { ...values, ...(values.phone !== card.phone ? { phoneVerifiedAt: null } : {}) });
      } else {
        await insertCard(tx, bookingId, cardValues(input, position, caller.id));
      }
    }
    const orphanKeys = await deleteCards(tx, existing.filter((c) => !kept.has(c.id)).map((c) => c.id));
    return { registration: await syncCompleteness(tx, booking, caller), orphanKeys };
  });
  // The removed cards' photo files: after the commit, so a refused save deletes nothing.
  await Promise.allSettled(orphanKeys.map((key) => deps.privateStorage.delete(key)));
  return registration;
}

/** Upright, at most PHOTO_MAX_SIDE, JPEG, with no metadata at all (EXIF, GPS, XMP, ICC): sharp keeps none unless asked. */
async function encodeIdPhoto(buffer: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await sharp(buffer, { failOn: 'warning', limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: PHOTO_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw AppError.badRequest('This picture is damaged or incomplete and cannot be read. Take the photo again.', 'NOT_AN_IMAGE');
  }
}

/** `POST /api/bookings/:id/guests/:guestId/photos`: re-encoded, stripped, encrypted, stored privately. */
export async function addPhoto(
  deps: RegisterDeps,
  caller: Principal,
  bookingId: string,
  cardId: string,
  kind: TGuestPhotoKind,
  buffer: Buffer,
): Promise<TGuestPhoto> {
  const check = async (tx: Executor, lock: boolean) => {
    const booking = checkAccess(deps.config, caller, await findBooking(tx, bookingId, lock), 'write');
    const card = (await cardsOf(tx, bookingId)).find((c) => c.id === cardId);
    if (!card) throw cardNotFound();
    if (card.erasedAt) throw AppError.conflict('This card was erased under the retention rule and cannot be changed.', 'CARD_ERASED');
    return booking;
  };
  // Refused before any decoding: a caller who may not add the photo costs no CPU.
  await check(deps.db, false);
  await inspectImage(buffer);
  const encoded = await deps.gate(() => encodeIdPhoto(buffer));
  const photoId = randomUUID();
  const now = new Date();
  const key = `id-photos/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${photoId}.rsid`;
  await deps.privateStorage.put(key, encryptPhoto(deps.config.register.idEncryptionKey, photoId, encoded.data));
  try {
    return await inTransaction(deps.db, async (tx) => {
      const booking = await check(tx, true);
      const row = await insertPhoto(tx, { id: photoId, cardId, kind, storageKey: key, bytes: encoded.data.length, width: encoded.width, height: encoded.height, createdBy: caller.id });
      await syncCompleteness(tx, (await findBooking(tx, booking.id))!, caller);
      return presentPhoto(row);
    });
  } catch (error) {
    await deps.privateStorage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** `GET …/photos/:photoId`: the JPEG, decrypted, after the view is logged. */
export async function readPhoto(
  deps: RegisterDeps,
  caller: Principal,
  ids: { bookingId: string; cardId: string; photoId: string },
  request: FastifyRequest,
): Promise<Buffer> {
  const photo = await inTransaction(deps.db, async (tx) => {
    checkAccess(deps.config, caller, await findBooking(tx, ids.bookingId), 'read');
    const card = (await cardsOf(tx, ids.bookingId)).find((c) => c.id === ids.cardId);
    if (!card) throw cardNotFound();
    const row = await findPhoto(tx, ids.cardId, ids.photoId);
    if (!row) throw AppError.notFound('This photo does not exist.', 'PHOTO_NOT_FOUND');
    if (!row.storageKey) throw new AppError('PHOTO_DELETED', 'This photo was deleted after the retention period.', 410);
    await recordIdView(tx, request, { action: 'photo', bookingId: ids.bookingId, cardId: ids.cardId, photoId: ids.photoId, guestName: card.fullName, detail: row.kind });
    return row;
  });
  const stored = await deps.privateStorage.get(photo.storageKey!);
  if (!stored) throw new AppError('PHOTO_DELETED', 'This photo was deleted after the retention period.', 410);
  return decryptPhoto(deps.config.register.idEncryptionKey, photo.id, stored);
}

/** `GET …/guests/suggestions`: earlier cards to copy (text only: photos are taken anew). */
export async function suggestCards(deps: RegisterDeps, caller: Principal, bookingId: string, idNumber: string | undefined) {
  const booking = checkAccess(deps.config, caller, await findBooking(deps.db, bookingId), 'write');
  // A guest may copy their own earlier stay only: looking a stranger up by document number is the desk's.
  const found = await previousCards(deps.db, caller.role === 'user' || !idNumber ? { bookingId, userId: booking.userId } : { bookingId, idNumber });
  return {
    guests: found.map((c) => ({
      kind: c.kind,
      fullName: c.fullName,
      guardianName: c.guardianName,
      address: c.address,
      nationality: c.nationality,
      dateOfBirth: c.dateOfBirth,
      age: c.age,
      phone: c.phone,
      idType: c.idType,
      idNumber: c.idNumber,
      purpose: c.purpose,
      arrivingFrom: c.arrivingFrom,
      goingTo: c.goingTo,
      passportCountry: c.passportCountry,
      visaType: c.visaType,
      visaNumber: c.visaNumber,
      visaExpiry: c.visaExpiry,
      enteredBangladesh: c.enteredBangladesh,
      fromStay: { reference: c.reference, checkIn: c.checkIn },
    })),
  };
}

/**
 * The check-in's rule: the room's cards complete, or a note saying why not (kept with who and
 * when; the room stays on the staff's list until the cards are complete). Runs in the check-in's
 * transaction, under its booking lock.
 */
export async function requireRegistration(tx: Executor, booking: BookingWithGuest, note: string | undefined, by: string, now: Date): Promise<void> {
  const rows = await cardsOf(tx, booking.id);
  const photos = await photosOf(tx, rows.map((r) => r.id));
  const gaps = roomGaps(booking, rows.map((row) => presentCard(row, photos, booking)));
  if (gaps.length === 0) return;
  if (!note) {
    throw AppError.conflict(
      `The registration cards of room ${booking.roomNumber} are not complete: ${gaps.join('; ')}. Complete them, or check in with a note saying why.`,
      'REGISTRATION_INCOMPLETE',
    ).with({ missing: gaps });
  }
  await updateBooking(tx, booking.id, { registrationNote: note, registrationNoteBy: by, registrationNoteAt: now });
}
