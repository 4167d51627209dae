import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Small screens' way to the rates page: a Reserve button fixed at the bottom of public pages. */
export default function ReserveButton() {
  const { t } = useTranslation('stay-search');
  return (
    <Link
      to="/view-rates"
      data-testid="reserve-button"
      // Above the cookie banner while it is shown (it publishes its height), never under it.
      style={{ bottom: 'calc(1.25rem + var(--cookie-banner-space, 0px))' }}
      className="btn-gold fixed left-5 z-40 px-6 py-3 text-base shadow-lg ring-1 ring-gold-600/30 lg:hidden"
    >
      {t('bar.reserve')}
    </Link>
  );
}
