import { randomUUID } from 'node:crypto';
import { ROLES, type Role } from '@residency/shared';
import type { HTTPMethods } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Access } from './plugins/access.ts';
import { useTestApp } from './test/app.ts';

/**
 * The role rules of the spec's section 6, checked route by route: every registered route says
 * who may call it, and the guard keeps everyone else out.
 */
let routes: { method: string; url: string; access: Access | undefined }[];

const ctx = useTestApp({ reset: 'file' });
beforeAll(async () => {
  routes = ctx.app
    .routeAccess()
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ ...r, method })))
    .filter((r) => r.method !== 'HEAD');
});

/** The headers of a signed-in caller of each role. */
const tokens = (role: Role) => ({ admin: ctx.admin, staff: ctx.staff, user: ctx.guest })[role].auth;

/** A concrete URL for a route pattern: each `:param` a random UUID, each `*` an `x`. */
function concrete(url: string): string {
  return url.replace(/:[^/]+/g, () => randomUUID()).replaceAll('*', 'x');
}

const label = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

const ADMIN: Role[] = ['admin'];
const ADMIN_STAFF: Role[] = ['admin', 'staff'];

/**
 * Who may call each route: the role rules of the spec's section 6 as the server enforces them.
 * Every route is here, so widening one (a delete opened to any signed-in user) fails a test.
 */
const ACCESS: Record<string, Access> = {
  // Uploaded pictures (the local disk; not registered when uploads go to S3).
  'GET /uploads/*': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'GET /api/auth/me': 'signed-in',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/change-password': 'signed-in',
  'GET /api/auth/google': 'public',
  'GET /api/auth/google/callback': 'public',
  'GET /api/users': ADMIN,
  'POST /api/users/invite': ADMIN,
  'PATCH /api/users/me': 'signed-in',
  'GET /api/users/:id': ADMIN,
  'PUT /api/users/:id': ADMIN,
  'DELETE /api/users/:id': ADMIN,
  'POST /api/contact': 'public',
  'GET /api/site': 'public',
  'GET /api/health': 'public',
  'GET /api/admin': ADMIN,
  'GET /api/admin/bookings.csv': ADMIN,
  'GET /api/staff/today': ADMIN_STAFF,
  'GET /api/user/dashboard': ['user'],
  // Public for event-request pictures; the purpose decides who else may upload (uploads tests).
  'POST /api/uploads': 'public',
  'POST /api/room/create-room': ADMIN,
  'GET /api/room': 'public',
  'GET /api/room/:id': 'public',
  'PATCH /api/room/:id': ADMIN_STAFF,
  'DELETE /api/room/:id': ADMIN,
  'GET /api/room-categories': 'public',
  'GET /api/room-categories/:name': 'public',
  'PUT /api/room-categories': ADMIN,
  'DELETE /api/room-categories/:name': ADMIN,
  'POST /api/coupons': ADMIN,
  'GET /api/coupons': ADMIN,
  'GET /api/coupons/:code': 'public',
  'PATCH /api/coupons/:id': ADMIN,
  'DELETE /api/coupons/:id': ADMIN,
  'GET /api/channels/export/:token.ics': 'public',
  'GET /api/channels': ADMIN,
  'POST /api/channels/exports/rotate': ADMIN,
  'POST /api/channels/feeds': ADMIN,
  'POST /api/channels/feeds/:id/sync': ADMIN,
  'DELETE /api/channels/feeds/:id': ADMIN,
  'GET /api/channels/conflicts': ADMIN_STAFF,
  'GET /api/channels/blocks': ADMIN_STAFF,
  'POST /api/channels/blocks': ADMIN_STAFF,
  'DELETE /api/channels/blocks/:id': ADMIN_STAFF,
  'POST /api/channels/blocks/:id/reservation': ADMIN_STAFF,
  'GET /api/rate-plans': 'public',
  'POST /api/rate-plans': ADMIN,
  'PATCH /api/rate-plans/:id': ADMIN,
  'GET /api/rates': ADMIN_STAFF,
  'POST /api/rates/bulk': ADMIN,
  'GET /api/rates/changes': ADMIN,
  'GET /api/rates/quote': 'public',
  'POST /api/channels/conflicts/:id/resolve': ADMIN_STAFF,
  'POST /api/bookings': 'signed-in',
  'GET /api/bookings': ADMIN_STAFF,
  'GET /api/bookings/my-bookings': 'signed-in',
  'GET /api/bookings/:id': 'signed-in',
  'PATCH /api/bookings/:id': ADMIN_STAFF,
  'DELETE /api/bookings/:id': ADMIN_STAFF,
  'POST /api/bookings/:id/payments': ADMIN_STAFF,
  'POST /api/bookings/:id/check-in': ADMIN_STAFF,
  'POST /api/bookings/:id/check-out': ADMIN_STAFF,
  'POST /api/bookings/:id/no-show': ADMIN_STAFF,
  // The booking's own guest; anyone else's booking answers 404 (bookings tests).
  'POST /api/bookings/:id/cancel': 'signed-in',
  'GET /api/bookings/:id/cancellation': 'signed-in',
  'POST /api/bookings/:id/night-prices': ADMIN_STAFF,
  // The guest register (issue 34): the room's own guest and the desk (staff within 30 days of
  // the stay, admins all); another guest's room answers 404 (guest-register tests).
  'GET /api/bookings/:id/guests': 'signed-in',
  'PUT /api/bookings/:id/guests': 'signed-in',
  'GET /api/bookings/:id/guests/suggestions': 'signed-in',
  'POST /api/bookings/:id/guests/:guestId/photos': 'signed-in',
  'GET /api/bookings/:id/guests/:guestId/photos/:photoId': 'signed-in',
  'POST /api/users/me/erasure-request': 'signed-in',
  // The police register and the card PDF (issue 34): staff from the last 30 days on (403 before),
  // a card PDF also the room's own guest (another's is a 404); the view log is the admin's.
  'GET /api/bookings/:id/guests/:guestId/card.pdf': 'signed-in',
  'GET /api/reports/police-register': ADMIN_STAFF,
  'GET /api/audit/id-views': ADMIN,
  'GET /api/audit': ADMIN,
  'GET /api/audit/verify': ADMIN,
  'GET /api/audit.csv': ADMIN,
  'GET /api/night-audit/:date': ADMIN_STAFF,
  'POST /api/night-audit/:date/close': ADMIN_STAFF,
  'GET /api/admin/backups': ADMIN,
  'POST /api/admin/backups': ADMIN,
  // Reservations of several rooms and their folio (issue 22): the reservation's own guest reads
  // it (anyone else's answers 404: modules/reservations/reservations.test.ts); only the desk posts to it.
  'POST /api/reservations': 'signed-in',
  'POST /api/reservations/walk-in': ADMIN_STAFF,
  'GET /api/reservations/my-reservations': 'signed-in',
  'GET /api/reservations/:id': 'signed-in',
  'GET /api/reservations/:id/folio': 'signed-in',
  'GET /api/reservations/:id/invoice': 'signed-in',
  'POST /api/reservations/:id/charges': ADMIN_STAFF,
  'POST /api/reservations/:id/reversals': ADMIN_STAFF,
  'POST /api/reservations/:id/payments': ADMIN_STAFF,
  'POST /api/reservations/:id/refunds': ADMIN_STAFF,
  'POST /api/reservations/:id/credit-notes': ADMIN_STAFF,
  'POST /api/reservations/:id/invoices': ADMIN_STAFF,
  'POST /api/reservations/:id/rooms': ADMIN_STAFF,
  'DELETE /api/reservations/:id/rooms/:bookingId': ADMIN_STAFF,
  'POST /api/bookings/:id/dates': ADMIN_STAFF,
  'POST /api/bookings/:id/move': ADMIN_STAFF,
  // Online payment (issue 33): the reservation's guest (another's answers 404) or the desk starts
  // one and reads how it went; the gateways call their own routes, which act only on what the
  // gateway's own API confirms (modules/online-payments/online-payments.test.ts).
  'POST /api/reservations/:id/online-payments': 'signed-in',
  'GET /api/online-payments/:id': 'signed-in',
  'GET /api/online-payments/review': ADMIN_STAFF,
  'POST /api/online-payments/:id/accept': ADMIN_STAFF,
  'POST /api/online-payments/:id/refuse': ADMIN_STAFF,
  'POST /api/reservations/:id/online-refunds': ADMIN_STAFF,
  'GET /api/reports/reconciliation': ADMIN,
  'POST /api/payments/sslcommerz/ipn': 'public',
  'POST /api/payments/sslcommerz/success': 'public',
  'POST /api/payments/sslcommerz/fail': 'public',
  'POST /api/payments/sslcommerz/cancel': 'public',
  'GET /api/payments/bkash/callback': 'public',
  // The confirmation mail's signed link: only its token, valid until check-in, names the reservation.
  'GET /api/pay-links/:token': 'public',
  'POST /api/pay-links/:token/online-payments': 'public',
  'GET /api/pay-links/:token/online-payments/:id': 'public',
  'GET /api/charge-types': ADMIN_STAFF,
  'PUT /api/charge-types/:code': ADMIN,
  'GET /api/reports/cash-up': ADMIN_STAFF,
  'GET /api/reports/vat-register': ADMIN,
  'GET /api/reports/cash-up.csv': ADMIN_STAFF,
  'POST /api/events': 'public',
  'GET /api/events': ADMIN_STAFF,
  'GET /api/events/:id': ADMIN_STAFF,
  'PUT /api/events/:id': ADMIN_STAFF,
  'DELETE /api/events/:id': ADMIN_STAFF,
  'GET /api/venues': 'public',
  'POST /api/venues': ADMIN,
  'PUT /api/venues/:id': ADMIN,
  'DELETE /api/venues/:id': ADMIN,
  'POST /api/services': ['user'],
  'GET /api/services': ADMIN_STAFF,
  'GET /api/services/my-services': 'signed-in',
  'GET /api/services/:id': ADMIN_STAFF,
  'PATCH /api/services/:id': ADMIN_STAFF,
  'DELETE /api/services/:id': ADMIN_STAFF,
  'GET /api/email-templates': ADMIN,
  'POST /api/email-templates': ADMIN,
  'GET /api/email-templates/:type': ADMIN,
  'DELETE /api/email-templates/:type': ADMIN,
  'POST /api/email-templates/test': ADMIN,
  'GET /api/sms-templates': ADMIN,
  'PUT /api/sms-templates/:type/:language': ADMIN,
  'DELETE /api/sms-templates/:type/:language': ADMIN,
  'POST /api/sms-templates/preview': ADMIN,
  // The provider's delivery reports: public, refused without SMS_REPORT_SECRET (404) or with another (403).
  'POST /api/sms/delivery-report': 'public',
  'POST /api/auth/phone/verify-request': 'signed-in',
  'POST /api/auth/phone/verify': 'signed-in',
  'POST /api/blogs': ADMIN,
  'GET /api/blogs': 'public',
  'GET /api/blogs/:id': 'public',
  'PUT /api/blogs/:id': ADMIN,
  'DELETE /api/blogs/:id': ADMIN,
  'POST /api/gallery': ADMIN,
  'GET /api/gallery': 'public',
  'DELETE /api/gallery/:id': ADMIN,
  // Public; includeInactive=1 lists inactive slides only for an admin (hero-slides tests).
  'GET /api/hero-slides': 'public',
  'POST /api/hero-slides': ADMIN,
  'PATCH /api/hero-slides/:id': ADMIN,
  'DELETE /api/hero-slides/:id': ADMIN,
};

describe('route access declarations', () => {
  it('has every route declare who may call it', () => {
    expect(routes.length).toBeGreaterThan(5);
    const missing = routes.filter((r) => r.access === undefined).map(label);
    expect(missing).toEqual([]);
  });

  it('declares exactly the access of this table for every route (a new route, or a changed rule, must be added here)', () => {
    const accessOf = Object.fromEntries(routes.map((r) => [label(r), r.access]));
    expect(accessOf).toEqual(ACCESS);
  });
});

describe('the role guard', () => {
  it('answers 401 without a token on every route that is not public', async () => {
    const open: string[] = [];
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const res = await ctx.app.inject({ method: route.method as HTTPMethods, url: concrete(route.url) });
      if (res.statusCode !== 401 || res.json().success !== false) open.push(`${label(route)} → ${res.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('guards the HEAD twin of every GET route like the GET itself', async () => {
    const heads = ctx.app
      .routeAccess()
      .filter((r) => r.method === 'HEAD' && r.access !== 'public')
      .map((r) => r.url);
    expect(heads).toContain('/api/users');
    const open: string[] = [];
    for (const url of heads) {
      const res = await ctx.app.inject({ method: 'HEAD', url: concrete(url) });
      if (res.statusCode !== 401) open.push(`HEAD ${url} → ${res.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('answers 403 to every role a route does not list', async () => {
    const checked: string[] = [];
    const leaks: string[] = [];
    for (const route of routes) {
      if (!Array.isArray(route.access)) continue;
      for (const role of ROLES.filter((r) => !(route.access as readonly Role[]).includes(r))) {
        const res = await ctx.app.inject({
          method: route.method as HTTPMethods,
          url: concrete(route.url),
          headers: tokens(role),
        });
        checked.push(`${label(route)} as ${role}`);
        if (res.statusCode !== 403 || res.json().code !== 'FORBIDDEN') {
          leaks.push(`${label(route)} as ${role} → ${res.statusCode}`);
        }
      }
    }
    expect(checked).toContain('GET /api/users as staff');
    expect(checked).toContain('DELETE /api/users/:id as user');
    expect(leaks).toEqual([]);
  });

  it('lets every listed role through the guard', async () => {
    const refused: string[] = [];
    for (const route of routes) {
      if (route.access === 'public' || route.access === undefined) continue;
      const allowed = route.access === 'signed-in' ? ROLES : route.access;
      for (const role of allowed) {
        const res = await ctx.app.inject({
          method: route.method as HTTPMethods,
          url: concrete(route.url),
          headers: tokens(role),
        });
        // The request may still fail for its own reasons (404, 400), never for who sent it.
        if (res.statusCode === 401 || res.statusCode === 403) {
          refused.push(`${label(route)} as ${role} → ${res.statusCode}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });
});
