import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, useTestApp, type TestAccount } from '../../test/app.ts';
import { book, day, HOTEL_ACCOUNTS, smallHotelRooms, withReference } from '../../test/stays.ts';

/*
 * The desk's daily cash-up (issue 22): money taken and refunded per staff member and method,
 * days counted at the hotel's clock (Asia/Dhaka, UTC+6, in the tests).
 */

const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
let amina: TestAccount;
let babul: TestAccount;
let first: string;
let second: string;
let firstRef: string;
let secondRef: string;

const D = day(-2);
const NEXT = day(-1);
const at = (date: string, time: string) => `${date}T${time}+06:00`;

const money = async (who: TestAccount, reservationId: string, what: 'payments' | 'refunds', body: Record<string, unknown>) => {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/reservations/${reservationId}/${what}`, headers: who.auth, payload: withReference(body) });
  expect(res.statusCode, res.body).toBe(201);
};

const cashUp = (date: string | undefined, who: { auth: Record<string, string> } = ctx.staff) =>
  ctx.app.inject({ url: `/api/reports/cash-up${date ? `?date=${date}` : ''}`, headers: who.auth });

beforeEach(async () => {
  amina = await createUser(ctx.app, { role: 'staff', name: 'Amina Khatun' });
  babul = await createUser(ctx.app, { role: 'staff', name: 'Babul Hossain' });
  const rooms = await smallHotelRooms(ctx.app, ctx.admin);
  // Two nights of Deluxe King each: ৳18,975 to pay.
  const one = await book(ctx.app, ctx.guest, rooms['101']!, day(3), day(5));
  const two = await book(ctx.app, ctx.guest, rooms['102']!, day(3), day(5));
  first = one.json().data.reservationId;
  second = two.json().data.reservationId;
  firstRef = one.json().data.reservationReference;
  secondRef = two.json().data.reservationReference;
  await money(amina, first, 'payments', { amount: 1000, method: 'cash', paidAt: at(D, '00:00:00') });
  await money(amina, first, 'payments', { amount: 2000, method: 'bkash', reference: 'BK1', paidAt: at(D, '12:00:00') });
  await money(babul, first, 'payments', { amount: 500, method: 'cash', paidAt: at(D, '23:59:59') });
  await money(babul, second, 'payments', { amount: 3000, method: 'nagad', reference: 'NG7Q2K9XZA', paidAt: at(D, '10:00:00') });
  await money(amina, first, 'refunds', { amount: 300, method: 'cash', reason: 'Paid twice', paidAt: at(D, '15:00:00') });
  // The next day at the hotel begins at 18:00 UTC of D.
  await money(babul, second, 'payments', { amount: 4000, method: 'card', reference: 'SLIP-0042', paidAt: at(NEXT, '00:00:00') });
  await money(babul, second, 'refunds', { amount: 1000, method: 'nagad', reference: 'NG8R3L0YWB', reason: 'Shuttle not taken', paidAt: at(NEXT, '09:00:00') });
});

describe('GET /api/reports/cash-up', () => {
  it('sums each staff member’s money per method on the hotel’s day, with a total per method', async () => {
    const res = await cashUp(D);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ date: D, timeZone: 'Asia/Dhaka' });
    const aminaRef = { _id: amina.id, name: 'Amina Khatun' };
    const babulRef = { _id: babul.id, name: 'Babul Hossain' };
    expect(report.rows).toEqual([
      { staff: aminaRef, method: 'cash', taken: 1000, refunded: 300, net: 700, count: 2 },
      { staff: aminaRef, method: 'bkash', taken: 2000, refunded: 0, net: 2000, count: 1 },
      { staff: babulRef, method: 'cash', taken: 500, refunded: 0, net: 500, count: 1 },
      { staff: babulRef, method: 'nagad', taken: 3000, refunded: 0, net: 3000, count: 1 },
    ]);
    expect(report.totals).toEqual([
      { method: 'cash', taken: 1500, refunded: 300, net: 1200, count: 3 },
      { method: 'card', taken: 0, refunded: 0, net: 0, count: 0 },
      { method: 'bkash', taken: 2000, refunded: 0, net: 2000, count: 1 },
      { method: 'nagad', taken: 3000, refunded: 0, net: 3000, count: 1 },
      { method: 'bank_transfer', taken: 0, refunded: 0, net: 0, count: 0 },
      { method: 'rocket', taken: 0, refunded: 0, net: 0, count: 0 },
      { method: 'upay', taken: 0, refunded: 0, net: 0, count: 0 },
    ]);
    expect(report.total).toEqual({ taken: 6500, refunded: 300, net: 6200, count: 5 });
    // Issue 31: each payment and refund with its reference, to match a bKash or Nagad statement.
    expect(report.items.map((i: { kind: string; method: string; amount: number; reference: string | null; staff: { name: string }; reservation: { reference: string } }) => [i.kind, i.method, i.amount, i.reference, i.staff.name, i.reservation.reference])).toEqual([
      ['payment', 'cash', 1000, null, 'Amina Khatun', firstRef],
      ['payment', 'nagad', 3000, 'NG7Q2K9XZA', 'Babul Hossain', secondRef],
      ['payment', 'bkash', 2000, 'BK1', 'Amina Khatun', firstRef],
      ['refund', 'cash', 300, null, 'Amina Khatun', firstRef],
      ['payment', 'cash', 500, null, 'Babul Hossain', firstRef],
    ]);
    expect(report.items[0].paidAt).toBe(new Date(at(D, '00:00:00')).toISOString());
  });

  it('counts midnight at the hotel into the day it begins, not the day before', async () => {
    const next = (await cashUp(NEXT)).json().data;
    expect(next.rows).toEqual([
      { staff: { _id: babul.id, name: 'Babul Hossain' }, method: 'card', taken: 4000, refunded: 0, net: 4000, count: 1 },
      { staff: { _id: babul.id, name: 'Babul Hossain' }, method: 'nagad', taken: 0, refunded: 1000, net: -1000, count: 1 },
    ]);
    expect(next.total).toEqual({ taken: 4000, refunded: 1000, net: 3000, count: 2 });
    // D's 00:00:00 at the hotel is 18:00 UTC of the day before: on D, not before it.
    expect((await cashUp(day(-3))).json().data).toMatchObject({ rows: [], total: { taken: 0, refunded: 0, net: 0, count: 0 } });
  });

  it('is today at the hotel without a date, and the same whole day for admins and every staff member', async () => {
    const today = (await cashUp(undefined)).json().data;
    expect(today).toMatchObject({ date: day(0), rows: [] });
    const forAdmin = (await cashUp(D, ctx.admin)).json().data;
    expect(forAdmin).toEqual((await cashUp(D, ctx.staff)).json().data);
  });

  it('refuses a guest (403), a visitor (401) and a day that is no date (400)', async () => {
    expect((await cashUp(D, ctx.guest)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/reports/cash-up.csv?date=${D}`, headers: ctx.guest.auth })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/reports/cash-up?date=${D}` })).statusCode).toBe(401);
    const bad = await cashUp('2026-02-30');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('GET /api/reports/cash-up.csv', () => {
  it('downloads the day as CSV: each payment and refund with its time and reference, a subtotal per staff member and method, then the totals', async () => {
    const res = await ctx.app.inject({ url: `/api/reports/cash-up.csv?date=${D}`, headers: ctx.staff.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="cash-up-${D}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1)).toEqual([
      '"Line","Day (Asia/Dhaka)","Time","Staff","Method","Reference","Reservation","Taken","Refunded","Net","Payments and refunds"',
      `"Payment",${D},"00:00","Amina Khatun","Cash","","${firstRef}",1000.00,0.00,1000.00,1`,
      `"Payment",${D},"10:00","Babul Hossain","Nagad","NG7Q2K9XZA","${secondRef}",3000.00,0.00,3000.00,1`,
      `"Payment",${D},"12:00","Amina Khatun","bKash","BK1","${firstRef}",2000.00,0.00,2000.00,1`,
      `"Refund",${D},"15:00","Amina Khatun","Cash","","${firstRef}",0.00,300.00,-300.00,1`,
      `"Payment",${D},"23:59","Babul Hossain","Cash","","${firstRef}",500.00,0.00,500.00,1`,
      `"Subtotal",${D},"","Amina Khatun","Cash","","",1000.00,300.00,700.00,2`,
      `"Subtotal",${D},"","Amina Khatun","bKash","","",2000.00,0.00,2000.00,1`,
      `"Subtotal",${D},"","Babul Hossain","Cash","","",500.00,0.00,500.00,1`,
      `"Subtotal",${D},"","Babul Hossain","Nagad","","",3000.00,0.00,3000.00,1`,
      `"Total",${D},"","All staff","Cash","","",1500.00,300.00,1200.00,3`,
      `"Total",${D},"","All staff","Card","","",0.00,0.00,0.00,0`,
      `"Total",${D},"","All staff","bKash","","",2000.00,0.00,2000.00,1`,
      `"Total",${D},"","All staff","Nagad","","",3000.00,0.00,3000.00,1`,
      `"Total",${D},"","All staff","Bank transfer","","",0.00,0.00,0.00,0`,
      `"Total",${D},"","All staff","Rocket","","",0.00,0.00,0.00,0`,
      `"Total",${D},"","All staff","Upay","","",0.00,0.00,0.00,0`,
      `"Total",${D},"","All staff","All methods","","",6500.00,300.00,6200.00,5`,
    ]);
  });

  it('writes a name a spreadsheet would run as a formula as text', async () => {
    const odd = await createUser(ctx.app, { role: 'staff', name: '=HYPERLINK("x")' });
    await money(odd, second, 'payments', { amount: 10, method: 'bank_transfer', paidAt: at(D, '11:00:00') });
    const res = await ctx.app.inject({ url: `/api/reports/cash-up.csv?date=${D}`, headers: ctx.admin.auth });
    expect(res.body).toContain(`"Subtotal",${D},"","'=HYPERLINK(""x"")","Bank transfer","","",10.00,0.00,10.00,1`);
  });
});
