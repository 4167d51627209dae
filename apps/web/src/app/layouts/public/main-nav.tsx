import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { ChevronDownIcon } from '../../../components/icons';
import { useOutsideClick } from '../../../lib/use-outside-click';
import { NAV_ITEMS, type NavItem } from './nav-items';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:text-brand-800'
  }`;

/** The navigation menu on wide screens, with the Meetings & Events submenu. */
export function MainNav({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className="hidden items-center gap-0.5 xl:flex">
      {NAV_ITEMS.map((item) =>
        item.children ? (
          <SubMenu key={item.key} item={item} />
        ) : (
          <NavLink key={item.key} to={item.to} end={item.to === '/'} className={linkClass}>
            {t(item.key)}
          </NavLink>
        ),
      )}
    </nav>
  );
}

function SubMenu({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick(ref, open, close);
  return (
    <div className="relative" ref={ref} onMouseLeave={close}>
      <button
        type="button"
        className={`inline-flex items-center gap-1 rounded-full px-2.5 py-2 text-sm font-medium whitespace-nowrap ${
          pathname === item.to ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:text-brand-800'
        }`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        onMouseEnter={() => setOpen(true)}
      >
        {t(item.key)} <ChevronDownIcon className="h-4 w-4" />
      </button>
      {open && (
        <div role="menu" className="absolute left-0 z-40 w-56 pt-1">
          <div className="overflow-hidden rounded-xl bg-white py-1 shadow-xl ring-1 ring-slate-200">
            {/* Links, not NavLinks: the items differ only by their query, and all would read as the current page. */}
            {item.children!.map((child) => (
              <Link
                key={child.key}
                role="menuitem"
                to={child.to}
                className="block px-4 py-2 text-sm text-slate-700 hover:bg-sand-100 hover:text-brand-800"
                onClick={close}
              >
                {t(child.key)}
              </Link>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
