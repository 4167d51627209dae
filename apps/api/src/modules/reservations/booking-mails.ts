import {
  encodeNightlyLines,
  encodeReservationRooms,
  instantAt,
  PAYMENT_METHOD_NAMES,
  todayAt,
  wallClockAt,
  type MailNight,
  type PaymentMethod,
  type TLanguage,
} from '@residency/shared';
import type { Config } from '../../config.ts';
import { payLinkUrl } from '../../lib/pay-links.ts';
import type { Executor } from '../../db/client.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import type { SmsOutbox } from '../../plugins/sms.ts';
import { categoryNamesIn } from '../categories/categories.service.ts';
import { enqueueTemplatedMails, type TemplatedMail, type TemplateValues } from '../email-templates/email-templates.service.ts';
import { enqueueGuestSms, type GuestSms } from '../sms/sms.service.ts';
import { bookingsOfReservation, type BookingRow, type BookingWithGuest } from './bookings.repository.ts';

/*
 * The e-mails a booking sends, written to the outbox in the caller's transaction (so a refused
 * change leaves no mail behind). Who gets what: both confirmations on booking; the guest a
 * status update on confirmation and when the stay is fully paid, and the cancellation. The
 * front desk's check-in, check-out and no-show send nothing.
 *
 * A guest's mail is written in the booking's language (the site's language when it was booked),
 * the hotel's copy in the hotel's (HOTEL_LANGUAGE), each from the active design of its type in
 * that language, else the built-in default (email-templates). Values go as the booking has them
 * (amounts as numbers, days as ISO dates): the template's renderer writes them for the reader
 * (৳9,487.50 and Tue, Dec 1, 2026; or in Bengali, with Bengali digits in room numbers); the room
 * types' names are given here in the reader's language (their Bengali names in Bengali).
 *
 * Every mail names the reservation by its reference, the one the guest quotes (issue 31): a mail
 * about one room of several says which room, never the room's own transactionId (the desk's).
 * A status mail is of the whole reservation: one for all its rooms.
 */

interface MailDeps {
  mailer: Mailer;
  sms: SmsOutbox;
  config: Config;
}
/** The booking's guest; `email` is null for a guest booked at the desk without one. */
type Guest = { name: string; email: string | null };
/**
 * A booking mail, addressed to nobody when it is the guest's and the guest has no e-mail. A
 * guest's mail names its reservation, so that its SMS twin can find the guest's number.
 */
type BookingMail = Omit<TemplatedMail, 'to'> & {
  to: string | null;
  reservationId?: string;
  /** The new reservation's rooms are confirmed already (a walk-in): only then does its SMS say "confirmed". */
  confirmed?: boolean;
};

/**
 * Writes booking e-mails to the outbox in the caller's transaction, in one statement. A guest
 * without an e-mail gets none (the staff screens say so); the hotel's own copies still go.
 * Each guest mail's SMS twin (smsOfMail) goes to the guests who get SMS (issue 34: those without
 * an e-mail always, the others by choice), in the same transaction.
 */
export async function enqueueBookingMails(deps: MailDeps, tx: Executor, mails: BookingMail[]) {
  const { addressed, texts } = splitBookingMails(mails);
  if (addressed.length > 0) await enqueueTemplatedMails(deps, tx, addressed);
  if (texts.length > 0) await enqueueGuestSms(deps, tx, texts);
}

/** The mails that go (to an address) and the SMS twins that go with them (enqueueBookingMails). */
export function splitBookingMails(mails: BookingMail[]): { addressed: TemplatedMail[]; texts: GuestSms[] } {
  return {
    addressed: mails.filter((mail): mail is TemplatedMail => mail.to !== null),
    texts: mails.flatMap((mail) => smsOfMail(mail) ?? []),
  };
}

const filled = (value: TemplateValues[string]) => value !== null && value !== undefined && value !== '';

/**
 * The SMS that goes with a guest's booking mail: the confirmation's BOOKING_CONFIRMED when the
 * rooms are confirmed at once (a walk-in); a status
 * update's PAYMENT_RECEIVED when a payment completed it, else BOOKING_CONFIRMED when the stay is
 * confirmed (the desk confirmed it, or changed its dates or room); the cancellation's
 * CANCELLATION. None for the hotel's copies, nor for a status update of a stay not confirmed.
 */
function smsOfMail(mail: BookingMail): GuestSms | null {
  if (!mail.reservationId) return null;
  const v = mail.values;
  const common = {
    name: v.name,
    reservationId: v.reservationId ?? v.transactionId,
    startDate: v.startDate,
    endDate: v.endDate,
    room: v.room ?? (filled(v.roomNumber) ? `${v.roomType ?? ''} (${v.roomNumber})`.trim() : v.roomType),
  };
  const sms = (type: GuestSms['type'], values: TemplateValues): GuestSms => ({ reservationId: mail.reservationId!, type, language: mail.language, values: { ...common, ...values } });
  switch (mail.type) {
    case 'BOOKING_CONFIRMATION_USER':
      // A booking made online waits for the desk: its SMS says "confirmed" when the desk confirms
      // it (the status update below), not twice, and never before it is true.
      return mail.confirmed === false ? null : sms('BOOKING_CONFIRMED', { amount: v.amount });
    case 'BOOKING_STATUS_UPDATE':
      if (filled(v.paymentMethod)) return sms('PAYMENT_RECEIVED', { amount: v.amount, paymentMethod: v.paymentMethod, paymentReference: v.paymentReference });
      return v.confirmation === 'Confirmed' ? sms('BOOKING_CONFIRMED', { amount: v.amount }) : null;
    case 'BOOKING_CANCELLATION':
      return sms('CANCELLATION', {});
    default:
      return null;
  }
}

/** What a confirmation says of a room: the booking as it is being written (before the database has it). */
type NewBooking = Pick<
  BookingRow,
  | 'reservationId' | 'roomCategory' | 'roomNumber' | 'checkIn' | 'checkOut' | 'adults' | 'children' | 'phone' | 'address' | 'nights'
  | 'perNightCost' | 'subtotal' | 'discount' | 'couponCode' | 'vat' | 'serviceCharge' | 'withOutVatAndService' | 'amount'
  | 'deposit' | 'depositDueAt' | 'createdAt' | 'language' | 'isConfirmed'
>;

/** One room of a new reservation with the nights it was sold. */
export interface MailedRoom {
  row: NewBooking;
  nights: readonly Omit<MailNight, 'room'>[];
}

/**
 * BOOKING_CONFIRMATION_USER to the guest, in the reservation's language, and
 * BOOKING_CONFIRMATION_ADMIN to the hotel, in the hotel's: one pair for the reservation, however
 * many rooms it holds.
 */
export async function confirmationMails(config: Config, tx: Executor, rooms: readonly MailedRoom[], guest: Guest, reference: string): Promise<BookingMail[]> {
  const guestLanguage = rooms[0]!.row.language;
  const valuesIn = async (language: TLanguage) => {
    const name = await categoryNamesIn(tx, language, rooms.map((r) => r.row.roomCategory));
    return confirmationVariables(config, rooms, guest, reference, name);
  };
  const forGuest = await valuesIn(guestLanguage);
  const forHotel = config.hotel.language === guestLanguage ? forGuest : await valuesIn(config.hotel.language);
  return [
    {
      type: 'BOOKING_CONFIRMATION_USER',
      language: guestLanguage,
      to: guest.email,
      values: forGuest,
      reservationId: rooms[0]!.row.reservationId,
      confirmed: rooms.every((r) => r.row.isConfirmed),
    },
    { type: 'BOOKING_CONFIRMATION_ADMIN', language: config.hotel.language, to: config.hotel.email, values: forHotel },
  ];
}

const sum = <T>(rooms: readonly T[], pick: (b: T) => number) => Math.round(rooms.reduce((s, b) => s + pick(b), 0) * 100) / 100;

/**
 * The reservation's figures: one room's as they are, several rooms' added up (the rooms listed in
 * `rooms`, their nights after each room's name). A price a night is always one room's: several
 * rooms leave `perNightCost` empty rather than add their prices (issue 31). `name` gives a room
 * type's name in the mail's language.
 */
function confirmationVariables(config: Config, mailed: readonly MailedRoom[], guest: Guest, reference: string, name: (category: string) => string): TemplateValues {
  const rooms = mailed.map((m) => m.row);
  const first = rooms[0]!;
  const several = rooms.length > 1;
  const discount = sum(rooms, (b) => b.discount);
  return {
    name: guest.name,
    email: guest.email ?? '-',
    reservationId: reference,
    roomType: [...new Set(rooms.map((b) => name(b.roomCategory)))].join(', '),
    roomNumber: rooms.map((b) => b.roomNumber).join(', '),
    startDate: first.checkIn,
    endDate: first.checkOut,
    amount: sum(rooms, (b) => b.amount),
    phone: first.phone,
    address: first.address ?? '-',
    nights: first.nights,
    perNightCost: several ? '' : first.perNightCost,
    subtotal: sum(rooms, (b) => b.subtotal),
    // Empty without a coupon: the mail then leaves the discount line out.
    discount: discount > 0 ? discount : '',
    couponCode: discount > 0 ? (first.couponCode ?? '') : '',
    vat: sum(rooms, (b) => b.vat),
    serviceCharge: sum(rooms, (b) => b.serviceCharge),
    withOutVatAndService: sum(rooms, (b) => b.withOutVatAndService),
    orderDate: todayAt(config.hotel.timeZone, first.createdAt),
    admin_email: config.hotel.email,
    // Each night of each room; several rooms: each room's nights after its name.
    nightlyLines: encodeNightlyLines(
      mailed.flatMap(({ row, nights }) => nights.map((n) => (several ? { ...n, room: `${name(row.roomCategory)} ${row.roomNumber}` } : n))),
    ),
    // Several rooms are listed one by one; a one-room mail leaves the list out.
    rooms: several
      ? encodeReservationRooms(rooms.map((b) => ({ roomType: name(b.roomCategory), roomNumber: b.roomNumber, adults: b.adults, children: b.children, nights: b.nights, amount: b.amount })))
      : '',
    ...depositVariables(config, rooms),
    payUrl: payUrlOf(config, rooms),
  };
}

/**
 * The guest's link to pay online until check-in (issue 33), signed and expiring then; empty when
 * the hotel takes no online payment or nothing is to pay.
 */
function payUrlOf(config: Config, rooms: readonly NewBooking[]): string {
  const first = rooms[0]!;
  if (config.payments.methods.length === 0 || sum(rooms, (b) => b.amount) <= 0) return '';
  const checkIn = rooms.reduce((min, r) => (r.checkIn < min ? r.checkIn : min), first.checkIn);
  return payLinkUrl(config, first.reservationId, instantAt(checkIn, config.hotel.checkInTime, config.hotel.timeZone));
}

/**
 * The deposit the rooms' plans ask at booking (nothing is paid yet when the mail is written) and
 * the earliest time it is due, in the hotel's clock; both empty when no plan asks one, so the
 * mail leaves the line out.
 */
function depositVariables(config: Config, rooms: readonly NewBooking[]): { deposit: number | ''; depositDueBy: string } {
  const deposit = sum(rooms, (b) => b.deposit);
  const due = rooms.flatMap((b) => (b.deposit > 0 && b.depositDueAt ? [b.depositDueAt.getTime()] : []));
  if (deposit <= 0 || due.length === 0) return { deposit: '', depositDueBy: '' };
  const { date, time } = wallClockAt(new Date(Math.min(...due)), config.hotel.timeZone);
  return { deposit, depositDueBy: `${date}T${time}` };
}

/** Rooms as a mail names them: 'Deluxe King (101), Family Room (201)' (the renderer writes the digits for the reader). */
const roomsNamed = (rows: readonly BookingRow[], name: (category: string) => string) => rows.map((r) => `${name(r.roomCategory)} (${r.roomNumber})`).join(', ');

/**
 * BOOKING_STATUS_UPDATE to the guest, of the whole reservation (issue 31: one mail, not one per
 * room): its reference, its rooms still booked (all of them when none is), their dates and
 * amount, confirmed when every one of them is, and the payment state they share. Sent because a
 * payment completed it: that payment's method and reference (a bKash TrxID…), whose lines the
 * mail leaves out when not given. Read inside the change's transaction, so it says the change.
 */
export async function statusUpdateMail(
  tx: Executor,
  reservationId: string,
  payment?: { method: PaymentMethod; reference: string | null },
): Promise<BookingMail> {
  const rows = await bookingsOfReservation(tx, reservationId);
  const standing = rows.filter((r) => r.status === 'active');
  const listed = standing.length > 0 ? standing : rows;
  const first = listed[0]!;
  const name = await categoryNamesIn(tx, first.language, listed.map((r) => r.roomCategory));
  return {
    type: 'BOOKING_STATUS_UPDATE',
    language: first.language,
    to: first.guestEmail,
    reservationId,
    values: {
      ...reservationVariables(listed, first),
      room: roomsNamed(listed, name),
      amount: sum(listed, (b) => b.amount),
      paymentStatus: first.paymentStatus,
      confirmation: listed.every((r) => r.isConfirmed) ? 'Confirmed' : 'Not confirmed',
      paymentMethod: payment ? PAYMENT_METHOD_NAMES[payment.method] : '',
      paymentReference: payment?.reference ?? '',
    },
  };
}

/** The guest, the reservation's reference and the stay from the first night to the last of `rows`. */
function reservationVariables(rows: readonly BookingRow[], first: BookingWithGuest) {
  return {
    name: first.guestName,
    email: first.guestEmail ?? '-',
    transactionId: first.reservationReference,
    startDate: rows.reduce((min, r) => (r.checkIn < min ? r.checkIn : min), first.checkIn),
    endDate: rows.reduce((max, r) => (r.checkOut > max ? r.checkOut : max), first.checkOut),
  };
}

/**
 * BOOKING_CANCELLATION to the guest, dated today at the hotel: the room cancelled under the
 * reservation's reference, and (one room of several) the rooms still booked.
 */
export async function cancellationMail(config: Config, tx: Executor, cancelled: BookingRow): Promise<BookingMail> {
  const rows = await bookingsOfReservation(tx, cancelled.reservationId);
  const self = rows.find((r) => r.id === cancelled.id)!;
  const others = rows.filter((r) => r.id !== cancelled.id && r.status === 'active');
  const name = await categoryNamesIn(tx, self.language, rows.map((r) => r.roomCategory));
  return {
    type: 'BOOKING_CANCELLATION',
    language: self.language,
    to: self.guestEmail,
    reservationId: cancelled.reservationId,
    values: {
      ...reservationVariables([self], self),
      room: roomsNamed([self], name),
      amount: self.amount,
      cancellationDate: todayAt(config.hotel.timeZone),
      otherRooms: roomsNamed(others, name),
    },
  };
}

/**
 * The guest's mail when an unpaid payment hold let the rooms go: BOOKING_CANCELLATION of the
 * reservation, naming every room let go.
 */
export async function holdEndedMail(config: Config, tx: Executor, reservationId: string, bookingIds: readonly string[]): Promise<BookingMail> {
  const rows = (await bookingsOfReservation(tx, reservationId)).filter((r) => bookingIds.includes(r.id));
  const first = rows[0]!;
  const name = await categoryNamesIn(tx, first.language, rows.map((r) => r.roomCategory));
  return {
    type: 'BOOKING_CANCELLATION',
    language: first.language,
    to: first.guestEmail,
    reservationId,
    values: {
      ...reservationVariables(rows, first),
      room: roomsNamed(rows, name),
      amount: sum(rows, (b) => b.amount),
      cancellationDate: todayAt(config.hotel.timeZone),
      otherRooms: '',
      cancellationReason: HOLD_ENDED_REASON[first.language],
      // The same stay and guests on the rates page, to choose rooms again.
      rebookUrl: `${config.publicUrl}/view-rates?${new URLSearchParams({ checkIn: first.checkIn, checkOut: first.checkOut, adults: String(first.adults), children: String(first.children) })}`,
    },
  };
}

const HOLD_ENDED_REASON: Record<TLanguage, string> = {
  en: 'The online payment was not completed in time, so the rooms held for you were released.',
  bn: 'সময়ের মধ্যে অনলাইন পেমেন্ট সম্পন্ন হয়নি, তাই আপনার জন্য রাখা রুমগুলো ছেড়ে দেওয়া হয়েছে।',
};
