import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MailIcon, MenuIcon, PhoneIcon } from '../../../components/icons';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { Logo } from '../../../components/logo';
import { useSession } from '../../../lib/use-session';
import { readerDigits } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { MainNav } from './main-nav';
import { MobileDrawer } from './mobile-drawer';
import { ProfileMenu } from './profile-menu';

/**
 * The public header. `sticky` is the compact bar that slides in once the page is scrolled
 * 100 px; the full header carries the contact line above it.
 */
export function Header({ variant = 'full' }: { variant?: 'full' | 'sticky' }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const site = getSite();
  const sticky = variant === 'sticky';

  // One banner landmark per page: the sticky copy is a plain block with its own menu label.
  const Root = sticky ? 'div' : 'header';
  return (
    <Root
      data-testid={sticky ? 'sticky-bar' : 'site-header'}
      className={
        sticky
          ? 'fixed inset-x-0 top-0 z-50 animate-[slide-down_.25s_ease-out] bg-white/95 shadow-md backdrop-blur'
          : 'relative z-40 bg-white'
      }
    >
      {!sticky && (
        <div className="tone-dark bg-brand-800 text-brand-50">
          <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-1 py-2 text-xs sm:text-sm">
            <div className="flex flex-wrap items-center gap-x-5 gap-y-1">
              <a href={`mailto:${site.email}`} className="inline-flex items-center gap-1.5 hover:text-gold-300">
                <MailIcon /> {site.email}
              </a>
              <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`} className="inline-flex items-center gap-1.5 hover:text-gold-300">
                <PhoneIcon /> {readerDigits(site.phone, i18n.resolvedLanguage)}
              </a>
            </div>
            <span className="hidden text-brand-100 sm:inline">{t('header.tagline')}</span>
          </div>
        </div>
      )}
      <div className={`container-page flex items-center justify-between gap-3 ${sticky ? 'py-2' : 'py-3'}`}>
        <Logo />
        <MainNav label={sticky ? t('nav.stickyLabel') : t('nav.label')} />
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          {user ? (
            <ProfileMenu />
          ) : (
            <Link to="/login" className="btn-primary hidden px-4 py-2 sm:inline-flex" data-testid="header-login">
              {t('actions.login')}
            </Link>
          )}
          <button
            type="button"
            className="rounded-full p-2 text-brand-800 hover:bg-brand-50 xl:hidden"
            aria-label={t('nav.openMenu')}
            aria-expanded={drawerOpen}
            data-testid="menu-button"
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon className="h-6 w-6" />
          </button>
        </div>
      </div>
      <MobileDrawer open={drawerOpen} onClose={closeDrawer} />
    </Root>
  );
}
