import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = [
  { code: 'en', label: 'English', short: 'EN' },
  { code: 'bn', label: 'বাংলা', short: 'বাং' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

/** Where the chosen language is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'lng';

/**
 * The language a link asked for, else the remembered choice, else the browser's preference. (Twelve lines instead of a detector
 * library: every byte counts on the public pages' first paint.)
 */
export function detectLanguage(): Language {
  // A link to a page in one language (`?lang=bn`, as the server's hreflang and canonical links
  // and the sitemap write them) opens in that language, and the choice is remembered.
  const asked = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
  if (asked === 'en' || asked === 'bn') {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, asked);
    } catch {
      // Not remembered; this page still shows the language asked for.
    }
    return asked;
  }
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (saved === 'en' || saved === 'bn') return saved;
  } catch {
    // Storage may be unavailable (private mode); fall through to the browser's languages.
  }
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return preferred.some((lng) => lng?.toLowerCase().startsWith('bn')) ? 'bn' : 'en';
}

/**
 * Translations are loaded from /locales/{lng}/{ns}.json, a namespace at a time as screens
 * need them; `common` (header, footer, shared words) comes first.
 */
export function initI18n() {
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // Not remembered this time; nothing else depends on it.
    }
  });
  return i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: detectLanguage(),
      supportedLngs: ['en', 'bn'],
      fallbackLng: 'en',
      load: 'languageOnly',
      ns: ['common'],
      defaultNS: 'common',
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export default i18n;
