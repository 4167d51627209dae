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
      { key: 'nav.corporateMeeting', to: '/events' },
      { key: 'nav.privateMeeting', to: '/events' },
      { key: 'nav.weddingOthers', to: '/events' },
    ],
  },
  { key: 'nav.contact', to: '/contact' },
  { key: 'nav.ourCity', to: '/our-city' },
  { key: 'nav.membership', to: '/membership-benefits' },
];
