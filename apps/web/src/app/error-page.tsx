import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useHideReserveButton } from '../features/stay-search/reserve-visibility';

/** Shown on routing errors: a page that does not exist, or a screen that failed to load. */
export default function ErrorPage({ forceNotFound = false }: { forceNotFound?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  // Shown at a page's address (an unknown blog post): the phones' Reserve button stays away.
  useHideReserveButton();
  const notFound = forceNotFound || (isRouteErrorResponse(error) && error.status === 404);
  return (
    <div className="flex min-h-[70vh] flex-col items-center justify-center bg-sand-50 px-6 text-center" data-testid="error-page">
      <p className="font-display text-7xl text-gold-500">{notFound ? '404' : '!'}</p>
      <h1 className="mt-4 font-display text-3xl text-brand-800">
        {notFound ? t('errorPage.notFoundTitle') : t('errorPage.title')}
      </h1>
      <p className="mt-3 max-w-md text-slate-600">{notFound ? t('errorPage.notFoundText') : t('errorPage.text')}</p>
      <div className="mt-8 flex gap-3">
        <Link to="/" className="btn-primary">
          {t('errorPage.home')}
        </Link>
        <Link to="/contact" className="btn-outline">
          {t('nav.contact')}
        </Link>
      </div>
    </div>
  );
}
