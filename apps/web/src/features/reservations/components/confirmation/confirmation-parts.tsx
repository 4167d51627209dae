import { dashboardPath } from '@residency/shared/roles';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../../../../lib/store-hooks';

/** Where to go after a booking's or a reservation's confirmation: My Bookings (a guest) or the dashboard (the desk), and home. */
export function ConfirmationLinks() {
  const { t } = useTranslation('booking');
  const role = useAppSelector((state) => state.auth.user?.role);
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      {role === 'user' ? (
        <Link to="/user/my-bookings" className="btn-primary" data-testid="my-bookings-link">
          {t('confirmation.myBookings')}
        </Link>
      ) : role ? (
        <Link to={dashboardPath(role)} className="btn-primary">
          {t('confirmation.dashboard')}
        </Link>
      ) : null}
      <Link to="/" className="btn-outline" data-testid="home-link">
        {t('confirmation.home')}
      </Link>
    </div>
  );
}

/** A confirmation page while its booking or reservation loads, or when it could not be loaded. */
export function ConfirmationPending({ failed }: { failed: boolean }) {
  const { t } = useTranslation('booking');
  return failed ? (
    <div className="card text-center" role="alert">
      <p className="text-slate-700">{t('confirmation.error')}</p>
      <Link to="/" className="btn-outline mt-4">
        {t('confirmation.home')}
      </Link>
    </div>
  ) : (
    <p className="card text-center text-slate-600" role="status">
      {t('confirmation.loading')}
    </p>
  );
}
