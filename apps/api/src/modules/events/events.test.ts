import { addDays, todayAt, type TEventRequest, type TEventRequestCreate } from '@residency/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp, outbox, useTestApp } from '../../test/app.ts';

const day = (n: number) => addDays(todayAt('Asia/Dhaka'), n);

const ctx = useTestApp();

function request(overrides: Partial<TEventRequestCreate> = {}): TEventRequestCreate {
  return {
    name: 'Farhana Akter',
    email: 'farhana@example.com',
    phone: '+880 1711-555666',
    company: 'Akter & Sons',
    eventType: 'Wedding',
    layout: 'Theater Style',
    date: day(40),
    startTime: '18:00',
    endTime: '23:30',
    guestCount: 180,
    foodPreference: 'buffet',
    additionalRequirements: 'A stage for the couple, and flowers in white.',
    ...overrides,
  };
}

const ask = (body: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/events', payload: body, headers });

async function made(overrides: Partial<TEventRequestCreate> = {}): Promise<TEventRequest> {
  const res = await ask(request(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('POST /api/events', () => {
  it('takes a request without an account: pending, with a reference, mailed to the requester and the hotel', async () => {
    const res = await ask(request());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Event request received');
    expect(body.data).toMatchObject({
      status: 'pending',
      eventType: 'Wedding',
      layout: 'Theater Style',
      guestCount: 180,
      foodPreference: 'buffet',
      language: 'en',
      company: 'Akter & Sons',
    });
    expect(body.data.reference).toMatch(/^EVT-[A-Z2-9]{8}$/);
    const mails = await outbox(ctx.app);
    expect(mails.map((m) => [m.kind, m.to])).toEqual([
      ['event-received', 'farhana@example.com'],
      ['event-received-hotel', 'frontdesk@residency.test'],
    ]);
    expect(mails[0]!.subject).toBe(`We have received your event request ${body.data.reference}`);
    expect(mails[0]!.text).toContain('Theater Style');
    expect(mails[0]!.text).toContain('18:00–23:30');
    expect(mails[1]!.reply_to).toBe('farhana@example.com');
    expect(mails[1]!.text).toContain('+880 1711-555666');
  });

  it('takes 30 requests sent at the same moment, each with its own reference and its two mails', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => ask(request({ email: `guest${i}@example.com`, guestCount: 10 + i }))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    const events = answers.map((r) => r.json().data as TEventRequest);
    expect(new Set(events.map((e) => e.reference)).size).toBe(30);
    // Each answer is its own request, not a neighbour's.
    events.forEach((e, i) => expect([e.email, e.guestCount]).toEqual([`guest${i}@example.com`, 10 + i]));
    const mails = await outbox(ctx.app);
    expect(mails).toHaveLength(60);
    for (const e of events) expect(mails.filter((m) => m.subject.includes(e.reference) || m.text.includes(e.reference))).toHaveLength(2);
  });

  it('writes to a Bengali requester in Bengali, with Bengali digits and dates; the hotel still reads English', async () => {
    const event = await made({ language: 'bn', guestCount: 120, date: '2027-03-10', startTime: '10:00', endTime: '14:30' });
    const [toGuest, toHotel] = await outbox(ctx.app);
    expect(toGuest!.subject).toBe(`আপনার ইভেন্ট অনুরোধ ${event.reference} আমরা পেয়েছি`);
    expect(toGuest!.text).toContain('১২০');
    expect(toGuest!.text).toContain('১০:০০–১৪:৩০');
    expect(toGuest!.text).toContain('বিয়ে');
    expect(toGuest!.text).toContain('থিয়েটার বিন্যাস');
    expect(toGuest!.text).toContain('২০২৭');
    expect(toHotel!.text).toContain('Language: Bengali');
    expect(toHotel!.text).toContain('Wedding');
    // The footer gives the hotel's address as each reader's pages do.
    const { address, addressBn } = ctx.app.config.hotel;
    expect(addressBn).not.toBe(address);
    expect(toGuest!.text).toContain(addressBn);
    expect(toGuest!.text).not.toContain(address);
    expect(toHotel!.text).toContain(address);
  });

  it('escapes what the requester typed in the mails', async () => {
    await made({ name: '<script>alert(1)</script> Rahim', additionalRequirements: '<img src=x onerror=alert(1)>' });
    for (const mail of await outbox(ctx.app)) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<img src=x');
      expect(mail.html).toContain('&lt;script&gt;');
    }
  });

  it.each([
    ['no name', { name: '' }, 'name', 'Name is required.'],
    ['a bad e-mail', { email: 'not-mail' }, 'email', 'Enter a valid e-mail address.'],
    ['an unknown type', { eventType: 'Party' }, 'eventType', 'Choose the type of event.'],
    ['an unknown layout', { layout: 'Circle' }, 'layout', 'Choose a layout.'],
    ['a time that is not HH:mm', { startTime: '6pm' }, 'startTime', 'Give the start time as HH:mm.'],
    ['an end before the start', { startTime: '18:00', endTime: '17:00' }, 'endTime', 'The end time must be after the start time.'],
    ['no guests', { guestCount: 0 }, 'guestCount', 'At least one guest.'],
    ['too many guests', { guestCount: 5000 }, 'guestCount', 'At most 1000 guests; for more, please call us.'],
    ['an unknown food preference', { foodPreference: 'vegan' }, 'foodPreference', 'Choose a food preference.'],
  ])('400 for %s, and stores nothing', async (_label, overrides, path, message) => {
    const res = await ask({ ...request(), ...(overrides as object) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(expect.arrayContaining([{ path, message }]));
    expect(await outbox(ctx.app)).toHaveLength(0);
  });

  it('400 for a date in the past or more than two years ahead', async () => {
    const past = await ask(request({ date: day(-1) }));
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: 'The event date cannot be in the past.', errors: [{ path: 'date' }] });
    const far = await ask(request({ date: day(800) }));
    expect(far.json().message).toBe('We take event requests up to two years ahead.');
    // Today is fine.
    expect((await ask(request({ date: day(0) }))).statusCode).toBe(201);
  });

  it("400 for a picture on another site written as //host or /\\host; a picture of the site's own uploads is kept", async () => {
    for (const preferenceImage of ['//evil.example.com/x.png', '/\\evil.example.com/x.png', 'javascript:alert(1)']) {
      const res = await ask(request({ preferenceImage }));
      expect(res.statusCode, preferenceImage).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ path: 'preferenceImage' }));
    }
    expect((await made({ preferenceImage: '/uploads/2026/11/hall-640.webp' })).preferenceImage).toBe('/uploads/2026/11/hall-640.webp');
  });

  it('is limited per address (429 past RATE_LIMIT_AUTH_MAX)', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_AUTH_MAX: '2' }, { reset: false });
    try {
      const send = () => limited.inject({ method: 'POST', url: '/api/events', payload: request(), remoteAddress: '198.51.100.7' });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/events', () => {
  it('is for staff and admins only', async () => {
    await made();
    expect((await ctx.app.inject({ url: '/api/events' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/events', headers: ctx.guest.auth })).statusCode).toBe(403);
    for (const who of [ctx.staff, ctx.admin]) {
      const res = await ctx.app.inject({ url: '/api/events', headers: who.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json().meta).toEqual({ page: 1, limit: 10, total: 1 });
    }
  });

  it('pages newest first, and filters by status, by date range and by a search', async () => {
    const first = await made({ date: day(10), name: 'Anika Rahman' });
    const second = await made({ date: day(20), eventType: 'Conference', company: 'Bengal Tech' });
    const third = await made({ date: day(30) });
    await ctx.app.inject({ method: 'PUT', url: `/api/events/${second._id}`, headers: ctx.staff.auth, payload: { status: 'confirmed' } });

    const page = await ctx.app.inject({ url: '/api/events?page=2&limit=2', headers: ctx.staff.auth });
    expect(page.json().meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(page.json().data.map((e: TEventRequest) => e._id)).toEqual([first._id]);
    const all = await ctx.app.inject({ url: '/api/events?limit=10', headers: ctx.staff.auth });
    expect(all.json().data.map((e: TEventRequest) => e._id)).toEqual([third._id, second._id, first._id]);

    const confirmed = await ctx.app.inject({ url: '/api/events?status=confirmed', headers: ctx.staff.auth });
    expect(confirmed.json().data.map((e: TEventRequest) => e._id)).toEqual([second._id]);
    const range = await ctx.app.inject({ url: `/api/events?from=${day(15)}&to=${day(30)}`, headers: ctx.staff.auth });
    expect(range.json().data.map((e: TEventRequest) => e._id)).toEqual([third._id, second._id]);
    const search = await ctx.app.inject({ url: '/api/events?searchTerm=bengal', headers: ctx.staff.auth });
    expect(search.json().data.map((e: TEventRequest) => e._id)).toEqual([second._id]);
    const byReference = await ctx.app.inject({ url: `/api/events?searchTerm=${first.reference}`, headers: ctx.staff.auth });
    expect(byReference.json().data).toHaveLength(1);

    const bad = await ctx.app.inject({ url: `/api/events?from=${day(30)}&to=${day(10)}`, headers: ctx.staff.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('from must not be after to.');
  });
});

describe('PUT /api/events/:id', () => {
  it('changes the details and the status; a new status is mailed to the requester in their language', async () => {
    const event = await made({ language: 'bn' });
    const before = (await outbox(ctx.app)).length;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/events/${event._id}`,
      headers: ctx.staff.auth,
      payload: {
        status: 'confirmed',
        eventType: 'Birthday',
        layout: 'U-Shape Layout',
        date: day(45),
        startTime: '17:00',
        endTime: '21:00',
        guestCount: 60,
        foodPreference: 'plated',
        additionalRequirements: 'A cake table.',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'confirmed', eventType: 'Birthday', guestCount: 60, date: day(45), startTime: '17:00' });
    const mails = (await outbox(ctx.app)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'event-confirmed', to: 'farhana@example.com' });
    expect(mails[0]!.subject).toBe(`আপনার অনুষ্ঠান ${event.reference} নিশ্চিত হয়েছে`);
    expect(mails[0]!.text).toContain('নিশ্চিত');
    expect(mails[0]!.text).toContain('জন্মদিন');

    // A change that keeps the status sends nothing; cancelling sends the cancellation.
    await ctx.app.inject({ method: 'PUT', url: `/api/events/${event._id}`, headers: ctx.admin.auth, payload: { guestCount: 70 } });
    expect((await outbox(ctx.app)).slice(before)).toHaveLength(1);
    await ctx.app.inject({ method: 'PUT', url: `/api/events/${event._id}`, headers: ctx.admin.auth, payload: { status: 'cancelled' } });
    const last = (await outbox(ctx.app)).at(-1)!;
    expect(last.kind).toBe('event-cancelled');
  });

  it('400 for an end time before the stored start time, an unknown field or status; 404 for an unknown id; 403 for a guest', async () => {
    const event = await made();
    const early = await ctx.app.inject({ method: 'PUT', url: `/api/events/${event._id}`, headers: ctx.staff.auth, payload: { endTime: '09:00' } });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('The end time must be after the start time.');
    const unknownField = await ctx.app.inject({ method: 'PUT', url: `/api/events/${event._id}`, headers: ctx.staff.auth, payload: { email: 'x@y.z' } });
    expect(unknownField.statusCode).toBe(400);
    const status = await ctx.app.inject({ method: 'PUT', url: `/api/events/${event._id}`, headers: ctx.staff.auth, payload: { status: 'done' } });
    expect(status.json().errors).toEqual([{ path: 'status', message: 'Status must be pending, confirmed or cancelled.' }]);
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/events/00000000-0000-4000-8000-000000000000',
      headers: ctx.staff.auth,
      payload: { status: 'confirmed' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('EVENT_NOT_FOUND');
    const asGuest = await ctx.app.inject({ method: 'PUT', url: `/api/events/${event._id}`, headers: ctx.guest.auth, payload: { status: 'confirmed' } });
    expect(asGuest.statusCode).toBe(403);
  });
});

describe('GET and DELETE /api/events/:id', () => {
  it('shows one request to staff, deletes it, then answers 404', async () => {
    const event = await made();
    expect((await ctx.app.inject({ url: `/api/events/${event._id}`, headers: ctx.staff.auth })).json().data.reference).toBe(event.reference);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/events/${event._id}`, headers: ctx.guest.auth })).statusCode).toBe(403);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/events/${event._id}`, headers: ctx.staff.auth });
    expect(deleted.json()).toEqual({ success: true, message: 'Event request deleted' });
    expect((await ctx.app.inject({ url: `/api/events/${event._id}`, headers: ctx.staff.auth })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/events/${event._id}`, headers: ctx.staff.auth })).statusCode).toBe(404);
  });
});

describe('/api/venues', () => {
  const hall = {
    name: 'Padma Hall',
    description: 'Our largest hall.',
    area: 420,
    capacities: { 'Theater Style': 300, 'Classroom Setup': 160 },
    translations: { bn: { name: 'পদ্মা হল' } },
  };

  it('lists the halls publicly; only an admin adds, changes and removes them', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/venues', headers: ctx.staff.auth, payload: hall })).statusCode).toBe(403);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/venues', headers: ctx.admin.auth, payload: hall });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id;
    const listed = await ctx.app.inject({ url: '/api/venues' });
    expect(listed.json().data).toEqual([expect.objectContaining({ name: 'Padma Hall', capacities: { 'Theater Style': 300, 'Classroom Setup': 160 } })]);
    const changed = await ctx.app.inject({ method: 'PUT', url: `/api/venues/${id}`, headers: ctx.admin.auth, payload: { ...hall, area: 450 } });
    expect(changed.json().data.area).toBe(450);
    const bad = await ctx.app.inject({ method: 'PUT', url: `/api/venues/${id}`, headers: ctx.admin.auth, payload: { ...hall, capacities: { 'Theater Style': 0 } } });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/venues/${id}`, headers: ctx.admin.auth })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/venues/${id}`, headers: ctx.admin.auth })).statusCode).toBe(404);
  });
});
