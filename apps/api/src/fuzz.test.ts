import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, EMAIL_TEMPLATE_TYPES, GALLERY_CATEGORIES, HOTEL_TIME_ZONE_DEFAULT, todayAt, ZErrorResponse, type Role, type TCategoryUpsertRequest } from '@residency/shared';
import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from './plugins/access.ts';
import { createUser, useTestApp } from './test/app.ts';
import { nastyString, type Pools } from './test/contract-arbitraries.ts';
import { multipartRequests, requestsFor, type FuzzRequest, type RequestKind, type RouteSchemas } from './test/fuzz-requests.ts';
import { categoryPayload, saveCategory } from './test/rooms.ts';

/**
 * Property-based fuzzing of every route, with requests generated from the route's own zod
 * contracts (test/contract-arbitraries.ts, test/fuzz-requests.ts). Whatever is sent, as whoever:
 * never a 5xx, every 4xx is the error envelope `{ success: false, message, code, errors? }`, and
 * every status is one the API reference (/api/openapi.json) declares for the route.
 *
 * FUZZ_SEED=<n> replays a run (the seed is printed with every failure); FUZZ_SCALE=<k> runs k
 * times as many cases per route. The default keeps the file near 30 s on two cores, inside CI's
 * budget (docs/decisions/0009-test-budget.md); each run draws a new seed, so the cases differ from
 * run to run, and FUZZ_SCALE=4 is the deep run before a release.
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
/** FUZZ_STATS=1 prints, per route and caller, how many answers had each status and code (is the fuzzer getting through?). */
const STATS = Boolean(process.env.FUZZ_STATS);
const stats = new Map<string, Map<string, number>>();
let statsKey = '';
/**
 * Cases per route and caller, by kind of request, where the caller gets through the guard; a
 * caller the guard sends away gets a few cases of every kind at once.
 */
const RUNS: Record<RequestKind | 'refused', number> = {
  fit: 12,
  nasty: 12,
  hostile: 6,
  'raw body': 6,
  path: 6,
  'twice at once': 4,
  refused: 3,
};
/** Routes slow by design (each answer waits 400 ms so timing tells nothing; argon2 hashing): a share of the cases. */
const SLOW_ROUTES: Record<string, number> = {
  'POST /api/auth/forgot-password': 0.2,
  'POST /api/auth/register': 0.5,
  'POST /api/auth/reset-password': 0.5,
  'POST /api/auth/login': 0.5,
  // A backup of the whole database with its verifying restore (seconds); it takes no input.
  'POST /api/admin/backups': 0.01,
};
/** A safety net per route and caller: a slower machine runs fewer cases rather than time out. */
const TIME_LIMIT_MS = 6000;
/** A backup's case (two at once, each a dump and its verifying restore) may alone take longer than that. */
const timeLimitOf = (name: string) => (name === 'POST /api/admin/backups' ? 10 * TIME_LIMIT_MS : TIME_LIMIT_MS);
/** An answer that takes longer than this is a failure too (a request that hangs the server). */
const ANSWER_TIMEOUT_MS = 10_000;

type Who = 'anonymous' | Role | 'forged token';
const CALLERS: Who[] = ['anonymous', 'admin', 'staff', 'user', 'forged token'];

interface Route {
  method: string;
  url: string;
  access: Access | undefined;
  schema: RouteSchemas;
  /** The statuses the API reference declares for it (undefined: a route the reference leaves out). */
  declared?: ReadonlySet<number>;
}

let dataDir: string;
let routes: Route[];
let image: Buffer;
const auth = {} as Record<Role, Record<string, string>>;
const emails: string[] = [];
/** Rows that exist, so that fitting requests get past the 404 checks (topped up before each pass). */
const rows = {
  rooms: [] as string[],
  bookings: [] as string[],
  reservations: [] as string[],
  coupons: [] as string[],
  codes: [] as string[],
  users: [] as string[],
  events: [] as string[],
  venues: [] as string[],
  services: [] as string[],
  blogs: [] as string[],
  gallery: [] as string[],
  heroSlides: [] as string[],
};
const CATEGORY = 'Fuzz Suite';
/** A stored picture's address, as the upload pipeline names them (the image rules accept it). */
const PICTURE = '/uploads/2026/11/0b6a3c1e-8f4d-4c1a-9a55-1d2e3f4a5b6c-1280.webp';
/** The fixture's rooms take any guests the contracts allow, so fitting bookings get as far as the database. */
const roomy = (): Partial<TCategoryUpsertRequest> => {
  const template = categoryPayload(CATEGORY);
  return { beds_and_bedding: { ...template.beds_and_bedding, maximum_occupancy: 3, maximum_adults: 3, maximum_children: 2 } };
};
let round = 0;
const LAST = ['PUT', 'DELETE'];

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'residency-fuzz-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const ctx = useTestApp({
  env: () => ({ DATA_DIR: dataDir, RATE_LIMIT_BOOKING_MAX: '1000000', RATE_LIMIT_UPLOAD_MAX: '1000000' }),
  reset: 'file',
});
beforeAll(async () => {
  for (const [role, account] of [['admin', ctx.admin], ['staff', ctx.staff], ['user', ctx.guest]] as const) {
    auth[role] = account.auth;
    emails.push(account.email);
  }
  routes = ctx.app
    .routeAccess()
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ ...r, method })))
    .filter((r) => r.method !== 'HEAD')
    .map((r) => ({ method: r.method, url: r.url, access: r.access, schema: (r.schema ?? {}) as RouteSchemas }))
    // Replacements (a category upsert may remove its rooms) and deletions last, so the rows the
    // other routes use live through the pass.
    .sort((a, b) => LAST.indexOf(a.method) - LAST.indexOf(b.method));
  const reference = (await ctx.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, { responses: object }>> }>();
  for (const route of routes) {
    const operation = reference.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
    if (operation) route.declared = new Set(Object.keys(operation.responses).map(Number));
  }
  image = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#c03' } }).png().toBuffer();
});

/** A category with rooms, a coupon, a booking and an account to change, made through the API. */
async function topUpRows(): Promise<void> {
  round += 1;
  const today = todayAt(HOTEL_TIME_ZONE_DEFAULT);
  const saved = await saveCategory(ctx.app, auth.admin, CATEGORY, { ...roomy(), roomNumbers: '901, 902, 903' });
  expect(saved.statusCode, saved.body).toBe(200);
  const rooms = (await ctx.app.inject({ url: `/api/room?categories=${encodeURIComponent(CATEGORY)}&limit=100` })).json();
  rows.rooms = (rooms.data as { _id: string }[]).map((r) => r._id);
  // A previous pass may have put them under maintenance.
  for (const id of rows.rooms) {
    await ctx.app.inject({ method: 'PATCH', url: `/api/room/${id}`, headers: auth.admin, payload: { status: 'available' } });
  }
  const code = `FUZZ${round}`;
  const coupon = await ctx.app.inject({
    method: 'POST',
    url: '/api/coupons',
    headers: auth.admin,
    payload: { code, discountType: 'percentage', discountValue: 10, expirationDate: addDays(today, 365) },
  });
  expect(coupon.statusCode, coupon.body).toBe(201);
  rows.coupons.push(coupon.json().data._id);
  rows.codes.push(code);
  const checkIn = addDays(today, 100 + 3 * round);
  const booking = await ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: auth.user,
    payload: { roomId: rows.rooms[0], checkIn, checkOut: addDays(checkIn, 2), adults: 1, phone: '01700000000', couponCode: code },
  });
  expect(booking.statusCode, booking.body).toBe(201);
  rows.bookings.push(booking.json().data._id);
  rows.reservations.push(booking.json().data.reservationId);
  const someone = await createUser(ctx.app);
  rows.users.push(someone.id);
  emails.push(someone.email);
  const event = await ctx.app.inject({
    method: 'POST',
    url: '/api/events',
    payload: {
      name: 'Fuzz Requester',
      email: someone.email,
      phone: '01700000000',
      eventType: 'Conference',
      layout: 'Theater Style',
      date: addDays(today, 30),
      startTime: '09:00',
      endTime: '12:00',
      guestCount: 50,
    },
  });
  expect(event.statusCode, event.body).toBe(201);
  rows.events.push(event.json().data._id);
  const venue = await ctx.app.inject({
    method: 'POST',
    url: '/api/venues',
    headers: auth.admin,
    payload: { name: `Fuzz Hall ${round}`, capacities: { 'Theater Style': 100 } },
  });
  expect(venue.statusCode, venue.body).toBe(201);
  rows.venues.push(venue.json().data._id);
  // The guest's booking above is an upcoming stay: it takes service requests.
  const service = await ctx.app.inject({ method: 'POST', url: '/api/services', headers: auth.user, payload: { service: 'laundry' } });
  expect(service.statusCode, service.body).toBe(201);
  rows.services.push(service.json().data._id);
  const blog = await ctx.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: auth.admin,
    payload: { title: `Fuzz post ${round}`, description: '<p>Tea on the terrace.</p>', category: ['fuzz'], images: [PICTURE] },
  });
  expect(blog.statusCode, blog.body).toBe(201);
  rows.blogs.push(blog.json().data._id);
  const picture = await ctx.app.inject({
    method: 'POST',
    url: '/api/gallery',
    headers: auth.admin,
    payload: { title: `Fuzz picture ${round}`, category: 'hotel', url: PICTURE },
  });
  expect(picture.statusCode, picture.body).toBe(201);
  rows.gallery.push(picture.json().data._id);
  const slide = await ctx.app.inject({
    method: 'POST',
    url: '/api/hero-slides',
    headers: auth.admin,
    payload: { title: `Fuzz slide ${round}`, imageUrl: PICTURE },
  });
  expect(slide.statusCode, slide.body).toBe(201);
  rows.heroSlides.push(slide.json().data._id);
}

/** Existing values for the generator: ids by the resource a path names, names, codes, e-mails, a complete room template. */
function poolsFor(url: string): Pools {
  const uuids = url.startsWith('/api/users')
    ? rows.users
    : url.startsWith('/api/room')
      ? rows.rooms
      : url.startsWith('/api/bookings')
        ? rows.bookings
        : url.startsWith('/api/reservations')
          ? rows.reservations
        : url.startsWith('/api/coupons')
          ? rows.coupons
          : url.startsWith('/api/events')
            ? rows.events
            : url.startsWith('/api/venues')
              ? rows.venues
              : url.startsWith('/api/services')
                ? rows.services
                : url.startsWith('/api/blogs')
                  ? rows.blogs
                  : url.startsWith('/api/gallery')
                    ? rows.gallery
                    : url.startsWith('/api/hero-slides')
                      ? rows.heroSlides
                      : [...rows.rooms, ...rows.bookings];
  const template = { ...categoryPayload(CATEGORY), ...roomy() };
  const sections = [
    'room_overview',
    'beds_and_bedding',
    'room_features',
    'bath_and_bathroom_features',
    'furniture_and_furnishings',
    'food_and_beverages',
    'internet_and_phones',
    'entertainment',
    'accessible_room_features',
  ] as const;
  return {
    uuids,
    byKey: {
      roomId: rows.rooms,
      bookingId: rows.bookings,
      chargeType: ['laundry', 'minibar', 'airport_shuttle', 'other'],
      name: [CATEGORY],
      category: [CATEGORY],
      categories: [CATEGORY],
      code: rows.codes,
      couponCode: rows.codes,
      email: emails,
      password: ['correct-horse-battery'],
      // Pictures: a stored picture's address, so fitting content writes reach the database.
      url: [PICTURE],
      imageUrl: [PICTURE],
      images: [[PICTURE]],
      ...(url.startsWith('/api/gallery') ? { category: [...GALLERY_CATEGORIES] } : {}),
      ...(url.startsWith('/api/blogs') ? { category: [['fuzz', 'dhaka']] } : {}),
      // The e-mail designer's `:type` and `type`: the four types, so requests get past the 404.
      ...(url.startsWith('/api/email-templates') ? { type: [...EMAIL_TEMPLATE_TYPES] } : {}),
      ...Object.fromEntries(sections.map((s) => [s, [template[s]]])),
    },
  };
}

/** The headers of a caller; a forged token is correctly signed but its `sub` is no account id. */
function headersOf(who: Who): fc.Arbitrary<Record<string, string>> {
  if (who === 'anonymous') {
    return fc.constantFrom<Record<string, string>>(
      {},
      {},
      { authorization: 'Bearer ' },
      { authorization: 'Bearer not.a.jwt' },
      { authorization: 'Basic YWRtaW46YWRtaW4=' },
    );
  }
  if (who === 'forged token') {
    return fc
      .oneof(fc.constant('not-a-uuid'), nastyString, fc.uuid())
      .map((sub) => ({ authorization: `Bearer ${ctx.app.jwt.sign({ sub, role: 'admin' })}` }));
  }
  return fc.constant(auth[who]);
}

/** Whether the guard lets the caller through (a forged token is only worth a few cases anywhere). */
const allows = (access: Access | undefined, who: Who) =>
  who !== 'forged token' &&
  (access === 'public' || (who !== 'anonymous' && (access === 'signed-in' || (Array.isArray(access) && access.includes(who)))));

/** What is wrong with the answers to `request` (sent `copies` times at once), or null when they keep the promise. */
async function problemWith(request: FuzzRequest, declared?: ReadonlySet<number>): Promise<string | null> {
  const { copies = 1, ...one } = request;
  const answers = await Promise.all(Array.from({ length: copies }, () => answerOf(one, declared)));
  return answers.find((problem) => problem !== null) ?? null;
}

/** A `.` or `..` segment (plain or percent-encoded): the URL then names another route, which answers by its own rules. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=\/|\?|$)/i;

async function answerOf(request: FuzzRequest, declared?: ReadonlySet<number>): Promise<string | null> {
  if (DOT_SEGMENT.test(request.url)) declared = undefined;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const limit = request.url.startsWith('/api/admin/backups') ? 6 * ANSWER_TIMEOUT_MS : ANSWER_TIMEOUT_MS;
    timer = setTimeout(() => reject(new Error(`no answer within ${limit} ms`)), limit);
  });
  try {
    const res = await Promise.race([
      ctx.app.inject({ method: request.method as HTTPMethods, url: request.url, headers: request.headers, payload: request.payload }),
      timeout,
    ]);
    const answer = `${res.statusCode} ${res.body.slice(0, 300)}`;
    if (STATS) count(`${res.statusCode} ${/"code":"([A-Z_]+)"/.exec(res.body)?.[1] ?? ''}`.trim());
    if (res.statusCode >= 500) return answer;
    if (declared && !declared.has(res.statusCode)) {
      return `${answer} (a ${res.statusCode} the API reference does not declare for this route: it lists ${[...declared].join(', ')})`;
    }
    if (res.statusCode < 400) return null;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return `${answer} (a ${res.statusCode} that is not JSON)`;
    }
    return ZErrorResponse.safeParse(body).success ? null : `${answer} (a ${res.statusCode} that is not the error envelope)`;
  } finally {
    clearTimeout(timer);
  }
}

function count(outcome: string) {
  const tally = stats.get(statsKey) ?? new Map<string, number>();
  tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
  stats.set(statsKey, tally);
}

/** Long runs written once with their count (`[×4500`), then cut to `max` characters. */
function truncate(text: string, max = 300): string {
  const short = text.replace(/([\s\S]{1,8}?)\1{9,}/g, (run, unit: string) => `${unit}×${run.length / unit.length}`);
  return short.length > max ? `${short.slice(0, max)}… (${text.length} chars in all)` : short;
}

/** A request as a person can read it: escapes visible, long runs counted, tokens shown by their `sub`. */
function show(request: FuzzRequest): string {
  const headers = { ...request.headers };
  const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
  const claims = token ? ctx.app.jwt.decode<{ sub?: unknown; role?: string }>(token) : null;
  if (claims) headers.authorization = `Bearer <signed token, sub ${JSON.stringify(claims.sub)}, role ${claims.role}>`;
  const payload = request.payload === undefined ? '' : ` body=${truncate(JSON.stringify(request.payload.toString()), 800)}`;
  const copies = request.copies ? ` (sent ${request.copies} times at once)` : '';
  return `${request.method} ${truncate(request.url)} headers=${JSON.stringify(headers)}${payload}${copies}`;
}

/** A seed of its own for each property (the same seed everywhere would send every caller the same requests). */
function seedOf(label: string): number {
  let hash = SEED >>> 0;
  for (const char of label) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0;
  return hash | 0;
}

/** Runs one property; answers a report of its shrunk counterexample when it fails. */
async function fuzz(label: string, requests: fc.Arbitrary<[FuzzRequest, Record<string, string>]>, numRuns: number, declared?: ReadonlySet<number>, timeLimit = TIME_LIMIT_MS) {
  statsKey = label;
  const details = await fc.check(
    fc.asyncProperty(requests, async ([request, headers]) => {
      const problem = await problemWith({ ...request, headers: { ...request.headers, ...headers } }, declared);
      if (problem) throw new Error(problem);
    }),
    { seed: seedOf(label), numRuns: Math.max(1, Math.round(numRuns * SCALE)), interruptAfterTimeLimit: timeLimit * SCALE },
  );
  if (STATS) console.log(`${label}: ${[...(stats.get(label) ?? [])].map(([k, n]) => `${k}×${n}`).join(', ')}`);
  if (!details.failed) return null;
  // No counterexample: no case finished in time, or drawing the requests failed (an arbitrary the contract broke).
  if (!details.counterexample) {
    if (details.interrupted) return `${label}: not one case finished within the time limit (${timeLimit * SCALE} ms)`;
    const error = (details as { errorInstance?: unknown }).errorInstance;
    return `${label}: ${error instanceof Error ? error.stack : String(error)}`;
  }
  const [[request, headers]] = details.counterexample;
  return [
    `${label}: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
    `  request: ${show({ ...request, headers: { ...request.headers, ...headers } })}`,
    `  replay:  FUZZ_SEED=${SEED} (property seed ${details.seed}, path ${details.counterexamplePath}, after ${details.numRuns} runs, ${details.numShrinks} shrinks)`,
  ].join('\n');
}

const failuresMessage = (failures: string[]) =>
  `${failures.length} route(s) broke the promise (seed ${SEED}; FUZZ_SEED=${SEED} replays):\n\n${failures.join('\n\n')}`;

describe('every route, fuzzed from its contract', () => {
  for (const who of CALLERS) {
    it(`never answers 5xx, and answers every 4xx with the error envelope: ${who}`, { timeout: 180_000 }, async () => {
      await topUpRows();
      const failures: string[] = [];
      for (const route of routes) {
        const name = `${route.method} ${route.url}`;
        const pools = poolsFor(route.url);
        const { name: _n, code: _c, couponCode: _cc, email: _e, ...racing } = pools.byKey ?? {};
        const kinds = requestsFor(route.method, route.url, route.schema, pools, { uuids: pools.uuids, byKey: racing });
        const properties: [string, fc.Arbitrary<FuzzRequest>, number][] = allows(route.access, who)
          ? [...kinds].map(([kind, requests]) => [`${name} as ${who} [${kind}]`, requests, RUNS[kind] * (SLOW_ROUTES[name] ?? 1)])
          : [[`${name} as ${who}`, fc.oneof(...kinds.values()), RUNS.refused]];
        for (const [label, requests, runs] of properties) {
          const failure = await fuzz(label, fc.tuple(requests, headersOf(who)), runs, route.declared, timeLimitOf(name));
          if (failure) failures.push(failure);
        }
      }
      expect(routes.length).toBeGreaterThan(30);
      expect(failures, failuresMessage(failures)).toEqual([]);
    });
  }

  it('never answers 5xx to a malformed multipart upload, whoever sends it', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const who of CALLERS) {
      const runs = who === 'anonymous' || who === 'forged token' ? RUNS.refused : 30;
      const declared = routes.find((r) => r.method === 'POST' && r.url === '/api/uploads')?.declared;
      const failure = await fuzz(`POST /api/uploads (multipart) as ${who}`, fc.tuple(multipartRequests(image), headersOf(who)), runs, declared);
      if (failure) failures.push(failure);
    }
    expect(failures, failuresMessage(failures)).toEqual([]);
  });
});
