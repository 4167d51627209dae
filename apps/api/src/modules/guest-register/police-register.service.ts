import { addDays, HOME_COUNTRY, todayAt, type TPoliceRegister, type TPoliceRegisterQuery, type TPoliceRegisterRow } from '@residency/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { rows, type Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { textCell } from '../../lib/csv.ts';
import type { Principal } from '../../types.d.ts';
import { STAFF_WINDOW_DAYS } from './guest-register.service.ts';

/*
 * The police register (issue 34): every guest in the house on any night of a range, as the Dhaka
 * Metropolitan Police's directive asks a residential hotel to keep it (decision 0022). A guest
 * is "in the house" when their room was checked in (not cancelled) and its stay [check-in,
 * check-out) has a night in the range. Bangladeshis and foreigners are two sections; a card
 * erased under the retention rule keeps its line and no personal text.
 */

interface RegisterLine {
  card_id: string;
  booking_id: string;
  reference: string;
  room_number: string;
  kind: 'adult' | 'child';
  erased: boolean;
  full_name: string | null;
  guardian_name: string | null;
  nationality: string | null;
  date_of_birth: string | null;
  age: number | null;
  id_type: TPoliceRegisterRow['idType'];
  id_number: string | null;
  phone: string | null;
  address: string | null;
  check_in: string;
  check_out: string;
  checked_in_at: Date | string | null;
  checked_out_at: Date | string | null;
  passport_country: string | null;
  visa_type: string | null;
  visa_number: string | null;
  visa_expiry: string | null;
  entered_bangladesh: string | null;
  purpose: string | null;
  arriving_from: string | null;
  going_to: string | null;
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/**
 * Staff read the register of the last STAFF_WINDOW_DAYS days and onwards (the cards' own rule:
 * staff see stays from the last 30 days and upcoming ones); an older range is an admin's.
 */
export function checkRegisterWindow(config: Config, caller: Principal, from: string): void {
  if (caller.role === 'admin') return;
  const since = addDays(todayAt(config.hotel.timeZone), -STAFF_WINDOW_DAYS);
  if (from < since) {
    throw AppError.forbidden(
      `Staff may download the register from ${since} on (the last ${STAFF_WINDOW_DAYS} days and later). Ask an admin for an older range.`,
      'REGISTER_OUTSIDE_WINDOW',
    );
  }
}

/** The register of the nights `from` to `to` (both included). */
export async function policeRegister(db: Executor, query: Pick<TPoliceRegisterQuery, 'from' | 'to'>): Promise<TPoliceRegister> {
  const { from, to } = query;
  // Rooms checked in and not cancelled whose stay has a night in [from, to].
  const inHouse = sql`b.checked_in_at is not null and b.status <> 'cancelled' and b.check_in <= ${to}::date and b.check_out > ${from}::date`;
  const lines = await rows<RegisterLine>(
    db,
    sql`select c.id as card_id, b.id as booking_id, r.reference, b.room_number, c.kind, c.erased_at is not null as erased,
          c.full_name, c.guardian_name, c.nationality, c.date_of_birth::text as date_of_birth, c.age, c.id_type, c.id_number, c.phone,
          c.address, b.check_in::text as check_in, b.check_out::text as check_out, b.checked_in_at, b.checked_out_at,
          c.passport_country, c.visa_type, c.visa_number, c.visa_expiry::text as visa_expiry,
          c.entered_bangladesh::text as entered_bangladesh, c.purpose, c.arriving_from, c.going_to
        from guest_cards c
        join bookings b on b.id = c.booking_id
        join reservations r on r.id = b.reservation_id
        where ${inHouse}
        order by b.check_in, b.room_number, b.id, c.position`,
  );
  const incomplete = await rows<{ booking_id: string; reference: string; room_number: string; guest_name: string; note: string | null }>(
    db,
    sql`select b.id as booking_id, r.reference, b.room_number, u.name as guest_name, b.registration_note as note
        from bookings b
        join reservations r on r.id = b.reservation_id
        join users u on u.id = b.user_id
        where ${inHouse} and b.registration_note is not null and b.registration_complete_at is null
        order by b.check_in, b.room_number`,
  );
  return {
    from,
    to,
    guests: lines.map((l) => ({
      cardId: l.card_id,
      bookingId: l.booking_id,
      reference: l.reference,
      roomNumber: l.room_number,
      kind: l.kind,
      erased: l.erased,
      fullName: l.full_name ?? '',
      guardianName: l.guardian_name,
      nationality: l.nationality,
      foreign: l.nationality !== null && l.nationality !== HOME_COUNTRY,
      dateOfBirth: l.date_of_birth,
      age: l.age,
      idType: l.id_type,
      idNumber: l.id_number,
      phone: l.phone,
      address: l.address,
      arrival: l.check_in,
      departure: l.check_out,
      checkedInAt: iso(l.checked_in_at),
      checkedOutAt: iso(l.checked_out_at),
      passportCountry: l.passport_country,
      visaType: l.visa_type,
      visaNumber: l.visa_number,
      visaExpiry: l.visa_expiry,
      enteredBangladesh: l.entered_bangladesh,
      purpose: l.purpose,
      arrivingFrom: l.arriving_from,
      goingTo: l.going_to,
    })),
    incomplete: incomplete.map((b) => ({ bookingId: b.booking_id, reference: b.reference, roomNumber: b.room_number, guestName: b.guest_name, note: b.note })),
  };
}

/** What an erased line says in place of the guest's text. */
const ERASED_LINE = 'Entry erased under the retention rule (REGISTER_RETENTION_DAYS after check-out)';

const ID_TYPE_NAMES = { nid: 'NID', passport: 'Passport', driving_licence: 'Driving licence', birth_certificate: 'Birth certificate' } as const;

/**
 * The register as CSV, as the other exports write it (RFC 4180, a byte order mark, CRLF, text
 * cells guarded against spreadsheet formulas): one header row, a line per guest; `Section` says
 * Bangladeshi or Foreigner (the foreigners' columns are empty for a Bangladeshi). Rooms checked
 * in without complete cards follow, one line each, in the Section `Incomplete cards`.
 */
export function policeRegisterCsv(report: TPoliceRegister): string {
  const header = [
    'Section',
    'Room',
    'Reservation',
    'Arrival',
    'Departure',
    'Guest',
    'Adult or child',
    "Father's or husband's name",
    'Address',
    'Nationality',
    'Date of birth',
    'Age',
    'ID type',
    'ID number',
    'Phone',
    'Passport country',
    'Visa type',
    'Visa number',
    'Visa expiry',
    'Entered Bangladesh',
    'Purpose',
    'Arriving from',
    'Going to',
  ]
    .map(textCell)
    .join(',');
  const cell = (value: string | number | null) => (value === null ? '""' : typeof value === 'number' ? String(value) : textCell(value));
  const lines = [...sections(report.guests)].map((r) => {
    const stay = [textCell(r.foreign ? 'Foreigner' : 'Bangladeshi'), textCell(r.roomNumber), textCell(r.reference), r.arrival, r.departure];
    if (r.erased) return [...stay, textCell(ERASED_LINE), ...Array<string>(17).fill('""')].join(',');
    return [
      ...stay,
      cell(r.fullName),
      textCell(r.kind === 'child' ? 'Child' : 'Adult'),
      cell(r.guardianName),
      cell(r.address),
      cell(r.nationality),
      r.dateOfBirth ?? '""',
      cell(r.age),
      cell(r.idType ? ID_TYPE_NAMES[r.idType] : null),
      cell(r.idNumber),
      cell(r.phone),
      cell(r.passportCountry),
      cell(r.visaType),
      cell(r.visaNumber),
      r.visaExpiry ?? '""',
      r.enteredBangladesh ?? '""',
      cell(r.purpose),
      cell(r.arrivingFrom),
      cell(r.goingTo),
    ].join(',');
  });
  const incomplete = report.incomplete.map((b) =>
    [textCell('Incomplete cards'), textCell(b.roomNumber), textCell(b.reference), '""', '""', textCell(b.note ? `${b.guestName}: ${b.note}` : b.guestName), ...Array<string>(17).fill('""')].join(','),
  );
  return `\uFEFF${[header, ...lines, ...incomplete].join('\r\n')}\r\n`;
}

/** The register's lines in print order: Bangladeshis (and cards without a nationality), then foreigners. */
function sections(guests: readonly TPoliceRegisterRow[]): TPoliceRegisterRow[] {
  return [...guests.filter((g) => !g.foreign), ...guests.filter((g) => g.foreign)];
}
