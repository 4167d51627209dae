import { useTranslation } from 'react-i18next';
import { ArrowUpIcon } from '../../../components/icons';

/** The round button that smooth-scrolls back to the top (shown from 100 px of scroll). */
export function ScrollToTop() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-testid="scroll-to-top"
      aria-label={t('actions.backToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="fixed right-5 bottom-5 z-50 flex h-12 w-12 items-center justify-center rounded-full bg-gold-400 text-brand-900 shadow-lg transition hover:bg-gold-300"
    >
      <ArrowUpIcon className="h-5 w-5" />
    </button>
  );
}
