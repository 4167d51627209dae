import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, query, useTestApp } from '../../test/app.ts';
import { act, confirm, pay, placeStay, HOTEL_ACCOUNTS, smallHotelRooms } from '../../test/stays.ts';
import { EXPORT_PAGE_ROWS } from './bookings-export.ts';

/* GET /api/admin/bookings.csv: the bookings of a period as a CSV download. */

const ids: Record<string, { _id: string; transactionId: string }> = {};

/**
 * Parses CSV as RFC 4180 writes it (quoted fields may hold commas, doubled quotes and line
 * breaks): rows of cells, the way a spreadsheet would read them.
 */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell || row.length) throw new Error('the CSV does not end with CRLF');
  return rows;
}

const ctx = useTestApp({ reset: 'file', accounts: HOTEL_ACCOUNTS });
beforeAll(async () => {
  const rooms = await smallHotelRooms(ctx.app, ctx.admin);
  const tricky = await createUser(ctx.app, { name: 'Smith, "Jo"\nJunior' });
  const formula = await createUser(ctx.app, { name: '=HYPERLINK("http://evil.example","click")' });
  const plain = await createUser(ctx.app, { name: 'Nasrin Sultana' });
  const inside = await placeStay(ctx.app, tricky, rooms['101']!, '2025-03-10', '2025-03-12');
  ids.tricky = inside;
  ids.formula = await placeStay(ctx.app, formula, rooms['102']!, '2025-03-30', '2025-04-02', { phone: '+880 1711-000111' });
  // A stay that ends on the first day of the period has no night in it; one that starts the day after does neither.
  ids.before = await placeStay(ctx.app, plain, rooms['101']!, '2025-02-25', '2025-03-01');
  ids.after = await placeStay(ctx.app, plain, rooms['101']!, '2025-04-01', '2025-04-03');
  await confirm(ctx.app, ctx.staff, inside._id);
  await query(ctx.app, sql`update bookings set stage = 'checked_out' where id = ${inside._id}`);
  await pay(ctx.app, ctx.staff, inside._id, { amount: 1000.5, method: 'card', reference: 'SLIP-7781' });
  await act(ctx.app, ctx.staff, ids.formula._id, 'no-show');
  await query(ctx.app, sql`update bookings set created_at = '2025-03-01T04:05:00Z' where id = ${inside._id}`);
}, 60_000);

const exportOf = (q: string, who = ctx.admin) => ctx.app.inject({ url: `/api/admin/bookings.csv?${q}`, headers: who.auth });

describe('GET /api/admin/bookings.csv', () => {
  it('downloads the bookings with a night in the period, with a header, as an attachment', async () => {
    const res = await exportOf('from=2025-03-01&to=2025-03-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bookings-2025-03-01-2025-03-31.csv"');
    // A byte order mark first, so that spreadsheet programs read the names as UTF-8.
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = parseCsv(res.body.slice(1));
    expect(header).toEqual([
      'Booking ID',
      'Guest',
      'E-mail',
      'Phone',
      'Room category',
      'Room number',
      'Check-in',
      'Check-out',
      'Nights',
      'Rate plan',
      'Room revenue in the period',
      'State',
      'Amount',
      'Paid',
      'Balance',
      'Payment state',
      'Payment references',
      'Created at (Asia/Dhaka)',
    ]);
    // In the order they were booked (the tricky name's stay earlier); not the stays before or after the period.
    expect(lines.map((l) => l[0])).toEqual([ids.tricky!.transactionId, ids.formula!.transactionId]);
    // 2 nights × 7,500 = 15,000 + 1,500 + 2,475 = 18,975.
    expect(lines[0]).toEqual([
      ids.tricky!.transactionId,
      'Smith, "Jo"\nJunior',
      expect.stringMatching(/@example\.com$/),
      "'+880 1711-223344",
      'Deluxe King',
      '101',
      '2025-03-10',
      '2025-03-12',
      '2',
      'STD',
      // Each night at its own price: 2 × 7,500.
      '15000.00',
      'Checked out',
      '18975.00',
      '1000.50',
      '17974.50',
      'Partly paid',
      'SLIP-7781',
      '2025-03-01 10:05',
    ]);
    // A no-show owes its plan's penalty (the first night: issue 22), not the stay it did not take up;
    // its Amount is what it costs now, as its folio says (issue 31), not the stay booked.
    expect(lines[1]!.slice(8, 17)).toEqual(['3', 'STD', '0.00', 'No-show', '7500.00', '0.00', '7500.00', 'Unpaid', '']);
  });

  it('quotes a name with a comma, quotes and a line break as RFC 4180 says', async () => {
    const res = await exportOf('from=2025-03-10&to=2025-03-10');
    expect(res.body).toContain('"Smith, ""Jo""\nJunior"');
    expect(res.body.split('\r\n').at(-1)).toBe('');
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const res = await exportOf('from=2025-03-30&to=2025-03-30');
    const [, line] = parseCsv(res.body.slice(1));
    expect(line![1]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(line![3]).toBe("'+880 1711-000111");
    expect(res.body).not.toMatch(/,"[=+\-@]/);
  });

  it('answers a header alone for a period without bookings', async () => {
    const res = await exportOf('from=2030-01-01&to=2030-01-31');
    expect(parseCsv(res.body.slice(1))).toHaveLength(1);
  });

  it('pages through more bookings than one page holds, each once, in the order they were booked', async () => {
    const many = EXPORT_PAGE_ROWS + 20;
    const guest = await createUser(ctx.app, { name: 'Many Stays' });
    const room = (await query<{ id: string }>(ctx.app, sql`select id from rooms where room_number = '102'`))[0]!.id;
    // One-night stays back to back, written directly: the API would take minutes for so many.
    await query(
      ctx.app,
      sql`insert into bookings (transaction_id, user_id, room_id, room_category, room_number, check_in, check_out, adults, phone,
            nights, per_night_cost, subtotal, without_vat_and_service, service_charge, vat, amount)
          select 'RSV-MANY' || lpad(k::text, 4, '0'), ${guest.id}, ${room}, 'Deluxe King', '102',
            date '2028-01-01' + k, date '2028-01-01' + k + 1, 1, '01700000000', 1, 100, 100, 100, 0, 0, 100
          from generate_series(0, ${many - 1}) as k`,
    );
    // Booked at moments a microsecond apart, the last first: a page boundary falls inside a millisecond.
    await query(
      ctx.app,
      sql`update bookings set created_at = timestamptz '2027-06-01 10:00:00.000001+00' + (${many} - right(transaction_id, 4)::int) * interval '1 microsecond'
          where transaction_id like 'RSV-MANY%'`,
    );
    const res = await exportOf('from=2028-01-01&to=2029-12-31');
    const [, ...lines] = parseCsv(res.body.slice(1));
    expect(lines).toHaveLength(many);
    expect(new Set(lines.map((l) => l[0])).size).toBe(many);
    // The last made first in the file: booking order, not the order of references.
    expect(lines[0]![0]).toBe(`RSV-MANY${String(many - 1).padStart(4, '0')}`);
  });

  it('answers 400 to a bad period, and 403 to staff', async () => {
    const bad = await exportOf('from=2025-04-01&to=2025-03-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const farEnd = await exportOf('to=9999-12-31');
    expect(farEnd.statusCode).toBe(400);
    expect(farEnd.json()).toMatchObject({ success: false, message: 'Choose a day from 2000-01-01 to 2099-12-31.' });
    expect((await exportOf('', ctx.staff)).statusCode).toBe(403);
  });
});
