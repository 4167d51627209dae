import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BookOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  CloudServerOutlined,
  CloudSyncOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  EyeOutlined,
  FileSearchOutlined,
  FundProjectionScreenOutlined,
  HomeOutlined,
  MailOutlined,
  MessageOutlined,
  PercentageOutlined,
  PictureOutlined,
  ProfileOutlined,
  ReadOutlined,
  ReconciliationOutlined,
  SafetyOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SkinOutlined,
  TagsOutlined,
  TeamOutlined,
  WalletOutlined,
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
    { path: 'dashboard', label: 'nav.dashboard', icon: <DashboardOutlined aria-hidden /> },
    { path: 'users', label: 'nav.users', icon: <TeamOutlined aria-hidden /> },
    { path: 'reservation', label: 'nav.reservation', icon: <ScheduleOutlined aria-hidden /> },
    { path: 'room-management', label: 'nav.rooms', icon: <HomeOutlined aria-hidden /> },
    { path: 'categories', label: 'nav.categories', icon: <AppstoreOutlined aria-hidden /> },
    { path: 'event-request', label: 'nav.eventRequests', icon: <CalendarOutlined aria-hidden /> },
    { path: 'user-request', label: 'nav.serviceRequests', icon: <CustomerServiceOutlined aria-hidden /> },
    { path: 'housekeeping', label: 'nav.housekeeping', icon: <SkinOutlined aria-hidden /> },
    { path: 'blog-management', label: 'nav.blogs', icon: <ReadOutlined aria-hidden /> },
    { path: 'manage-gallery', label: 'nav.gallery', icon: <PictureOutlined aria-hidden /> },
    { path: 'hero-slides', label: 'nav.heroSlides', icon: <FundProjectionScreenOutlined aria-hidden /> },
    { path: 'email-templates', label: 'nav.emailTemplates', icon: <MailOutlined aria-hidden /> },
    { path: 'sms-templates', label: 'nav.smsTemplates', icon: <MessageOutlined aria-hidden /> },
    { path: 'manage-discount', label: 'nav.coupons', icon: <PercentageOutlined aria-hidden /> },
    { path: 'channels', label: 'nav.channels', icon: <CloudSyncOutlined aria-hidden /> },
    { path: 'rates', label: 'nav.rates', icon: <AccountBookOutlined aria-hidden /> },
    { path: 'charge-types', label: 'nav.chargeTypes', icon: <ProfileOutlined aria-hidden /> },
    { path: 'cash-up', label: 'nav.cashUp', icon: <WalletOutlined aria-hidden /> },
    { path: 'night-audit', label: 'nav.nightAudit', icon: <CarryOutOutlined aria-hidden /> },
    { path: 'vat-register', label: 'nav.vatRegister', icon: <AuditOutlined aria-hidden /> },
    { path: 'payments-review', label: 'nav.paymentsReview', icon: <SafetyCertificateOutlined aria-hidden /> },
    { path: 'reconciliation', label: 'nav.reconciliation', icon: <ReconciliationOutlined aria-hidden /> },
    { path: 'police-register', label: 'nav.policeRegister', icon: <SafetyOutlined aria-hidden /> },
    { path: 'id-views', label: 'nav.idViews', icon: <EyeOutlined aria-hidden /> },
    { path: 'audit', label: 'nav.audit', icon: <FileSearchOutlined aria-hidden /> },
    { path: 'backups', label: 'nav.backups', icon: <CloudServerOutlined aria-hidden /> },
  ],
  user: [
    { path: 'dashboard', label: 'nav.dashboard', icon: <DashboardOutlined aria-hidden /> },
    { path: 'my-bookings', label: 'nav.myBookings', icon: <BookOutlined aria-hidden /> },
    { path: 'my-request', label: 'nav.myRequests', icon: <CustomerServiceOutlined aria-hidden /> },
  ],
  staff: [
    { path: 'dashboard', label: 'nav.dashboard', icon: <DashboardOutlined aria-hidden /> },
    { path: 'user-request', label: 'nav.serviceRequests', icon: <CustomerServiceOutlined aria-hidden /> },
    { path: 'reservation', label: 'nav.reservation', icon: <ScheduleOutlined aria-hidden /> },
    { path: 'event-request', label: 'nav.eventRequests', icon: <TagsOutlined aria-hidden /> },
    { path: 'housekeeping', label: 'nav.housekeeping', icon: <SkinOutlined aria-hidden /> },
    { path: 'cash-up', label: 'nav.cashUp', icon: <WalletOutlined aria-hidden /> },
    { path: 'night-audit', label: 'nav.nightAudit', icon: <CarryOutOutlined aria-hidden /> },
    { path: 'payments-review', label: 'nav.paymentsReview', icon: <SafetyCertificateOutlined aria-hidden /> },
    { path: 'police-register', label: 'nav.policeRegister', icon: <SafetyOutlined aria-hidden /> },
  ],
};

/** Screens reached from a list rather than the sidebar, with their section titles. */
export const EXTRA_TITLES: Record<string, string> = {
  'add-room': 'nav.addRoom',
  'add-blog': 'nav.addBlog',
  'add-category': 'nav.addCategory',
  'edit-category': 'nav.editCategory',
};
