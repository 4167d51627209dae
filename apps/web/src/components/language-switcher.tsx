import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../lib/i18n';
import { useMediaQuery } from '../lib/use-media-query';
import { GlobeIcon } from './icons';

/**
 * The language switch of spec section 1: a dropdown on wide screens, a toggle button below
 * 768 px. i18next remembers the choice in localStorage.
 */
export function LanguageSwitcher({ tone = 'dark', forceToggle = false }: { tone?: 'dark' | 'light'; forceToggle?: boolean }) {
  const { t, i18n } = useTranslation();
  const wide = useMediaQuery('(min-width: 768px)');
  const current = (i18n.resolvedLanguage ?? 'en') as Language;
  const color = tone === 'light' ? 'text-white border-white/40' : 'text-brand-800 border-brand-200';

  if (wide && !forceToggle) {
    return (
      <label className={`inline-flex items-center gap-1 rounded-full border px-2 py-1 text-sm ${color}`}>
        <GlobeIcon className="h-4 w-4" />
        <span className="sr-only">{t('language.label')}</span>
        <select
          data-testid="language-select"
          className={`cursor-pointer rounded bg-transparent pr-1 ${tone === 'light' ? 'focus-visible:outline-gold-300' : ''}`}
          value={current}
          onChange={(event) => void i18n.changeLanguage(event.target.value)}
        >
          {LANGUAGES.map((lang) => (
            <option key={lang.code} value={lang.code} className="text-slate-900">
              {lang.label}
            </option>
          ))}
        </select>
      </label>
    );
  }

  const next = LANGUAGES.find((lang) => lang.code !== current) ?? LANGUAGES[0];
  return (
    <button
      type="button"
      data-testid="language-toggle"
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium ${color}`}
      onClick={() => void i18n.changeLanguage(next.code)}
      aria-label={t('language.switchTo', { language: next.label })}
      lang={next.code}
    >
      <GlobeIcon className="h-4 w-4" />
      {next.label}
    </button>
  );
}
