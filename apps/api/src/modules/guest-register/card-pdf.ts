import { desc, eq } from 'drizzle-orm';
import { HOME_COUNTRY, visaExpiresBeforeCheckOut, type TLanguage } from '@residency/shared';
import { formatLongDate, formatWholeNumber } from '@residency/shared/display';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { guestPhotos, type GuestCardRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../lib/transactions.ts';
import type { PrivateStorage } from '../../plugins/private-storage.ts';
import type { Principal } from '../../types.d.ts';
import { BOTTOM, CONTENT, digits, lineHeight, MARGIN, MUTED, RULE, WARN, type Page, type Style } from '../../lib/pdf-page.ts';
import { bookingWithGuest } from '../reservations/bookings.service.ts';
import { checkAccess } from './guest-register.service.ts';
import { cardsOf } from './guest-register.repository.ts';
import { recordIdView } from './id-views.ts';
import { decryptPhoto } from './photo-crypto.ts';
import { registerLabels } from './police-register-labels.ts';
import { drawHotelHeading, hotelMoment, openDocument } from '../../lib/pdf-document.ts';
import { countryName, day, drawFooters } from './police-register-pdf.ts';

/*
 * One guest's registration card as a PDF (issue 34), for the hotel's file or an officer's
 * request: the hotel, the stay, every field of the card, the guest's photo and the ID
 * document's (decrypted here, never written anywhere else). Who may have it: the room's own
 * guest (their own room; any other is a 404, as for bookings), staff for stays that ended in the
 * last STAFF_WINDOW_DAYS days and later ones, admins all. Each download is logged.
 */

export interface CardPdfDeps {
  db: Database;
  config: Config;
  privateStorage: PrivateStorage;
}

type Booking = NonNullable<Awaited<ReturnType<typeof bookingWithGuest>>>;
interface Photo {
  jpeg: Buffer | null;
  /** A photo that was taken and later deleted under the retention rule. */
  deleted: boolean;
}

/** `GET /api/bookings/:id/guests/:guestId/card.pdf`: the card as a PDF, its download logged. */
export async function cardPdf(
  deps: CardPdfDeps,
  caller: Principal,
  ids: { bookingId: string; cardId: string },
  language: TLanguage,
  request: FastifyRequest,
): Promise<{ pdf: Buffer; filename: string }> {
  const { booking, card, photoRows } = await inTransaction(deps.db, async (tx) => {
    const booking = checkAccess(deps.config, caller, await bookingWithGuest(tx, ids.bookingId), 'read');
    const card = (await cardsOf(tx, booking.id)).find((c) => c.id === ids.cardId);
    if (!card) throw AppError.notFound('This guest is not on the booking.', 'GUEST_NOT_FOUND');
    // Every photo row, the deleted ones too: the card then says the photo was deleted, not that none was taken.
    const photoRows = await tx.select().from(guestPhotos).where(eq(guestPhotos.cardId, card.id)).orderBy(desc(guestPhotos.createdAt));
    return { booking, card, photoRows };
  });
  const photo = async (kind: 'document' | 'portrait'): Promise<Photo> => {
    const row = photoRows.find((p) => p.kind === kind && p.storageKey !== null && p.deletedAt === null);
    if (!row) return { jpeg: null, deleted: photoRows.some((p) => p.kind === kind) };
    const stored = await deps.privateStorage.get(row.storageKey!);
    if (!stored) return { jpeg: null, deleted: true };
    return { jpeg: decryptPhoto(deps.config.register.idEncryptionKey, row.id, stored), deleted: false };
  };
  const pdf = await renderCardPdf({ booking, card, portrait: await photo('portrait'), document: await photo('document') }, deps.config, language);
  // Logged before the bytes leave: no card is seen without its line.
  await recordIdView(deps.db, request, {
    action: 'card_pdf',
    bookingId: booking.id,
    cardId: card.id,
    guestName: card.fullName,
    detail: `PDF (${language})`,
  });
  return { pdf, filename: `registration-card-${booking.reservationReference}-${card.position + 1}.pdf` };
}

/** A photo in a framed box with its caption; "no photo" or "deleted" written in the box when there is none. */
function drawPhoto(page: Page, caption: string, photo: Photo, x: number, y: number, width: number, height: number, empty: string) {
  page.line(caption, x, y + 8, { size: 8, bold: true, color: MUTED });
  const top = y + 12;
  page.doc.rect(x, top, width, height).lineWidth(0.6).strokeColor(RULE).stroke();
  if (photo.jpeg) {
    page.doc.image(photo.jpeg, x + 2, top + 2, { fit: [width - 4, height - 4], align: 'center', valign: 'center' });
  } else {
    page.line(empty, x, top + height / 2, { size: 8.5, color: MUTED }, 'center', width);
  }
  return top + height;
}

/** The card of `view` as an A4 landscape PDF: photos at the left, the fields at the right. */
function renderCardPdf(
  view: { booking: Booking; card: GuestCardRow; portrait: Photo; document: Photo },
  config: Config,
  language: TLanguage,
  now = new Date(),
): Promise<Buffer> {
  const t = registerLabels(language);
  const lng = language;
  const { booking, card } = view;
  const { page, done } = openDocument(registerLabels('en').cardTitle, language);
  const stay = `${formatLongDate(booking.checkIn, lng)} – ${formatLongDate(booking.checkOut, lng)}`;
  drawHotelHeading(page, config, lng, t.cardTitle, [
    `${t.reservation}: ${booking.reservationReference}`,
    `${t.room}: ${digits(booking.roomNumber, lng)}`,
    `${t.stay}: ${stay}`,
    `${t.generatedAt}: ${hotelMoment(now, config, lng)}`,
  ]);

  const photoWidth = 210;
  const top = page.y;
  const text = (v: string | null) => (v ? digits(v, lng) : t.notGiven);
  const deleted = (p: Photo) => (p.deleted ? t.photoDeleted : t.noPhoto);
  const portraitEnd = drawPhoto(page, t.portrait, view.portrait, MARGIN, top, photoWidth, 200, deleted(view.portrait));
  drawPhoto(page, t.document, view.document, MARGIN, portraitEnd + 10, photoWidth, 150, deleted(view.document));

  const x = MARGIN + photoWidth + 24;
  const width = CONTENT - photoWidth - 24;
  if (card.erasedAt) {
    page.block(t.erased, x, top, width, { size: 12, bold: true, color: WARN });
    drawFooters(page, t, lng, `${config.hotel.name} · ${t.cardTitle} · ${booking.reservationReference}`);
    page.doc.end();
    return done;
  }

  const f = t.fields;
  const foreign = card.nationality !== null && card.nationality !== HOME_COUNTRY;
  const verified = card.phoneVerifiedAt ? ` (${t.verified})` : '';
  const fields: { label: string; value: string; wide?: boolean; warn?: boolean }[] = [
    { label: f.fullName, value: text(card.fullName) },
    card.kind === 'child'
      ? { label: f.age, value: card.age === null ? t.notGiven : t.child(formatWholeNumber(card.age, lng)) }
      : { label: f.guardianName, value: text(card.guardianName) },
    { label: f.nationality, value: card.nationality ? countryName(card.nationality, lng) : t.notGiven },
    { label: f.dateOfBirth, value: card.dateOfBirth ? formatLongDate(card.dateOfBirth, lng) : t.notGiven },
    { label: f.idType, value: card.idType ? t.idTypes[card.idType] : t.notGiven },
    { label: f.idNumber, value: text(card.idNumber) },
  ];
  if (card.kind === 'adult') {
    fields.push(
      { label: f.phone, value: card.phone ? `${digits(card.phone, lng)}${verified}` : t.notGiven },
      { label: f.purpose, value: text(card.purpose) },
      { label: f.arrivingFrom, value: text(card.arrivingFrom) },
      { label: f.goingTo, value: text(card.goingTo) },
      { label: f.address, value: text(card.address), wide: true },
    );
  }
  if (foreign) {
    const lapses = visaExpiresBeforeCheckOut(card, booking.checkOut);
    fields.push(
      { label: f.passportCountry, value: card.passportCountry ? countryName(card.passportCountry, lng) : t.notGiven },
      { label: f.visaType, value: text(card.visaType) },
      { label: f.visaNumber, value: text(card.visaNumber) },
      { label: f.visaExpiry, value: card.visaExpiry ? `${day(card.visaExpiry, lng)}${lapses ? ` · ${t.visaBeforeCheckOut}` : ''}` : t.notGiven, warn: lapses },
      { label: f.enteredBangladesh, value: card.enteredBangladesh ? formatLongDate(card.enteredBangladesh, lng) : t.notGiven },
    );
  }
  fields.push(
    { label: t.checkedIn, value: booking.checkedInAt ? hotelMoment(booking.checkedInAt, config, lng) : '–' },
    { label: t.checkedOut, value: booking.checkedOutAt ? hotelMoment(booking.checkedOutAt, config, lng) : '–' },
  );

  const labelStyle: Style = { size: 7.5, color: MUTED };
  const gap = 16;
  const column = (width - gap) / 2;
  let y = top;
  let slot = 0;
  let rowEnd = top;
  for (const field of fields) {
    if (field.wide && slot === 1) {
      y = rowEnd;
      slot = 0;
    }
    const fx = x + slot * (column + gap);
    const fw = field.wide ? width : column;
    const valueStyle: Style = { size: 10, ...(field.warn ? { color: WARN, bold: true } : {}) };
    const height = lineHeight(labelStyle) + page.block(field.value, fx, y + lineHeight(labelStyle) - 2, fw, valueStyle) + 4;
    page.block(field.label, fx, y, fw, labelStyle);
    page.rule(y + height - 2, fx, fw);
    rowEnd = Math.max(rowEnd, y + height + 4);
    if (field.wide || slot === 1) {
      y = rowEnd;
      slot = 0;
    } else slot = 1;
  }
  // The guest signs the printed card at the desk, as on the paper book.
  // Under the fields, in the right column; never down into the footer.
  const signTop = Math.min(rowEnd + 24, BOTTOM - 44);
  page.doc.moveTo(x + width - 220, signTop + 28).lineTo(x + width, signTop + 28).lineWidth(0.6).strokeColor(MUTED).stroke();
  page.line(t.signature, x + width - 220, signTop + 40, labelStyle, 'center', 220);

  drawFooters(page, t, lng, `${config.hotel.name} · ${t.cardTitle} · ${booking.reservationReference}`);
  page.doc.end();
  return done;
}
