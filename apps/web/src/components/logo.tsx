import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getSite } from '../lib/site';

/** The hotel's mark and name; links home. */
export function Logo({ light = false, className = '' }: { light?: boolean; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={`inline-flex items-center gap-2 ${className}`} aria-label={t('logoHome', { name: getSite().name })}>
      <svg viewBox="0 0 64 64" width="36" height="36" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill={light ? '#e9c46a' : '#0f3d3e'} />
        <path
          d="M20 48V16h14a10 10 0 0 1 2 19.8L46 48h-8l-9-12h-2v12z M27 22v9h6a4.5 4.5 0 0 0 0-9z"
          fill={light ? '#0f3d3e' : '#e9c46a'}
        />
      </svg>
      <span className={`font-display text-xl tracking-wide ${light ? 'text-white' : 'text-brand-800'}`}>
        {getSite().name}
      </span>
    </Link>
  );
}
