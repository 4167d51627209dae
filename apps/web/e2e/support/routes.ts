import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { addDays, todayAt } from '@residency/shared/dates';
import { expect, freeRooms, testDayOffset, type Api } from '../fixtures';

/**
 * Every route of the web app's router, with who opens it and a concrete address (real ids and
 * queries): every-route.spec.ts opens them all, first-visit.spec.ts the public ones.
 */

export type Who = 'anonymous' | 'user' | 'staff' | 'admin';
export interface Ids {
  category: string;
  roomId: string;
  /** A reservation of one room, the user's. */
  reservationId: string;
  /** That reservation's room (its online check-in, issue 34). */
  bookingId: string;
  blogId: string;
  slideId: string;
  stay: string;
}

const ROUTER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/app');

/** The paths of the router's files: public children of '/', and each dashboard area's children. */
export function routerPaths(): string[] {
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
export const ROUTES: Record<string, { who: Who; url: (ids: Ids) => string }> = {
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
  '/booking/rooms': { who: 'user', url: (ids) => `/booking/rooms?${ids.stay}&room=${ids.roomId}~STD~1~0~${encodeURIComponent(ids.category)}` },
  '/booking/reservation/:reservationId': { who: 'user', url: (ids) => `/booking/reservation/${ids.reservationId}` },
  '/booking/:id': { who: 'user', url: (ids) => `/booking/${ids.roomId}?${ids.stay}` },
  // A made-up pay link: the page says the link is not valid (a screen, not the 404 page).
  '/pay/:token': { who: 'anonymous', url: () => '/pay/not-a-real-link' },
  '/guest/booking/:id': { who: 'staff', url: (ids) => `/guest/booking/${ids.roomId}?${ids.stay}` },
  '/admin/dashboard': { who: 'admin', url: () => '/admin/dashboard' },
  '/admin/users': { who: 'admin', url: () => '/admin/users' },
  '/admin/reservation': { who: 'admin', url: () => '/admin/reservation' },
  '/admin/manage-discount': { who: 'admin', url: () => '/admin/manage-discount' },
  '/admin/channels': { who: 'admin', url: () => '/admin/channels' },
  '/admin/rates': { who: 'admin', url: () => '/admin/rates' },
  '/admin/charge-types': { who: 'admin', url: () => '/admin/charge-types' },
  '/admin/cash-up': { who: 'admin', url: () => '/admin/cash-up' },
  '/admin/night-audit': { who: 'admin', url: () => '/admin/night-audit' },
  '/admin/vat-register': { who: 'admin', url: () => '/admin/vat-register' },
  '/admin/payments-review': { who: 'admin', url: () => '/admin/payments-review' },
  '/admin/reconciliation': { who: 'admin', url: () => '/admin/reconciliation' },
  '/admin/police-register': { who: 'admin', url: () => '/admin/police-register' },
  '/admin/id-views': { who: 'admin', url: () => '/admin/id-views' },
  '/admin/audit': { who: 'admin', url: () => '/admin/audit' },
  '/admin/backups': { who: 'admin', url: () => '/admin/backups' },
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
  '/admin/sms-templates': { who: 'admin', url: () => '/admin/sms-templates' },
  '/admin/event-request': { who: 'admin', url: () => '/admin/event-request' },
  '/admin/user-request': { who: 'admin', url: () => '/admin/user-request' },
  '/admin/housekeeping': { who: 'admin', url: () => '/admin/housekeeping' },
  '/user/dashboard': { who: 'user', url: () => '/user/dashboard' },
  '/user/my-bookings': { who: 'user', url: () => '/user/my-bookings' },
  '/user/my-request': { who: 'user', url: () => '/user/my-request' },
  '/user/my-bookings/:id/check-in': { who: 'user', url: (ids) => `/user/my-bookings/${ids.bookingId}/check-in` },
  '/staff/dashboard': { who: 'staff', url: () => '/staff/dashboard' },
  '/staff/user-request': { who: 'staff', url: () => '/staff/user-request' },
  '/staff/reservation': { who: 'staff', url: () => '/staff/reservation' },
  '/staff/event-request': { who: 'staff', url: () => '/staff/event-request' },
  '/staff/housekeeping': { who: 'staff', url: () => '/staff/housekeeping' },
  '/staff/cash-up': { who: 'staff', url: () => '/staff/cash-up' },
  '/staff/night-audit': { who: 'staff', url: () => '/staff/night-audit' },
  '/staff/payments-review': { who: 'staff', url: () => '/staff/payments-review' },
  '/staff/police-register': { who: 'staff', url: () => '/staff/police-register' },
};

/**
 * Real ids for the routes' parameters: a free room and its category, a post, a slide, and for
 * the guest a booking of their own (made by this test, through the API).
 */
export async function realIds(request: APIRequestContext, api: Api, who: Who): Promise<Ids> {
  const today = todayAt('Asia/Dhaka');
  const checkIn = addDays(today, testDayOffset(500, 500));
  const checkOut = addDays(checkIn, 2);
  const [room] = await freeRooms(request, checkIn, checkOut);
  expect(room, 'a free room').toBeTruthy();
  let reservationId = '';
  let bookingId = '';
  if (who === 'user') {
    const booking = await request.post('/api/bookings', {
      headers: await api.headers('user'),
      data: { roomId: room!._id, checkIn, checkOut, adults: 1, phone: '01700000000' },
    });
    expect(booking.status(), await booking.text()).toBe(201);
    ({ reservationId, _id: bookingId } = (await booking.json()).data);
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
    reservationId,
    bookingId,
    blogId: (await first('/api/blogs?limit=1'))._id,
    slideId: (await first('/api/hero-slides'))._id,
    stay: `checkIn=${addDays(checkIn, 3)}&checkOut=${addDays(checkIn, 5)}&adults=1&children=0`,
  };
}
