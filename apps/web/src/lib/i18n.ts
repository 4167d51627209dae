import i18n, { type BackendModule, type ReadCallback } from 'i18next';
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
 * Reads a namespace's JSON with fetch (i18next's own HTTP backend did the same in 3 KB of gzip on
 * every page's first paint). As that backend did: a failed connection or a server error (5xx) is
 * worth trying again (i18next retries), a missing file (4xx) or bad JSON is not.
 */
const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    const url = `/locales/${lng}/${ns}.json`;
    fetch(url)
      .then(async (response) => {
        if (!response.ok) return { error: new Error(`failed loading ${url}: ${response.status}`), retry: response.status >= 500 };
        try {
          return { data: (await response.json()) as Record<string, unknown> };
        } catch {
          return { error: new Error(`failed parsing ${url} to json`), retry: false };
        }
      }, (error: unknown) => ({ error: new Error(`failed loading ${url}: ${String(error)}`), retry: true }))
      // Called outside the promise's error handling: an error thrown by a listener is not a failed load.
      .then((result) => queueMicrotask(() => ('data' in result ? callback(null, result.data) : callback(result.error, result.retry))));
  },
};

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
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: detectLanguage(),
      supportedLngs: ['en', 'bn'],
      fallbackLng: 'en',
      load: 'languageOnly',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export default i18n;
