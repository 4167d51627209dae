import ical, { ICalCalendarMethod } from 'ical-generator';

interface Nights {
  id: string;
  checkIn: string;
  checkOut: string;
}

/**
 * A room's calendar for a channel (RFC 5545, written by ical-generator: CRLF line ends, lines
 * folded at 75 octets): one all-day VEVENT per stay ("Reserved") and per block ("Not
 * available"), DTSTART on the check-in day and an exclusive DTEND on the check-out day, and a
 * UID that stays the same for as long as the stay does. No guest's name, e-mail or phone.
 */
export function writeCalendar(input: { hotelName: string; roomNumber: string; host: string; stays: Nights[]; blocks: Nights[] }): string {
  const calendar = ical({
    prodId: { company: input.hotelName, product: 'Residency channel export', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name: `${input.hotelName}, room ${input.roomNumber}`,
  });
  const stamp = new Date();
  const add = (n: Nights, kind: 'stay' | 'block', summary: string) =>
    // Dates as YYYY-MM-DD strings: written as VALUE=DATE whatever the server's time zone.
    calendar.createEvent({ id: `${kind}-${n.id}@${input.host}`, start: n.checkIn, end: n.checkOut, allDay: true, summary, stamp });
  for (const stay of input.stays) add(stay, 'stay', 'Reserved');
  for (const block of input.blocks) add(block, 'block', 'Not available');
  // Every line of the format ends in CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}
