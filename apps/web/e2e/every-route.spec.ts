import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, todayAt } from '@residency/shared/dates';
import { DEMO, expect, freeRooms, login, seriousViolations, test, useLanguage } from './fixtures';

/**
 * Every route of the router, not only those a menu links to: each opens a real screen (never the
 * 404 page) for the role it is meant for, in English and Bengali, at 375 and 1280 px, fits the
 * width and passes axe. The list of routes is read from the router's own files, so a route added
 * without an entry here fails this test.
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
    .filter((p) => p !== '/' && p !== '*')
    .map((p) => `/${p}`);
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

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token as string;
}

let known: Ids | undefined;

/**
 * Real ids for the routes' parameters: a free room and its category, a booking of the demo guest
 * (made once for the whole file: bookings per account are limited), a post, a slide.
 */
async function realIds(request: APIRequestContext): Promise<Ids> {
  known ??= await findIds(request);
  return known;
}

async function findIds(request: APIRequestContext): Promise<Ids> {
  const today = todayAt('Asia/Dhaka');
  const checkIn = addDays(today, 500 + Math.floor(Math.random() * 500));
  const checkOut = addDays(checkIn, 2);
  const [room] = await freeRooms(request, checkIn, checkOut);
  expect(room, 'a free room').toBeTruthy();
  const user = await tokenOf(request, DEMO.user);
  const booking = await request.post('/api/bookings', {
    headers: { authorization: `Bearer ${user}` },
    data: { roomId: room!._id, checkIn, checkOut, adults: 1, phone: '01700000000' },
  });
  expect(booking.status(), await booking.text()).toBe(201);
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
    bookingId: (await booking.json()).data._id,
    blogId: (await first('/api/blogs?limit=1'))._id,
    slideId: (await first('/api/hero-slides'))._id,
    stay: `checkIn=${addDays(checkIn, 3)}&checkOut=${addDays(checkIn, 5)}&adults=1&children=0`,
  };
}

async function signIn(page: Page, who: Who) {
  // A visitor still needs a page of the site open before the language can be chosen.
  if (who === 'anonymous') await page.goto('/');
  else await login(page, DEMO[who]);
}

for (const who of ['anonymous', 'user', 'staff', 'admin'] as const) {
  for (const lng of ['en', 'bn'] as const) {
    test(`every route for ${who === 'anonymous' ? 'a visitor' : `the ${who}`} opens a real screen that fits and passes axe (${lng}, 375 and 1280 px)`, async ({ page, request }) => {
      test.setTimeout(300_000);
      const ids = await realIds(request);
      await signIn(page, who);
      await useLanguage(page, lng);
      const mine = Object.entries(ROUTES).filter(([, r]) => r.who === who);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        for (const [pattern, route] of mine) {
          const url = route.url(ids);
          await test.step(`${url} at ${width} px`, async () => {
            await page.goto(url);
            await expect(page.locator('html')).toHaveAttribute('lang', lng);
            await expect(page.locator('main, [data-testid="section-title"]').first(), `${pattern} shows a screen`).toBeVisible();
            await page.waitForLoadState('networkidle', { timeout: 20_000 });
            await expect(page.getByTestId('error-page'), `${url} is the 404 page`).toHaveCount(0);
            await expect(page.locator('.ant-skeleton-active'), `${url} still loading`).toHaveCount(0);
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(overflow, `${url} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
            expect(await seriousViolations(page), `axe on ${url} at ${width} px (${lng})`).toEqual([]);
          });
        }
      }
    });
  }
}
