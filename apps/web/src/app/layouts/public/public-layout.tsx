import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { BookingBarSlot } from '../../../features/stay-search/components/booking-bar-slot';
import { useFocusPageHeading } from '../../../lib/use-focus-page-heading';
import { useScrolledPast } from '../../../lib/use-scrolled';
import { CookieConsent } from './cookie-consent';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

/** The main layout of the public site: header, content, footer, cookie pop-up (spec section 2). */
export default function PublicLayout() {
  const { t } = useTranslation();
  const scrolled = useScrolledPast();
  const { pathname } = useLocation();
  const bookingPath = pathname.startsWith('/booking/');
  const page = useRef<HTMLDivElement>(null);
  useFocusPageHeading(page);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-[70] focus:m-2 focus:rounded focus:bg-white focus:p-2">
        {t('skipToContent')}
      </a>
      <Header />
      {scrolled && !bookingPath && <Header variant="sticky" />}
      {/* The booking bar is the page's main task: "Skip to content" lands on it, not past it. */}
      <main id="main" className="flex flex-1 flex-col">
        <BookingBarSlot pathname={pathname} />
        <div ref={page} className="flex-1" data-testid="page-content">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <Footer />
      <CookieConsent />
      {scrolled && <ScrollToTop />}
      <ScrollRestoration />
    </div>
  );
}

function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-label={t('loading')}>
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
    </div>
  );
}
