import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import ErrorPage from './error-page';
import PublicLayout from './layouts/public/public-layout';
import RootError from './root-error';
import { RequireRole } from './route-guard';

type Lazy = () => Promise<{ default: React.ComponentType }>;

/**
 * Nothing is drawn while the first screen's code loads (a few kB, usually in the same round
 * trip): an empty page, not a flash of a spinner. Declared so React Router knows it is meant.
 */
const HydrateFallback = () => null;
/** A lazily loaded screen: each screen is its own chunk. */
const page = (load: Lazy): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** The dashboard shell (Ant Design) loads only on dashboard routes. */
const dashboard = page(() => import('./layouts/dashboard/dashboard-layout'));
/** Admins and staff share the event requests screen. */
const eventRequests = page(() => import('../features/events/pages/event-requests-page'));

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
  {
    path: '/admin',
    errorElement: <RootError />,
    HydrateFallback,
    Component: () => <RequireRole roles={['admin']} />,
    children: [
      {
        ...dashboard,
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: 'dashboard', ...page(() => import('../features/dashboard/pages/admin-dashboard-page')) },
          { path: 'users', ...page(() => import('../features/users/pages/users-page')) },
          { path: 'reservation', ...page(() => import('../features/bookings/pages/reservations-page')) },
          { path: 'manage-discount', ...page(() => import('../features/coupons/pages/coupons-page')) },
          { path: 'room-management', ...page(() => import('../features/rooms/pages/rooms-page')) },
          { path: 'add-room', ...page(() => import('../features/rooms/pages/add-room-page')) },
          { path: 'categories', ...page(() => import('../features/categories/pages/categories-page')) },
          { path: 'add-category', ...page(() => import('../features/categories/pages/category-form-page')) },
          { path: 'edit-category/:name', ...page(() => import('../features/categories/pages/category-form-page')) },
          { path: 'event-request', ...eventRequests },
          { path: '*', element: <ErrorPage forceNotFound /> },
        ],
      },
    ],
  },
  {
    path: '/user',
    errorElement: <RootError />,
    HydrateFallback,
    Component: () => <RequireRole roles={['user']} />,
    children: [
      {
        ...dashboard,
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: 'dashboard', ...page(() => import('../features/dashboard/pages/user-dashboard-page')) },
          { path: 'my-bookings', ...page(() => import('../features/bookings/pages/my-bookings-page')) },
          { path: 'my-request', ...page(() => import('../features/services/pages/my-requests-page')) },
          { path: '*', element: <ErrorPage forceNotFound /> },
        ],
      },
    ],
  },
  {
    path: '/staff',
    errorElement: <RootError />,
    HydrateFallback,
    Component: () => <RequireRole roles={['staff']} />,
    children: [
      {
        ...dashboard,
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: 'dashboard', ...page(() => import('../features/dashboard/pages/staff-dashboard-page')) },
          { path: 'user-request', ...page(() => import('../features/services/pages/service-requests-page')) },
          { path: 'reservation', ...page(() => import('../features/bookings/pages/reservations-page')) },
          { path: 'event-request', ...eventRequests },
          { path: 'housekeeping', ...page(() => import('../features/housekeeping/pages/housekeeping-page')) },
          { path: '*', element: <ErrorPage forceNotFound /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
