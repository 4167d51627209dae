import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, todayAt } from '@residency/shared/dates';
import {
  expect,
  freeRooms,
  seriousViolations,
  settled,
  sidewaysOverflow,
  test,
  testDayOffset,
  useLanguage,
  type Api,
  type Lng,
} from './fixtures';

/**
 * Every route of the router, not only those a menu links to: each opens a real screen (never the
 * 404 page) for the role it is meant for, in English and Bengali, at 375 and 1280 px, and fits the
 * width. Axe runs on every route once per language: in English at 1280 px, in Bengali at 375 px
 * (so both widths are checked too). The list of routes is read from the router's own files, so a
 * route added without an entry here fails this test.
 *
 * Each route is loaded once per language and then seen at the other width by resizing the window
 * (the layout follows the width through media queries and antd's breakpoint listeners, as it does
 * when a person turns a tablet or narrows a window). The language decides which width is the
 * fresh load: English loads at 1280 px, Bengali at 375 px, so every route is also loaded afresh
 * at each width. Loading every route four times instead of twice cost about 3 minutes of CI.
 */

type Who = 'anonymous' | 'user' | 'staff' | 'admin';
interface Ids {
  category: string;
  roomId: string;
  bookingId: string;
  blogId: string;
  slideId: string;
  stay: string;
}

const ROUTER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/app');

/** The paths of the router's files: public children of '/', and each dashboard area's children. */
function routerPaths(): string[] {
  const paths = (file: string) => [...readFileSync(path.join(ROUTER, file), 'utf8').matchAll(/path: '([^']+)'/g)].map((m) => m[1]!);
  const publicPaths = paths('router.tsx')
    .filter((p) => p !== '*')
    .map((p) => (p === '/' ? p : `/${p}`));
  const dashboard: string[] = [];
  let area = '';
  for (const p of paths('dashboard-routes.tsx')) {
    if (p.startsWith('/')) area = p;
    else if (p !== '*') dashboard.push(`${area}/${p}`);
  }
  return [...publicPaths, ...dashboard];
}

/** For each route: who opens it and the concrete address (with real ids and queries). */
const ROUTES: Record<string, { who: Who; url: (ids: Ids) => string }> = {
  '/': { who: 'anonymous', url: () => '/' },
  '/accommodation': { who: 'anonymous', url: () => '/accommodation' },
  '/gallery': { who: 'anonymous', url: () => '/gallery' },
  '/blog': { who: 'anonymous', url: () => '/blog' },
  '/blog/:id': { who: 'anonymous', url: (ids) => `/blog/${ids.blogId}` },
  '/events': { who: 'anonymous', url: () => '/events' },
  '/contact': { who: 'anonymous', url: () => '/contact' },
  '/our-city': { who: 'anonymous', url: () => '/our-city' },
  '/membership-benefits': { who: 'anonymous', url: () => '/membership-benefits' },
  '/terms': { who: 'anonymous', url: () => '/terms' },
  '/login': { who: 'anonymous', url: () => '/login' },
  '/sign-up': { who: 'anonymous', url: () => '/sign-up' },
  '/forgot-password': { who: 'anonymous', url: () => '/forgot-password' },
  // Without a token the page says the link is not valid (a screen, not the 404 page).
  '/reset-password': { who: 'anonymous', url: () => '/reset-password' },
  '/auth/callback': { who: 'anonymous', url: () => '/auth/callback' },
  '/profile': { who: 'user', url: () => '/profile' },
  '/view-rates': { who: 'anonymous', url: (ids) => `/view-rates?${ids.stay}` },
  '/booking': { who: 'anonymous', url: (ids) => `/booking?${ids.stay}` },
  '/booking/confirmation/:bookingId': { who: 'user', url: (ids) => `/booking/confirmation/${ids.bookingId}` },
  '/booking/:id': { who: 'user', url: (ids) => `/booking/${ids.roomId}?${ids.stay}` },
  '/guest/booking/:id': { who: 'staff', url: (ids) => `/guest/booking/${ids.roomId}?${ids.stay}` },
  '/admin/dashboard': { who: 'admin', url: () => '/admin/dashboard' },
  '/admin/users': { who: 'admin', url: () => '/admin/users' },
  '/admin/reservation': { who: 'admin', url: () => '/admin/reservation' },
  '/admin/manage-discount': { who: 'admin', url: () => '/admin/manage-discount' },
  '/admin/room-management': { who: 'admin', url: () => '/admin/room-management' },
  '/admin/add-room': { who: 'admin', url: () => '/admin/add-room' },
  '/admin/categories': { who: 'admin', url: () => '/admin/categories' },
  '/admin/add-category': { who: 'admin', url: () => '/admin/add-category' },
  '/admin/edit-category/:name': { who: 'admin', url: (ids) => `/admin/edit-category/${encodeURIComponent(ids.category)}` },
  '/admin/blog-management': { who: 'admin', url: () => '/admin/blog-management' },
  '/admin/add-blog': { who: 'admin', url: () => '/admin/add-blog' },
  '/admin/manage-gallery': { who: 'admin', url: () => '/admin/manage-gallery' },
  '/admin/hero-slides': { who: 'admin', url: () => '/admin/hero-slides' },
  '/admin/hero-slides/new': { who: 'admin', url: () => '/admin/hero-slides/new' },
  '/admin/hero-slides/:id/edit': { who: 'admin', url: (ids) => `/admin/hero-slides/${ids.slideId}/edit` },
  '/admin/email-templates': { who: 'admin', url: () => '/admin/email-templates' },
  '/admin/email-templates/new': { who: 'admin', url: () => '/admin/email-templates/new?type=BOOKING_CANCELLATION' },
  '/admin/email-templates/:type/edit': { who: 'admin', url: () => '/admin/email-templates/BOOKING_CONFIRMATION_USER/edit' },
  '/admin/email-templates/test': { who: 'admin', url: () => '/admin/email-templates/test?type=BOOKING_STATUS_UPDATE' },
  '/admin/event-request': { who: 'admin', url: () => '/admin/event-request' },
  '/admin/user-request': { who: 'admin', url: () => '/admin/user-request' },
  '/admin/housekeeping': { who: 'admin', url: () => '/admin/housekeeping' },
  '/user/dashboard': { who: 'user', url: () => '/user/dashboard' },
  '/user/my-bookings': { who: 'user', url: () => '/user/my-bookings' },
  '/user/my-request': { who: 'user', url: () => '/user/my-request' },
  '/staff/dashboard': { who: 'staff', url: () => '/staff/dashboard' },
  '/staff/user-request': { who: 'staff', url: () => '/staff/user-request' },
  '/staff/reservation': { who: 'staff', url: () => '/staff/reservation' },
  '/staff/event-request': { who: 'staff', url: () => '/staff/event-request' },
  '/staff/housekeeping': { who: 'staff', url: () => '/staff/housekeeping' },
};

test('the list below covers every route of the router', () => {
  expect(routerPaths().sort()).toEqual(Object.keys(ROUTES).sort());
});

/**
 * Real ids for the routes' parameters: a free room and its category, a post, a slide, and for
 * the guest a booking of their own (made by this test, through the API).
 */
async function realIds(request: APIRequestContext, api: Api, who: Who): Promise<Ids> {
  const today = todayAt('Asia/Dhaka');
  const checkIn = addDays(today, testDayOffset(500, 500));
  const checkOut = addDays(checkIn, 2);
  const [room] = await freeRooms(request, checkIn, checkOut);
  expect(room, 'a free room').toBeTruthy();
  let bookingId = '';
  if (who === 'user') {
    const booking = await request.post('/api/bookings', {
      headers: await api.headers('user'),
      data: { roomId: room!._id, checkIn, checkOut, adults: 1, phone: '01700000000' },
    });
    expect(booking.status(), await booking.text()).toBe(201);
    bookingId = (await booking.json()).data._id;
  }
  const first = async (url: string) => {
    const res = await request.get(url);
    expect(res.ok(), url).toBe(true);
    const { data } = await res.json();
    expect(data.length, `${url} has demo data`).toBeGreaterThan(0);
    return data[0] as { _id: string };
  };
  return {
    category: room!.category,
    roomId: room!._id,
    bookingId,
    blogId: (await first('/api/blogs?limit=1'))._id,
    slideId: (await first('/api/hero-slides'))._id,
    stay: `checkIn=${addDays(checkIn, 3)}&checkOut=${addDays(checkIn, 5)}&adults=1&children=0`,
  };
}

/** Where axe runs: once per language, each language at the other width. */
const AXE_WIDTH: Record<Lng, number> = { en: 1280, bn: 375 };
/** The width each language loads the routes at; the other width is reached by resizing. */
const WIDTHS: Record<Lng, [number, number]> = { en: [1280, 375], bn: [375, 1280] };

/** Sets the window's width and waits until the page has laid itself out again. */
async function resizeTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
  // Two frames: one for the resize and media-query listeners, one for React's re-render.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** At most this many routes per test, so that the two workers share the walk evenly. */
const ROUTES_PER_TEST = 12;

for (const who of ['anonymous', 'user', 'staff', 'admin'] as const) {
  const mine = Object.entries(ROUTES).filter(([, r]) => r.who === who);
  const parts = Math.ceil(mine.length / ROUTES_PER_TEST);
  test.describe(who === 'anonymous' ? 'a visitor' : `the ${who}`, () => {
    if (who !== 'anonymous') test.use({ signedInAs: who });

    for (let part = 0; part < parts; part += 1) {
      const share = mine.slice(part * ROUTES_PER_TEST, (part + 1) * ROUTES_PER_TEST);
      const which = parts > 1 ? ` (${share[0]![0]} … ${share.at(-1)![0]})` : '';
      for (const lng of ['en', 'bn'] as const) {
        test(`every route${which} opens a real screen that fits at 1280 and 375 px (${lng}; axe at ${AXE_WIDTH[lng]} px)`, async ({ page, request, api }) => {
          test.setTimeout(180_000);
          const ids = await realIds(request, api, who);
          // A page of the site must be open before the language can be chosen.
          await page.goto('/terms');
          await useLanguage(page, lng);
          const [loadWidth, resizedWidth] = WIDTHS[lng];
          for (const [pattern, route] of share) {
            const url = route.url(ids);
            await test.step(`${url} (${lng}) at ${loadWidth} px, then ${resizedWidth} px`, async () => {
              await resizeTo(page, loadWidth);
              await page.goto(url);
              await expect(page.locator('html')).toHaveAttribute('lang', lng);
              await expect(page.locator('main, [data-testid="section-title"]').first(), `${pattern} shows a screen`).toBeVisible();
              await settled(page);
              await expect(page.getByTestId('error-page'), `${url} is the 404 page`).toHaveCount(0);
              await expect(page.locator('.ant-skeleton-active'), `${url} still loading`).toHaveCount(0);
              for (const width of [loadWidth, resizedWidth]) {
                if (width !== loadWidth) {
                  await resizeTo(page, width);
                  await settled(page);
                }
                const overflow = await sidewaysOverflow(page);
                expect(overflow, `${url} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
                if (width === AXE_WIDTH[lng]) expect(await seriousViolations(page), `axe on ${url} at ${width} px (${lng})`).toEqual([]);
              }
            });
          }
        });
      }
    }
  });
}
