import { addDays, instantAt, type TBooking } from '@residency/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveCategory, categoryPayload } from '../../test/rooms.ts';
import { outbox, useTestApp } from '../../test/app.ts';
import { formatShortDate } from '@residency/shared/display';
import { book, day, HOTEL_ACCOUNTS, smallHotelRooms, walkIn } from '../../test/stays.ts';

/*
 * The rate calendar (issue 21): prices per plan and day, derived plans, extra guests and meals,
 * stay rules, the log. Amounts are worked out by hand; the test hotel charges 10 % service and
 * 15 % VAT on top (config defaults), and Deluxe King's offer price is ৳7,500.
 */

const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
let rooms: Record<string, string>;
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin);
});

const bulk = (payload: Record<string, unknown>, who = ctx.admin) => ctx.app.inject({ method: 'POST', url: '/api/rates/bulk', headers: who.auth, payload: { category: 'Deluxe King', ...payload } });
const addPlan = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/rate-plans', headers: ctx.admin.auth, payload: { category: 'Deluxe King', ...payload } });
const rates = async (from: string, to: string, plan = 'STD') =>
  (await ctx.app.inject({ url: `/api/rates?category=${encodeURIComponent('Deluxe King')}&plan=${plan}&from=${from}&to=${to}`, headers: ctx.staff.auth })).json().data as {
    date: string;
    price: number;
    minStay: number;
    own: boolean;
  }[];
const booked = async (res: Awaited<ReturnType<typeof book>>) => {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as TBooking;
};
const prices = (booking: TBooking) => booking.nightlyLines.map((n) => n.price);
/** The first day on or after day(n) that falls on this weekday (0 = Sunday). */
const nextWeekday = (n: number, weekday: number) => {
  let date = day(n);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== weekday) date = addDays(date, 1);
  return date;
};

describe('a new room type', () => {
  it('sells on a Standard plan at its offer price, with a Bengali name; guests see it, and no day is set', async () => {
    const plans = await ctx.app.inject({ url: '/api/rate-plans?category=Deluxe%20King' });
    expect(plans.statusCode).toBe(200);
    expect(plans.json().data).toEqual([
      expect.objectContaining({ code: 'STD', name: { en: 'Standard', bn: 'সাধারণ রেট' }, meal: 'none', parent: null, online: true, active: true }),
    ]);
    const days = await rates(day(1), day(3));
    expect(days.map((d) => [d.price, d.minStay, d.own])).toEqual([
      [7500, 1, false],
      [7500, 1, false],
      [7500, 1, false],
    ]);
  });
});

describe('the price of a stay', () => {
  it('crosses a season: each night at its own price, lines then service charge and VAT', async () => {
    expect((await bulk({ from: day(10), to: day(19), price: 9000 })).json().data).toEqual({ days: 10 });
    const booking = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(8), day(12)));
    expect(booking.nightlyLines.map((n) => [n.date, n.price, n.plan])).toEqual([
      [day(8), 7500, 'STD'],
      [day(9), 7500, 'STD'],
      [day(10), 9000, 'STD'],
      [day(11), 9000, 'STD'],
    ]);
    // 33,000 + 10 % service (3,300) + 15 % VAT on 36,300 (5,445).
    expect(booking).toMatchObject({ ratePlan: 'STD', nights: 4, subtotal: 33000, serviceCharge: 3300, vat: 5445, amount: 41745, perNightCost: 8250 });
    // The confirmation mails say why: the same lines, grouped.
    const mails = (await outbox(ctx.app)).filter((m) => m.kind.startsWith('BOOKING_CONFIRMATION'));
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.text).toContain(`Nightly prices: ${formatShortDate(day(8))} – ${formatShortDate(day(9))}: 2 nights × ৳7,500 · ${formatShortDate(day(10))} – ${formatShortDate(day(11))}: 2 nights × ৳9,000`);
  });

  it('charges a Friday-and-Saturday rate (+15 %) on those nights only', async () => {
    const thursday = nextWeekday(20, 4);
    expect((await bulk({ from: day(14), to: day(60), weekdays: [5, 6], changePercent: 15 })).statusCode).toBe(200);
    const booking = await booked(await book(ctx.app, ctx.guest, rooms['101']!, thursday, addDays(thursday, 3)));
    expect(prices(booking)).toEqual([7500, 8625, 8625]);
    expect(booking.subtotal).toBe(24750);
  });

  it('adds an extra adult, a child and breakfast per person per night', async () => {
    // A room type that sleeps 3 adults or 2 adults and a child, 2 adults included.
    const family = categoryPayload('Family', { offerPrice: 8000 });
    const saved = await saveCategory(ctx.app, ctx.admin.auth, 'Family', {
      ...family,
      roomNumbers: '401',
      beds_and_bedding: { ...family.beds_and_bedding, maximum_adults: 3, maximum_children: 1, maximum_occupancy: 3, extra_adult_charge: 2000 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    ctx.app.roomsCache.clear();
    const familyRoom = ((await ctx.app.inject({ url: '/api/room?categories=Family' })).json().data as { _id: string }[])[0]!._id;
    const plan = await ctx.app.inject({
      method: 'POST',
      url: '/api/rate-plans',
      headers: ctx.admin.auth,
      payload: { category: 'Family', code: 'bb', name: { en: 'Bed & breakfast', bn: 'থাকা ও সকালের নাশতা' }, meal: 'breakfast', mealPrice: 800 },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    expect(plan.json().data).toMatchObject({ code: 'BB', meal: 'breakfast', mealPrice: 800 });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/rates/bulk', headers: ctx.admin.auth, payload: { category: 'Family', plan: 'BB', from: day(1), to: day(40), extraChild: 1000 } })).statusCode).toBe(200);

    // 3 adults, 2 nights: 8,000 + 2,000 (third adult, the template's charge) + 3 × 800 breakfast = 12,400 a night.
    const three = await booked(await book(ctx.app, ctx.guest, familyRoom, day(5), day(7), { adults: 3, ratePlan: 'bb' }));
    expect(three.nightlyLines.map((n) => [n.price, n.extraAdults, n.extraChildren, n.meals])).toEqual([
      [8000, 2000, 0, 2400],
      [8000, 2000, 0, 2400],
    ]);
    expect(three).toMatchObject({ ratePlan: 'BB', subtotal: 24800 });
    // 2 adults and a child, 1 night: 8,000 + 1,000 (the child) + 3 × 800 = 11,400.
    const child = await booked(await book(ctx.app, ctx.guest, familyRoom, day(10), day(11), { adults: 2, children: 1, ratePlan: 'BB' }));
    expect(child.nightlyLines.map((n) => [n.price, n.extraAdults, n.extraChildren, n.meals])).toEqual([[8000, 0, 1000, 2400]]);
    expect(child.subtotal).toBe(11400);
  });

  it('follows the parent on a derived plan, but keeps a day the derived plan set itself', async () => {
    const nrf = await addPlan({
      code: 'NRF',
      name: { en: 'Non-refundable', bn: 'অফেরতযোগ্য' },
      parent: 'STD',
      derivePercent: -10,
      cancellationPolicy: { penalty: 'non_refundable' },
    });
    expect(nrf.statusCode, nrf.body).toBe(201);
    expect((await rates(day(30), day(31), 'NRF')).map((d) => d.price)).toEqual([6750, 6750]);
    expect((await bulk({ plan: 'NRF', from: day(31), to: day(31), price: 5000 })).statusCode).toBe(200);
    expect((await bulk({ from: day(30), to: day(31), price: 8000 })).statusCode).toBe(200);
    // Day 30 follows Standard's new 8,000 (−10 % = 7,200); day 31 keeps its own 5,000.
    expect((await rates(day(30), day(31), 'NRF')).map((d) => [d.price, d.own])).toEqual([
      [7200, false],
      [5000, true],
    ]);
    const booking = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(30), day(32), { ratePlan: 'NRF' }));
    expect(prices(booking)).toEqual([7200, 5000]);
  });

  it('takes a coupon off a seasonal stay, then service charge and VAT on what is left', async () => {
    const coupon = await ctx.app.inject({
      method: 'POST',
      url: '/api/coupons',
      headers: ctx.admin.auth,
      payload: { code: 'EID10', discountType: 'percentage', discountValue: 10, expirationDate: day(60) },
    });
    expect(coupon.statusCode).toBe(201);
    await bulk({ from: day(10), to: day(19), price: 9000 });
    const booking = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(8), day(12), { couponCode: 'EID10' }));
    // 33,000 − 3,300 = 29,700; service 2,970; VAT 15 % of 32,670 = 4,900.50.
    expect(booking).toMatchObject({ subtotal: 33000, discount: 3300, withOutVatAndService: 29700, serviceCharge: 2970, vat: 4900.5, amount: 37570.5 });
  });

  it('keeps a booking at the prices it was made at when the rates change later', async () => {
    const booking = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(7)));
    expect((await bulk({ from: day(1), to: day(30), changePercent: 50 })).statusCode).toBe(200);
    const again = (await ctx.app.inject({ url: `/api/bookings/${booking._id}`, headers: ctx.admin.auth })).json().data as TBooking;
    expect(prices(again)).toEqual([7500, 7500]);
    expect(again.amount).toBe(booking.amount);
  });
});

describe('the stay rules', () => {
  const refusal = async (res: Awaited<ReturnType<typeof book>>) => {
    expect(res.statusCode, res.body).toBe(400);
    return res.json();
  };

  it('minimum stay on the arrival night: refused with its values, a day off it accepted', async () => {
    await bulk({ from: day(30), to: day(30), minStay: 2 });
    const res = await refusal(await book(ctx.app, ctx.guest, rooms['101']!, day(30), day(31)));
    expect(res).toMatchObject({ code: 'STAY_RULE', rule: 'minStay', minStay: 2, date: day(30), message: `Stays arriving on ${day(30)} must be at least 2 nights.` });
    await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(31), day(32)));
    await booked(await book(ctx.app, ctx.guest, rooms['102']!, day(30), day(32)));
  });

  it('maximum stay on the arrival night', async () => {
    await bulk({ from: day(30), to: day(30), maxStay: 3 });
    expect(await refusal(await book(ctx.app, ctx.guest, rooms['101']!, day(30), day(34)))).toMatchObject({ rule: 'maxStay', maxStay: 3, date: day(30) });
    await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(30), day(33)));
  });

  it('closed to arrival on the check-in day, closed to departure on the check-out day', async () => {
    await bulk({ from: day(40), to: day(40), closedToArrival: true, closedToDeparture: true });
    expect(await refusal(await book(ctx.app, ctx.guest, rooms['101']!, day(40), day(42)))).toMatchObject({ rule: 'closedToArrival', date: day(40) });
    expect(await refusal(await book(ctx.app, ctx.guest, rooms['101']!, day(38), day(40)))).toMatchObject({ rule: 'closedToDeparture', date: day(40) });
    // Staying over the day is fine; arriving a day later and leaving a day later too.
    await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(39), day(41)));
    await booked(await book(ctx.app, ctx.guest, rooms['102']!, day(41), day(43)));
    await booked(await book(ctx.app, ctx.guest, rooms['102']!, day(38), day(39)));
  });

  it('stop-sell on any night of the stay', async () => {
    await bulk({ from: day(60), to: day(60), stopSell: true });
    expect(await refusal(await book(ctx.app, ctx.guest, rooms['101']!, day(59), day(61)))).toMatchObject({ rule: 'stopSell', date: day(60) });
    // Leaving on the stop-sell day sells (its night is not stayed).
    await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(58), day(60)));
    await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(61), day(62)));
  });
});

describe('who sells which plan', () => {
  it('a desk-only plan: guests neither see nor book it; staff see it and sell it to a walk-in; admins see inactive plans when asked', async () => {
    expect((await addPlan({ code: 'CORP', name: { en: 'Corporate', bn: 'কর্পোরেট' }, online: false, parent: 'STD', derivePercent: -20 })).statusCode).toBe(201);
    expect((await addPlan({ code: 'OLD', name: { en: 'Old offer', bn: 'পুরোনো অফার' }, active: false })).statusCode).toBe(201);
    const codes = async (headers: Record<string, string> = {}, query = '') =>
      ((await ctx.app.inject({ url: `/api/rate-plans?category=Deluxe%20King${query}`, headers })).json().data as { code: string }[]).map((p) => p.code);
    expect(await codes()).toEqual(['STD']);
    expect(await codes(ctx.guest.auth, '&includeInactive=1')).toEqual(['STD']);
    expect(await codes(ctx.staff.auth)).toEqual(['STD', 'CORP']);
    expect(await codes(ctx.admin.auth, '&includeInactive=1')).toEqual(['STD', 'CORP', 'OLD']);

    const online = await book(ctx.app, ctx.guest, rooms['101']!, day(3), day(4), { ratePlan: 'CORP' });
    expect(online.statusCode).toBe(404);
    expect(online.json().code).toBe('RATE_PLAN_NOT_FOUND');
    const desk = await walkIn(ctx.app, ctx.staff, { roomId: rooms['101'], checkIn: day(3), checkOut: day(4), adults: 1, phone: '01711-999888', guest: { name: 'Corporate Guest' }, ratePlan: 'CORP' });
    expect(desk.statusCode, desk.body).toBe(201);
    expect(desk.json().data.bookings[0]).toMatchObject({ ratePlan: 'CORP', subtotal: 6000 });
  });

  it('the Standard plan stays active and online; a code is unique per room type; a parent is one level only', async () => {
    const std = ((await ctx.app.inject({ url: '/api/rate-plans?category=Deluxe%20King' })).json().data as { _id: string }[])[0]!;
    const off = await ctx.app.inject({ method: 'PATCH', url: `/api/rate-plans/${std._id}`, headers: ctx.admin.auth, payload: { active: false } });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('STANDARD_PLAN_STAYS');
    expect((await addPlan({ code: 'std', name: { en: 'Again', bn: 'আবার' } })).statusCode).toBe(409);
    expect((await addPlan({ code: 'NRF', name: { en: 'Non-refundable', bn: 'অফেরতযোগ্য' }, parent: 'STD', derivePercent: -10 })).statusCode).toBe(201);
    const twoLevels = await addPlan({ code: 'NRF2', name: { en: 'Deeper', bn: 'আরও' }, parent: 'NRF' });
    expect(twoLevels.statusCode).toBe(400);
    expect(twoLevels.json().code).toBe('RATE_PLAN_PARENT_DERIVED');
    const rename = await ctx.app.inject({ method: 'PATCH', url: `/api/rate-plans/${std._id}`, headers: ctx.admin.auth, payload: { name: { en: 'Best available', bn: 'সেরা রেট' } } });
    expect(rename.json().data).toMatchObject({ code: 'STD', name: { en: 'Best available', bn: 'সেরা রেট' } });
    // A guest and staff cannot change plans or rates.
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/rate-plans/${std._id}`, headers: ctx.staff.auth, payload: { active: true } })).statusCode).toBe(403);
    expect((await bulk({ from: day(1), to: day(2), price: 1 }, ctx.staff)).statusCode).toBe(403);
  });
});

describe('the log and edits at once', () => {
  it('logs who changed what, with each day before and after', async () => {
    await bulk({ from: day(5), to: day(6), price: 8000, minStay: 2 });
    const log = await ctx.app.inject({ url: '/api/rates/changes?category=Deluxe%20King', headers: ctx.admin.auth });
    expect(log.statusCode).toBe(200);
    const [change] = log.json().data;
    expect(change).toMatchObject({ plan: 'STD', from: day(5), to: day(6), days: 2, change: { price: 8000, minStay: 2 }, changedBy: { name: ctx.admin.name } });
    expect(change.before[0]).toMatchObject({ date: day(5), price: null, minStay: null });
    expect(change.after[1]).toMatchObject({ date: day(6), price: 8000, minStay: 2 });
    // The same edit again changes nothing and logs nothing.
    expect((await bulk({ from: day(5), to: day(6), price: 8000, minStay: 2 })).json().data).toEqual({ days: 0 });
    expect(log.json().meta.total).toBe(1);
  });

  it('two admins editing overlapping ranges at once: every day ends with one edit whole, and both are logged', async () => {
    const a = { from: day(1), to: day(20), price: 8000, minStay: 2 };
    const b = { from: day(10), to: day(30), price: 9000, minStay: 3 };
    const [ra, rb] = await Promise.all([bulk(a), bulk(b)]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const days = await rates(day(10), day(20));
    const pairs = new Set(days.map((d) => `${d.price}/${d.minStay}`));
    expect(pairs.size).toBe(1);
    expect(['8000/2', '9000/3']).toContain([...pairs][0]);
    const log = (await ctx.app.inject({ url: '/api/rates/changes?category=Deluxe%20King', headers: ctx.admin.auth })).json();
    expect(log.meta.total).toBe(2);
  });

  it('20 edits of one day at once: the log lists them in the order they took effect, the newest with the price the day has', async () => {
    // Each edit sets its own price, so the log's every entry must start from the price the entry
    // before it left (a chain), and the newest must have left the price the day has now. Ordered
    // by the transactions' start times (now()), an edit that began first but waited for the
    // plan's lock was listed before edits that it in fact replaced.
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => bulk({ from: day(3), to: day(3), price: 7001 + i })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const [now] = await rates(day(3), day(3));
    const log = (await ctx.app.inject({ url: '/api/rates/changes?category=Deluxe%20King&limit=100', headers: ctx.admin.auth })).json();
    expect(log.meta.total).toBe(20);
    const newestFirst = log.data as { before: { price: number | null }[]; after: { price: number }[]; changedAt: string }[];
    expect(newestFirst[0]!.after[0]!.price).toBe(now!.price);
    const oldestFirst = [...newestFirst].reverse();
    expect(oldestFirst[0]!.before[0]!.price).toBeNull();
    for (let i = 1; i < oldestFirst.length; i += 1) expect(oldestFirst[i]!.before[0]!.price, `entry ${i}`).toBe(oldestFirst[i - 1]!.after[0]!.price);
    // The times shown agree with that order.
    for (let i = 1; i < oldestFirst.length; i += 1) expect(Date.parse(oldestFirst[i]!.changedAt)).toBeGreaterThanOrEqual(Date.parse(oldestFirst[i - 1]!.changedAt));
  });

  it('refuses a bad edit with a clear message and changes nothing', async () => {
    const both = await bulk({ from: day(1), to: day(2), price: 8000, changePercent: 10 });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Set a price, or change it by a percentage or an amount: one of the three.');
    expect((await bulk({ from: day(5), to: day(1), price: 8000 })).statusCode).toBe(400);
    expect((await bulk({ from: day(1), to: day(2) })).json().message).toBe('Say what to change.');
    expect((await bulk({ from: day(1), to: day(2), plan: 'NOPE', price: 1 })).statusCode).toBe(404);
    expect((await rates(day(1), day(2))).every((d) => d.price === 7500 && !d.own)).toBe(true);
  });
});

describe('POST /api/rates/bulk: amounts as the folio takes them', () => {
  /** The body as JSON text: `-0` does not survive JSON.stringify. */
  const raw = (path: string, json: string) =>
    ctx.app.inject({ method: 'POST', url: path, headers: { ...ctx.admin.auth, 'content-type': 'application/json' }, payload: json });
  const PAISA = 'The amount must be at least one paisa (৳0.01).';
  const DECIMALS = 'An amount has at most two decimals (paisa).';
  const MINUS_ZERO = 'Write 0 without a minus sign.';

  it('400 for an amount below one paisa, −0, or with more than two decimals, in any amount of an edit or a plan; nothing changes', async () => {
    const edit = (field: string, value: string) => `{"category":"Deluxe King","from":"${day(1)}","to":"${day(2)}","${field}":${value}}`;
    for (const [field, value, message] of [
      ['price', '1e-9', PAISA],
      ['price', '5e-324', PAISA],
      ['price', '-0', MINUS_ZERO],
      ['price', '7500.005', DECIMALS],
      ['extraAdult', '1e-9', PAISA],
      ['extraChild', '-0', MINUS_ZERO],
      ['changeAmount', '-1e-9', PAISA],
      ['changeAmount', '100.001', DECIMALS],
      ['changePercent', '10.001', 'A percentage has at most two decimals.'],
    ] as const) {
      const res = await raw('/api/rates/bulk', edit(field, value));
      expect(res.statusCode, `${field}: ${value}`).toBe(400);
      expect(res.json().message, `${field}: ${value}`).toBe(message);
    }
    expect((await rates(day(1), day(2))).every((d) => d.price === 7500 && !d.own)).toBe(true);
    for (const [field, value] of [
      ['mealPrice', '5e-324'],
      ['deriveAmount', '-0'],
      ['derivePercent', '-10.005'],
    ] as const) {
      const res = await raw('/api/rate-plans', `{"category":"Deluxe King","code":"ODD","name":{"en":"Odd","bn":"অদ্ভুত"},"parent":"STD","${field}":${value}}`);
      expect(res.statusCode, `${field}: ${value}`).toBe(400);
    }
    expect((await ctx.app.inject({ url: '/api/rate-plans?category=Deluxe%20King' })).json().data).toHaveLength(1);
    // Paisa and a free night (৳0) are prices.
    expect((await raw('/api/rates/bulk', edit('price', '7500.25'))).statusCode).toBe(200);
    expect((await rates(day(1), day(1)))[0]!.price).toBe(7500.25);
    expect((await raw('/api/rates/bulk', edit('price', '0'))).statusCode).toBe(200);
  });

  it('a change by a percentage rounds once, at the end: ৳1,290 + 15 % is ৳1,484 (1,483.50), not ৳1,483', async () => {
    await bulk({ from: day(1), to: day(1), price: 1290 });
    expect((await bulk({ from: day(1), to: day(1), changePercent: 15 })).statusCode).toBe(200);
    expect((await rates(day(1), day(1)))[0]!.price).toBe(1484);
    // A derived plan's day the same way: ৳1,290 on Standard, +15 % on the plan that follows it.
    await addPlan({ code: 'UP', name: { en: 'Up', bn: 'উপরে' }, parent: 'STD', derivePercent: 15 });
    await bulk({ from: day(2), to: day(2), price: 1290 });
    expect((await rates(day(2), day(2), 'UP'))[0]!.price).toBe(1484);
    // Paisa and a percentage with decimals: 7,500.50 × 1.125 = 8,438.0625.
    await bulk({ from: day(3), to: day(3), price: 7500.5 });
    await bulk({ from: day(3), to: day(3), changePercent: 12.5 });
    expect((await rates(day(3), day(3)))[0]!.price).toBe(8438);
  });
});

describe('the search with prices (GET /api/rates/quote)', () => {
  const quote = async (checkIn: string, checkOut: string, extra = '') =>
    (await ctx.app.inject({ url: `/api/rates/quote?checkIn=${checkIn}&checkOut=${checkOut}&adults=2${extra}` })).json().data as {
      category: string;
      roomId: string;
      free: number;
      plans: { code: string; quote: { lines: { room: number }[]; amount: number } | null; refusal: Record<string, unknown> | null }[];
    }[];

  it('prices each plan night by night, the same amount a booking then charges', async () => {
    await bulk({ from: day(10), to: day(19), price: 9000 });
    await addPlan({ code: 'NRF', name: { en: 'Non-refundable', bn: 'অফেরতযোগ্য' }, parent: 'STD', derivePercent: -10 });
    const [deluxe] = await quote(day(9), day(11));
    expect(deluxe).toMatchObject({ category: 'Deluxe King', free: 2 });
    expect(deluxe!.plans.map((p) => [p.code, p.quote!.lines.map((l) => l.room)])).toEqual([
      ['STD', [7500, 9000]],
      ['NRF', [6750, 8100]],
    ]);
    const booking = await booked(await book(ctx.app, ctx.guest, deluxe!.roomId, day(9), day(11), { ratePlan: 'NRF' }));
    expect(booking.amount).toBe(deluxe!.plans[1]!.quote!.amount);
    // A plan changed after a search is priced so by the next one (its cache of plans is dropped).
    const plans = (await ctx.app.inject({ url: '/api/rate-plans?category=Deluxe%20King' })).json().data as { _id: string; code: string }[];
    await ctx.app.inject({ method: 'PATCH', url: `/api/rate-plans/${plans.find((p) => p.code === 'NRF')!._id}`, headers: ctx.admin.auth, payload: { derivePercent: -20 } });
    const [again] = await quote(day(9), day(11));
    expect(again!.plans[1]!.quote!.lines.map((l) => l.room)).toEqual([6000, 7200]);
  });

  it('keeps a room type a rule closes, with the rule (a derived plan follows its parent\'s rules)', async () => {
    await addPlan({ code: 'NRF', name: { en: 'Non-refundable', bn: 'অফেরতযোগ্য' }, parent: 'STD', derivePercent: -10 });
    await bulk({ from: day(30), to: day(30), minStay: 2 });
    const [deluxe] = await quote(day(30), day(31));
    expect(deluxe!.plans.map((p) => [p.code, p.quote, p.refusal])).toEqual([
      ['STD', null, { rule: 'minStay', minStay: 2, date: day(30) }],
      ['NRF', null, { rule: 'minStay', minStay: 2, date: day(30) }],
    ]);
  });

  it('refuses a bad stay with a clear message', async () => {
    const res = await ctx.app.inject({ url: `/api/rates/quote?checkIn=${day(5)}&checkOut=${day(5)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The check-out date must be after the check-in date, at most 60 nights later.');
  });
});

describe('GET /api/rates/quote: what each night costs and why (issue 31)', () => {
  type QuotedNight = { date: string; price: number; rule: { name: { en: string; bn: string } | null; weekdays: number[] | null } | null };
  const quotedPlans = async (checkIn: string, checkOut: string) =>
    ((await ctx.app.inject({ url: `/api/rates/quote?checkIn=${checkIn}&checkOut=${checkOut}&adults=2` })).json().data as {
      plans: { code: string; nights: QuotedNight[]; quote: unknown; refusal: unknown }[];
    }[])[0]!.plans;
  const EID = { en: 'Eid season', bn: 'ঈদের মৌসুম' };

  it("gives a night a minimum stay closes its real price (the season's), not the room type's base price", async () => {
    // The Eid night needs 2 nights and costs ৳9,100; the room type's own price is ৳7,500.
    expect((await bulk({ from: day(30), to: day(31), price: 9100, minStay: 2, name: EID })).statusCode).toBe(200);
    const [std] = await quotedPlans(day(30), day(31));
    expect(std).toMatchObject({ code: 'STD', quote: null, refusal: { rule: 'minStay', minStay: 2 } });
    expect(std!.nights).toEqual([{ date: day(30), price: 9100, rule: { name: EID, weekdays: null } }]);
  });

  it('names per night the season or the weekday rule that set its price, on a derived plan too', async () => {
    const friday = nextWeekday(20, 5);
    await addPlan({ code: 'NRF', name: { en: 'Non-refundable', bn: 'অফেরতযোগ্য' }, parent: 'STD', derivePercent: -10 });
    expect((await bulk({ from: friday, to: addDays(friday, 6), weekdays: [6, 5], changePercent: 15 })).statusCode).toBe(200);
    expect((await bulk({ from: addDays(friday, 2), to: addDays(friday, 2), price: 9100, name: EID })).statusCode).toBe(200);
    const [std, nrf] = await quotedPlans(addDays(friday, -1), addDays(friday, 3));
    const why = (nights: QuotedNight[]) => nights.map((n) => [n.price, n.rule]);
    const weekend = { name: null, weekdays: [5, 6] };
    expect(why(std!.nights)).toEqual([
      [7500, null],
      [8625, weekend],
      [8625, weekend],
      [9100, { name: EID, weekdays: null }],
    ]);
    expect(why(nrf!.nights)).toEqual([
      [6750, null],
      [7763, weekend],
      [7763, weekend],
      [8190, { name: EID, weekdays: null }],
    ]);
    // Clearing the price leaves the night's reason with it.
    await bulk({ from: addDays(friday, 2), to: addDays(friday, 2), clear: ['price'] });
    expect((await quotedPlans(addDays(friday, 2), addDays(friday, 3)))[0]!.nights[0]!.rule).toBeNull();
  });

  it('refuses a name without a price, or in one language only', async () => {
    const noPrice = await bulk({ from: day(30), to: day(31), minStay: 2, name: EID });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json().errors).toEqual([expect.objectContaining({ path: 'name', message: 'A name says why a price is what it is: set a price, or change it, with it.' })]);
    const oneLanguage = await bulk({ from: day(30), to: day(31), price: 9100, name: { en: 'Eid season', bn: ' ' } });
    expect(oneLanguage.statusCode).toBe(400);
    expect((await rates(day(30), day(31))).map((d) => d.price)).toEqual([7500, 7500]);
  });
});

describe('the price changed between the search and Confirm', () => {
  it('refuses with the new amount and books nothing; confirming the new amount books', async () => {
    const seen = (await booked(await book(ctx.app, ctx.guest, rooms['102']!, day(5), day(6)))).amount;
    await bulk({ from: day(5), to: day(5), price: 8000 });
    const res = await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(6), { expectedAmount: seen });
    expect(res.statusCode).toBe(409);
    // 8,000 + 800 service + 15 % VAT on 8,800 (1,320).
    expect(res.json()).toMatchObject({ code: 'PRICE_CHANGED', amount: 10120, expectedAmount: seen });
    const again = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(6), { expectedAmount: 10120 }));
    expect(again.amount).toBe(10120);
  });
});

describe('reports take each night at its own price', () => {
  it("counts a seasonal stay's nights in the dashboard's revenue at their own prices, not the stay spread evenly", async () => {
    await bulk({ from: day(10), to: day(19), price: 9000 });
    const booking = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(8), day(12)));
    const revenue = async (from: string, to: string) =>
      (await ctx.app.inject({ url: `/api/admin?from=${from}&to=${to}`, headers: ctx.admin.auth })).json().data.roomRevenue as number;
    // The two season nights: 2 × 9,000 (spread evenly it would be 2 × 8,250).
    expect(await revenue(day(10), day(11))).toBe(18000);
    expect(await revenue(day(8), day(9))).toBe(15000);
    // Cancelled: none of it counts any more.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth })).statusCode).toBe(200);
    expect(await revenue(day(8), day(11))).toBe(0);
  });
});

describe('"From" on the public lists', () => {
  const from = async () => {
    ctx.app.roomsCache.clear();
    const list = (await ctx.app.inject({ url: '/api/room-categories?public=true' })).json().data as { name: string; fromPrice: number | null; fromMinStay: number | null }[];
    const deluxe = list.find((c) => c.name === 'Deluxe King')!;
    return [deluxe.fromPrice, deluxe.fromMinStay];
  };

  it('is the lowest nightly price bookable in the next 30 days, with its minimum stay; a stop-sell night does not count', async () => {
    expect(await from()).toEqual([7500, 1]);
    await bulk({ from: day(0), to: day(40), price: 9000 });
    await bulk({ from: day(12), to: day(12), price: 6000, minStay: 2 });
    await bulk({ from: day(35), to: day(35), price: 1000 });
    expect(await from()).toEqual([6000, 2]);
    await bulk({ from: day(12), to: day(12), stopSell: true });
    expect(await from()).toEqual([9000, 1]);
  });
});

describe('the desk prices a night itself', () => {
  const override = (id: string, payload: Record<string, unknown>, who = ctx.staff) =>
    ctx.app.inject({ method: 'POST', url: `/api/bookings/${id}/night-prices`, headers: who.auth, payload });

  it('with a reason the night keeps; the stay is priced again and the reports follow', async () => {
    const booking = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(8), day(10)));
    const res = await override(booking._id, { nights: [{ date: day(8), price: 5000 }], reason: 'Regular guest, manager agreed' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as TBooking;
    expect(after.nightlyLines.map((n) => [n.price, n.overrideReason])).toEqual([
      [5000, `Regular guest, manager agreed (by ${ctx.staff.name})`],
      [7500, null],
    ]);
    // 12,500 + 1,250 service + 15 % VAT on 13,750 (2,062.50).
    expect(after).toMatchObject({ subtotal: 12500, serviceCharge: 1250, vat: 2062.5, amount: 15812.5, perNightCost: 6250 });
    // The folio charges the new price: the old lines reversed with the reason, the new ones posted.
    const folio = (await ctx.app.inject({ url: `/api/reservations/${after.reservationId}/folio`, headers: ctx.staff.auth })).json().data;
    expect([folio.charged, after.charged]).toEqual([15812.5, 15812.5]);
    expect(folio.lines.filter((l: { reverses: string | null }) => l.reverses).every((l: { reason: string }) => l.reason === 'Regular guest, manager agreed')).toBe(true);
    const revenue = (await ctx.app.inject({ url: `/api/admin?from=${day(8)}&to=${day(9)}`, headers: ctx.admin.auth })).json().data.roomRevenue;
    expect(revenue).toBe(12500);
  });

  it('refuses a guest, a night the stay does not have, no reason, and a cancelled stay; nothing changes', async () => {
    const booking = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(8), day(10)));
    expect((await override(booking._id, { nights: [{ date: day(8), price: 1 }], reason: 'Because' }, ctx.guest)).statusCode).toBe(403);
    const outside = await override(booking._id, { nights: [{ date: day(10), price: 1 }], reason: 'Because' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().code).toBe('NIGHT_NOT_IN_STAY');
    expect((await override(booking._id, { nights: [{ date: day(8), price: 1 }], reason: ' ' })).json().message).toBe('Say why the price changes.');
    await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth });
    expect((await override(booking._id, { nights: [{ date: day(8), price: 1 }], reason: 'Because' })).statusCode).toBe(409);
    const again = (await ctx.app.inject({ url: `/api/bookings/${booking._id}`, headers: ctx.admin.auth })).json().data as TBooking;
    expect([prices(again), again.amount]).toEqual([[7500, 7500], booking.amount]);
  });

  it('400 naming the night when one night is priced twice, and for a price below one paisa; nothing changes', async () => {
    const booking = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(8), day(10)));
    const twice = await override(booking._id, {
      nights: [
        { date: day(8), price: 5000 },
        { date: day(9), price: 6000 },
        { date: day(8), price: 5500 },
      ],
      reason: 'Regular guest',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: `The night of ${day(8)} is priced twice: price each night once.` });
    expect(twice.json().errors).toEqual([expect.objectContaining({ path: 'nights.2.date' })]);
    const tiny = await override(booking._id, { nights: [{ date: day(8), price: 1e-9 }], reason: 'Regular guest' });
    expect(tiny.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The amount must be at least one paisa (৳0.01).' });
    const again = (await ctx.app.inject({ url: `/api/bookings/${booking._id}`, headers: ctx.admin.auth })).json().data as TBooking;
    expect([prices(again), again.amount]).toEqual([[7500, 7500], booking.amount]);
  });
});

describe("the hotel's day", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a booking made at 23:30 in Dhaka is checked against that day's rules, not the next day's (UTC is 17:30 the same day)", async () => {
    const tonight = day(3);
    await bulk({ from: tonight, to: tonight, closedToArrival: true });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instantAt(tonight, '23:30', 'Asia/Dhaka')));
    // Tonight is closed to arrival: refused for that rule (not as a past date, nor as tomorrow's).
    const res = await book(ctx.app, ctx.guest, rooms['101']!, tonight, addDays(tonight, 1));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'STAY_RULE', rule: 'closedToArrival', date: tonight });
    // Half an hour later it is the next day in Dhaka: tonight's check-in is in the past.
    vi.setSystemTime(new Date(instantAt(addDays(tonight, 1), '00:00', 'Asia/Dhaka').getTime() + 60_000));
    expect((await book(ctx.app, ctx.guest, rooms['101']!, tonight, addDays(tonight, 2))).json().code).not.toBe('STAY_RULE');
  });
});

describe('a day back to its parent, and a change below zero', () => {
  it('clears values a plan set itself (the day follows its parent again), and refuses a price below ৳0 with the day', async () => {
    await addPlan({ code: 'NRF', name: { en: 'Non-refundable', bn: 'অফেরতযোগ্য' }, parent: 'STD', derivePercent: -10 });
    await bulk({ plan: 'NRF', from: day(5), to: day(5), price: 5000, minStay: 3 });
    expect((await rates(day(5), day(5), 'NRF'))[0]).toMatchObject({ price: 5000, minStay: 3, own: true });
    expect((await bulk({ plan: 'NRF', from: day(5), to: day(5), clear: ['price'] })).json().data).toEqual({ days: 1 });
    expect((await rates(day(5), day(5), 'NRF'))[0]).toMatchObject({ price: 6750, minStay: 3, own: true });
    await bulk({ plan: 'NRF', from: day(5), to: day(5), clear: ['minStay'] });
    expect((await rates(day(5), day(5), 'NRF'))[0]).toMatchObject({ price: 6750, minStay: 1, own: false });
    expect((await bulk({ from: day(5), to: day(5), price: 1, clear: ['price'] })).json().message).toBe('A value cannot be both set and cleared.');

    const below = await bulk({ from: day(5), to: day(6), changeAmount: -8000 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ code: 'PRICE_BELOW_ZERO', date: day(5), price: 7500 });
    expect((await rates(day(5), day(6))).map((d) => d.price)).toEqual([7500, 7500]);
  });
});

describe('the desk quotes its own plans at a walk-in', () => {
  it('with desk=1, staff see desk-only plans priced; a guest asking the same sees the online ones only', async () => {
    await addPlan({ code: 'CORP', name: { en: 'Corporate', bn: 'কর্পোরেট' }, online: false, parent: 'STD', derivePercent: -20 });
    const codes = async (headers: Record<string, string>) =>
      ((await ctx.app.inject({ url: `/api/rates/quote?checkIn=${day(3)}&checkOut=${day(4)}&desk=1`, headers })).json().data[0].plans as { code: string; quote: { amount: number } }[]).map(
        (p) => [p.code, p.quote.amount],
      );
    // Corporate: 7,500 − 20 % = 6,000 + 600 service + 15 % VAT on 6,600 (990).
    expect(await codes(ctx.staff.auth)).toEqual([
      ['STD', 9487.5],
      ['CORP', 7590],
    ]);
    expect(await codes(ctx.guest.auth)).toEqual([['STD', 9487.5]]);
    expect(await codes({})).toEqual([['STD', 9487.5]]);
  });
});
