import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

const dir = path.resolve(__dirname, '../../public/locales');

/** A real i18next instance with the project's own translation files, for component tests. */
export async function initTestI18n(lng: 'en' | 'bn' = 'en') {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const language of ['en', 'bn']) {
    resources[language] = {};
    for (const file of readdirSync(path.join(dir, language))) {
      resources[language][file.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(dir, language, file), 'utf8'));
    }
  }
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng,
      fallbackLng: 'en',
      defaultNS: 'common',
      resources: resources as never,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  } else {
    await i18n.changeLanguage(lng);
  }
  return i18n;
}
