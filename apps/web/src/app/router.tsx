import { createBrowserRouter, type RouteObject } from 'react-router';
import ErrorPage from './error-page';
import PublicLayout from './layouts/public/public-layout';
import RootError from './root-error';
import { RequireRole } from './route-guard';

type Lazy = () => Promise<{ default: React.ComponentType }>;

/**
 * Nothing is drawn while the first screen's code loads (a few kB, usually in the same round
 * trip): an empty page, not a flash of a spinner. Declared so React Router knows it is meant.
 */
export const HydrateFallback = () => null;
/** A lazily loaded screen: each screen is its own chunk. */
export const page = (load: Lazy): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    HydrateFallback,
    errorElement: <RootError />,
    children: [
      { index: true, ...page(() => import('../features/home/pages/home-page')) },
      { path: 'accommodation', ...page(() => import('../features/accommodation/pages/accommodation-page')) },
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
      { path: 'booking/confirmation/:bookingId', ...page(() => import('../features/bookings/pages/booking-confirmation-page')) },
      { path: 'booking/:id', ...page(() => import('../features/bookings/pages/booking-page')) },
      {
        Component: () => <RequireRole roles={['staff', 'admin']} />,
        children: [{ path: 'guest/booking/:id', ...page(() => import('../features/bookings/pages/walk-in-booking-page')) }],
      },
      { path: '*', element: <ErrorPage forceNotFound /> },
    ],
  },
];

/** The dashboards' paths: their routes are discovered when one is first visited. */
export const DASHBOARD_PATH = /^\/(admin|user|staff)(\/|$)/;

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
