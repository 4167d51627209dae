import {
  AppstoreOutlined,
  BookOutlined,
  CalendarOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  HomeOutlined,
  MailOutlined,
  PictureOutlined,
  PercentageOutlined,
  ScheduleOutlined,
  SkinOutlined,
  SlidersOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { Role } from '@residency/shared';
import type { ReactNode } from 'react';

export interface DashboardLink {
  /** Path below /{role}/ */
  path: string;
  /** Key in the `dashboard` namespace */
  label: string;
  icon: ReactNode;
}

/** The sidebar links of each role (spec section 2). */
export const DASHBOARD_LINKS: Record<Role, DashboardLink[]> = {
  admin: [
    { path: 'dashboard', label: 'nav.dashboard', icon: <DashboardOutlined /> },
    { path: 'users', label: 'nav.users', icon: <TeamOutlined /> },
    { path: 'reservation', label: 'nav.reservation', icon: <ScheduleOutlined /> },
    { path: 'room-management', label: 'nav.rooms', icon: <HomeOutlined /> },
    { path: 'categories', label: 'nav.categories', icon: <AppstoreOutlined /> },
    { path: 'event-request', label: 'nav.eventRequests', icon: <CalendarOutlined /> },
    { path: 'blog-management', label: 'nav.blogs', icon: <FileTextOutlined /> },
    { path: 'manage-gallery', label: 'nav.gallery', icon: <PictureOutlined /> },
    { path: 'hero-slides', label: 'nav.heroSlides', icon: <SlidersOutlined /> },
    { path: 'email-templates', label: 'nav.emailTemplates', icon: <MailOutlined /> },
    { path: 'manage-discount', label: 'nav.coupons', icon: <PercentageOutlined /> },
  ],
  user: [
    { path: 'dashboard', label: 'nav.dashboard', icon: <DashboardOutlined /> },
    { path: 'my-bookings', label: 'nav.myBookings', icon: <BookOutlined /> },
    { path: 'my-request', label: 'nav.myRequests', icon: <CustomerServiceOutlined /> },
  ],
  staff: [
    { path: 'dashboard', label: 'nav.dashboard', icon: <DashboardOutlined /> },
    { path: 'user-request', label: 'nav.serviceRequests', icon: <CustomerServiceOutlined /> },
    { path: 'reservation', label: 'nav.reservation', icon: <ScheduleOutlined /> },
    { path: 'event-request', label: 'nav.eventRequests', icon: <TagsOutlined /> },
    { path: 'housekeeping', label: 'nav.housekeeping', icon: <SkinOutlined /> },
  ],
};

/** Screens reached from a list rather than the sidebar, with their section titles. */
export const EXTRA_TITLES: Record<string, string> = {
  'add-room': 'nav.addRoom',
  'add-blog': 'nav.addBlog',
  'add-category': 'nav.addCategory',
  'edit-category': 'nav.editCategory',
};
