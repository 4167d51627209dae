import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { DashboardIcon, HelpIcon, LogoutIcon, UserIcon } from '../../../components/icons';
import { useSession } from '../../../lib/use-session';
import { useOutsideClick } from '../../../lib/use-outside-click';

/** The signed-in person's menu: name, e-mail, picture, dashboard, help, logout. Closes on an outside click. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const { user, dashboard, signOut } = useSession();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick(ref, open, close);
  if (!user) return null;

  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        className="flex items-center rounded-full"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('profileMenu.open')}
        data-testid="profile-menu-button"
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar image={user.image} name={user.name} />
      </button>
      {open && (
        <div
          role="menu"
          data-testid="profile-menu"
          className="absolute right-0 z-50 mt-2 w-64 overflow-hidden rounded-xl bg-white text-slate-800 shadow-xl ring-1 ring-slate-200"
        >
          <div className="flex items-center gap-3 border-b border-slate-100 px-4 py-3">
            <Avatar image={user.image} name={user.name} size={40} />
            <div className="min-w-0">
              <p className="truncate font-semibold">{user.name}</p>
              <p className="truncate text-sm text-slate-500">{user.email}</p>
            </div>
          </div>
          <nav className="py-1 text-sm">
            {dashboard && (
              <Link role="menuitem" to={dashboard} className="flex items-center gap-2 px-4 py-2 hover:bg-sand-100" onClick={close}>
                <DashboardIcon /> {t('profileMenu.dashboard')}
              </Link>
            )}
            <Link role="menuitem" to="/profile" className="flex items-center gap-2 px-4 py-2 hover:bg-sand-100" onClick={close}>
              <UserIcon /> {t('profileMenu.profile')}
            </Link>
            <Link role="menuitem" to="/contact" className="flex items-center gap-2 px-4 py-2 hover:bg-sand-100" onClick={close}>
              <HelpIcon /> {t('profileMenu.help')}
            </Link>
            <button
              role="menuitem"
              type="button"
              className="flex w-full items-center gap-2 px-4 py-2 text-left text-red-700 hover:bg-red-50"
              onClick={() => {
                close();
                signOut();
              }}
            >
              <LogoutIcon /> {t('profileMenu.logout')}
            </button>
          </nav>
        </div>
      )}
    </div>
  );
}
