import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRatesHref } from '../../../components/stay/use-rates-href';

/**
 * Book: the rates of one room type (`/view-rates?category=…`), with the dates and guests the
 * guest already picked, so booking starts from any room card or the room pop-up.
 */
export function BookLink({ category, name, className = '' }: { category: string; name: string; className?: string }) {
  const { t } = useTranslation('accommodation');
  const href = useRatesHref(category);
  return (
    <Link to={href} className={`btn-gold px-6 py-3 ${className}`} aria-label={t('bookOf', { name })} data-testid="book-room">
      {t('book')}
    </Link>
  );
}
