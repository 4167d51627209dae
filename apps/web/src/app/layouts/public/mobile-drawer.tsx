import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { CloseIcon } from '../../../components/icons';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { Logo } from '../../../components/logo';
import { useSession } from '../../../lib/use-session';
import { NAV_ITEMS } from './nav-items';

/** The phone menu: the same links, the language toggle and Login (or the dashboard and Logout). */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { user, dashboard, signOut } = useSession();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
    };
  }, [open, onClose]);

  if (!open) return null;
  const item = 'block rounded-lg px-3 py-2.5 text-base font-medium';
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `${item} ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-sand-100'}`;

  // A portal: the sticky bar's backdrop blur would otherwise become the drawer's containing block.
  return createPortal(
    <div className="fixed inset-0 z-[60] xl:hidden" role="dialog" aria-modal="true" aria-label={t('nav.menu')}>
      <button type="button" className="absolute inset-0 bg-black/40" aria-label={t('actions.close')} onClick={onClose} />
      <div
        data-testid="mobile-drawer"
        className="absolute inset-y-0 right-0 flex w-80 max-w-[85%] flex-col overflow-y-auto bg-white p-5 shadow-2xl"
      >
        <div className="mb-4 flex items-center justify-between">
          <Logo />
          <button type="button" className="rounded-full p-2 text-slate-600 hover:bg-slate-100" onClick={onClose} aria-label={t('actions.close')}>
            <CloseIcon className="h-6 w-6" />
          </button>
        </div>
        <nav aria-label={t('nav.label')} className="flex-1 space-y-1" onClick={(e) => (e.target as HTMLElement).closest('a') && onClose()}>
          {NAV_ITEMS.map((navItem) => (
            <div key={navItem.key}>
              <NavLink to={navItem.to} end={navItem.to === '/'} className={linkClass}>
                {t(navItem.key)}
              </NavLink>
              {navItem.children && (
                <div className="ml-4 border-l border-slate-200 pl-2">
                  {navItem.children.map((child) => (
                    <Link key={child.key} to={child.to} className="block rounded-lg px-3 py-2 text-sm text-slate-600 hover:bg-sand-100">
                      {t(child.key)}
                    </Link>
                  ))}
                </div>
              )}
            </div>
          ))}
        </nav>
        <div className="mt-6 space-y-3 border-t border-slate-100 pt-5">
          <LanguageSwitcher forceToggle />
          {user ? (
            <div className="space-y-2">
              <p className="text-sm text-slate-500">{user.email}</p>
              {dashboard && (
                <Link to={dashboard} className="btn-primary w-full" onClick={onClose}>
                  {t('profileMenu.dashboard')}
                </Link>
              )}
              <button
                type="button"
                className="btn-outline w-full"
                onClick={() => {
                  onClose();
                  signOut();
                }}
              >
                {t('profileMenu.logout')}
              </button>
            </div>
          ) : (
            <Link to="/login" className="btn-primary w-full" onClick={onClose} data-testid="drawer-login">
              {t('actions.login')}
            </Link>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
