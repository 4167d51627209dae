import { Navigate, type RouteObject } from 'react-router';
import RootError from './root-error';
import { RequireRole } from './route-guard';
import { HydrateFallback, page } from './lazy-page';

/** The dashboard shell (Ant Design) loads only on dashboard routes. */
const dashboard = page(() => import('./layouts/dashboard/dashboard-layout'));
/** A dashboard path that is no screen, in the dashboard's own style. */
const notFound = page(() => import('./layouts/dashboard/dashboard-not-found'));
/** Admins and staff share the event requests, service requests and housekeeping screens. */
const eventRequests = page(() => import('../features/events/pages/event-requests-page'));
const serviceRequests = page(() => import('../features/services/pages/service-requests-page'), ['services', 'folio']);
const housekeeping = page(() => import('../features/housekeeping/pages/housekeeping-page'));
/** The desk's daily cash-up (issue 22): staff and admins. */
const cashUp = page(() => import('../features/cash-up/pages/cash-up-page'), ['folio']);
/** The police register (issue 34): staff (the last 30 days on) and admins. */
const policeRegister = page(() => import('../features/police-register/pages/police-register-page'), ['police-register']);
/** Online payments the gateway holds for review (issue 33): staff and admins accept or refuse each. */
const paymentsReview = page(() => import('../features/online-payments/pages/payments-review-page'), ['online-payments', 'folio']);
/** The night audit (issue 35): staff and admins close the day; an arrival is marked a no-show with the desk's button. */
const nightAudit = page(() => import('../features/night-audit/pages/night-audit-page'), ['night-audit', 'folio', 'front-desk', 'reservations', 'guest-register']);

/**
 * The three dashboard areas of spec section 2, each behind its role guard. Loaded on the first
 * visit to /admin, /user or /staff (see createRouter), not with the public pages.
 */
export const dashboardRoutes: RouteObject[] = [
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
          // The desk's Check in opens the registration cards (issue 34): their texts load with the screen.
          { path: 'reservation', ...page(() => import('../features/reservations/pages/reservations-page'), ['guest-register']) },
          { path: 'manage-discount', ...page(() => import('../features/coupons/pages/coupons-page')) },
          { path: 'channels', ...page(() => import('../features/channels/pages/channels-page')) },
          { path: 'rates', ...page(() => import('../features/rates/pages/rates-page')) },
          { path: 'charge-types', ...page(() => import('../features/charge-types/pages/charge-types-page'), ['folio']) },
          { path: 'room-management', ...page(() => import('../features/rooms/pages/rooms-page')) },
          { path: 'add-room', ...page(() => import('../features/rooms/pages/add-room-page')) },
          { path: 'categories', ...page(() => import('../features/categories/pages/categories-page')) },
          { path: 'add-category', ...page(() => import('../features/categories/pages/category-form-page')) },
          { path: 'edit-category/:name', ...page(() => import('../features/categories/pages/category-form-page')) },
          { path: 'blog-management', ...page(() => import('../features/blogs/pages/blog-management-page')) },
          { path: 'add-blog', ...page(() => import('../features/blogs/pages/add-blog-page')) },
          { path: 'manage-gallery', ...page(() => import('../features/gallery/pages/manage-gallery-page')) },
          { path: 'hero-slides', ...page(() => import('../features/hero-slides/pages/hero-slides-page')) },
          { path: 'hero-slides/new', ...page(() => import('../features/hero-slides/pages/hero-slide-form-page')) },
          { path: 'hero-slides/:id/edit', ...page(() => import('../features/hero-slides/pages/hero-slide-form-page')) },
          { path: 'email-templates', ...page(() => import('../features/email-templates/pages/email-templates-page')) },
          { path: 'email-templates/new', ...page(() => import('../features/email-templates/pages/email-template-editor-page')) },
          { path: 'email-templates/:type/edit', ...page(() => import('../features/email-templates/pages/email-template-editor-page')) },
          { path: 'email-templates/test', ...page(() => import('../features/email-templates/pages/email-template-test-page')) },
          // The SMS texts (issue 34): admins only, as the API holds them.
          { path: 'sms-templates', ...page(() => import('../features/sms-templates/pages/sms-templates-page'), ['sms']) },
          { path: 'event-request', ...eventRequests },
          // Admins do everything staff do: the same service-request and housekeeping screens.
          { path: 'user-request', ...serviceRequests },
          { path: 'housekeeping', ...housekeeping },
          { path: 'cash-up', ...cashUp },
          { path: 'night-audit', ...nightAudit },
          // The month's VAT sales register (issue 31): admins only, as the API holds it.
          { path: 'vat-register', ...page(() => import('../features/invoices/pages/vat-register-page'), ['invoices']) },
          { path: 'payments-review', ...paymentsReview },
          // The gateways' transactions beside the folio (issue 33): admins only, as the API holds it.
          { path: 'reconciliation', ...page(() => import('../features/online-payments/pages/reconciliation-page'), ['online-payments']) },
          { path: 'police-register', ...policeRegister },
          // Who viewed the guests' IDs (issue 34): the admin's only, as the API holds it.
          { path: 'id-views', ...page(() => import('../features/police-register/pages/id-views-page'), ['police-register']) },
          // The audit trail (issue 35): the admin's only, as the API holds it.
          { path: 'audit', ...page(() => import('../features/audit/pages/audit-page'), ['audit']) },
          // Backups (issue 35): the admin's only, as the API holds them.
          { path: 'backups', ...page(() => import('../features/backups/pages/backups-page'), ['backups']) },
          { path: '*', ...notFound },
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
          // Each card offers to pay online (issue 33) in the booking page's words.
          { path: 'my-bookings', ...page(() => import('../features/reservations/pages/my-bookings-page'), ['booking', 'guest-register']) },
          // Online check-in (issue 34): the registration cards of the guest's room, before arrival; mails link here.
          { path: 'my-bookings/:id/check-in', ...page(() => import('../features/guest-register/pages/online-check-in-page'), ['guest-register']) },
          { path: 'my-request', ...page(() => import('../features/services/pages/my-requests-page')) },
          { path: '*', ...notFound },
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
          { path: 'dashboard', ...page(() => import('../features/dashboard/pages/staff-dashboard-page'), ['guest-register']) },
          { path: 'user-request', ...serviceRequests },
          // The desk's Check in opens the registration cards (issue 34): their texts load with the screen.
          { path: 'reservation', ...page(() => import('../features/reservations/pages/reservations-page'), ['guest-register']) },
          { path: 'event-request', ...eventRequests },
          { path: 'housekeeping', ...housekeeping },
          { path: 'cash-up', ...cashUp },
          { path: 'night-audit', ...nightAudit },
          { path: 'payments-review', ...paymentsReview },
          { path: 'police-register', ...policeRegister },
          { path: '*', ...notFound },
        ],
      },
    ],
  },
];
