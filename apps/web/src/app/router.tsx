import { createBrowserRouter, type RouteObject } from 'react-router';
import { requestShownCategories } from '../features/accommodation/early-categories';
import { requestGallery } from '../features/gallery/early-gallery';
import { requestHeroSlides } from '../features/home/hero-slides-request';
import { detectLanguage } from '../lib/i18n';
import ErrorPage from './error-page';
import { HydrateFallback, page } from './lazy-page';
import PublicLayout from './layouts/public/public-layout';
import RootError from './root-error';
import { RequireRole } from './route-guard';

const routes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    HydrateFallback,
    errorElement: <RootError />,
    children: [
      {
        index: true,
        ...page(() => {
          // The hero slides are asked for beside the page's code, not after it: the first slide's
          // picture is the page's largest paint.
          requestHeroSlides(detectLanguage());
          return import('../features/home/pages/home-page');
        }, ['home']),
      },
      {
        path: 'accommodation',
        ...page(() => {
          // The room types beside the page's code (the first one's photo is its largest paint).
          requestShownCategories();
          return import('../features/accommodation/pages/accommodation-page');
        }, ['accommodation']),
      },
      {
        path: 'gallery',
        ...page(() => {
          // The photos beside the page's code (the first of the tab is among its largest paints).
          requestGallery(new URLSearchParams(window.location.search).get('category') ?? 'room');
          return import('../features/gallery/pages/gallery-page');
        }, ['gallery']),
      },
      { path: 'blog', ...page(() => import('../features/blogs/pages/blog-list-page'), ['blog']) },
      // An unknown post throws a 404 (blog-post-page.tsx): the 404 page, inside the layout.
      { path: 'blog/:id', ...page(() => import('../features/blogs/pages/blog-post-page'), ['blog']), errorElement: <ErrorPage /> },
      { path: 'events', ...page(() => import('../features/events/pages/events-page')) },
      { path: 'contact', ...page(() => import('../features/contact/pages/contact-page')) },
      { path: 'our-city', ...page(() => import('../features/content/pages/our-city-page')) },
      { path: 'membership-benefits', ...page(() => import('../features/content/pages/membership-page')) },
      { path: 'terms', ...page(() => import('../features/content/pages/terms-page')) },
      { path: 'login', ...page(() => import('../features/auth/pages/login-page')) },
      { path: 'sign-up', ...page(() => import('../features/auth/pages/sign-up-page')) },
      { path: 'forgot-password', ...page(() => import('../features/auth/pages/forgot-password-page')) },
      { path: 'reset-password', ...page(() => import('../features/auth/pages/reset-password-page')) },
      { path: 'auth/callback', ...page(() => import('../features/auth/pages/auth-callback-page')) },
      {
        Component: () => <RequireRole roles="any" />,
        children: [{ path: 'profile', ...page(() => import('../features/users/pages/profile-page')) }],
      },
      { path: 'view-rates', ...page(() => import('../features/stay-search/pages/view-rates-page')) },
      { path: 'booking', ...page(() => import('../features/stay-search/pages/view-rates-page')) },
      // One booking page (issue 22): one room (/booking/:id) or the rooms chosen on /view-rates
      // (/booking/rooms), booked as one reservation, then its one confirmation.
      { path: 'booking/rooms', ...page(() => import('../features/reservations/pages/booking-page')) },
      { path: 'booking/reservation/:reservationId', ...page(() => import('../features/reservations/pages/reservation-confirmation-page')) },
      // The confirmation mail's signed link to pay online without signing in (issue 33).
      { path: 'pay/:token', ...page(() => import('../features/reservations/pages/pay-link-page'), ['booking']) },
      { path: 'booking/:id', ...page(() => import('../features/reservations/pages/booking-page')) },
      {
        Component: () => <RequireRole roles={['staff', 'admin']} />,
        children: [{ path: 'guest/booking/:id', ...page(() => import('../features/reservations/pages/walk-in-booking-page')) }],
      },
      { path: '*', element: <ErrorPage forceNotFound /> },
    ],
  },
];

/** The dashboards' paths: their routes are discovered when one is first visited. */
const DASHBOARD_PATH = /^\/(admin|user|staff)(\/|$)/;

/**
 * The public pages are known from the start; the dashboards' route table (three areas and their
 * screens) is fetched on the first visit to one of them ("lazy route discovery"), so a guest's
 * first paint does not carry it. A public splat route matches those paths too; React Router
 * still asks here first, and the dashboards' routes then win by being more specific.
 */
export function createRouter() {
  let discovered = false;
  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ path, patch }) {
      if (discovered || !DASHBOARD_PATH.test(path)) return;
      const { dashboardRoutes } = await import('./dashboard-routes');
      if (discovered) return;
      discovered = true;
      patch(null, dashboardRoutes);
    },
  });
}
