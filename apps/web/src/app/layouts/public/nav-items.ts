import type { EVENT_MENU_TYPES } from '@residency/shared/event-kinds';

/**
 * The submenu's link to /events with the event type it preselects. (Only the type of the shared
 * table is imported: its module brings zod, which the header of every public page must not.)
 */
const eventsFor = (type: keyof typeof EVENT_MENU_TYPES) => `/events?type=${type}`;

/** The public navigation menu of spec section 2 (labels are keys of the `common` namespace). */
export interface NavItem {
  key: string;
  to: string;
  children?: { key: string; to: string }[];
}

export const NAV_ITEMS: NavItem[] = [
  { key: 'nav.home', to: '/' },
  { key: 'nav.accommodation', to: '/accommodation' },
  { key: 'nav.gallery', to: '/gallery' },
  {
    key: 'nav.events',
    to: '/events',
    children: [
      { key: 'nav.corporateMeeting', to: eventsFor('corporate') },
      { key: 'nav.privateMeeting', to: eventsFor('private') },
      { key: 'nav.weddingOthers', to: eventsFor('wedding') },
    ],
  },
  { key: 'nav.contact', to: '/contact' },
  { key: 'nav.ourCity', to: '/our-city' },
  { key: 'nav.membership', to: '/membership-benefits' },
];
