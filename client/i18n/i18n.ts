import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import type { Language } from '../session/session.types';

export const LANGUAGES: Language[] = ['en', 'tr'];

// English ships with the page (default and fallback); Turkish loads when first chosen
const loaders: Record<Language, () => Promise<Record<string, unknown>>> = {
  en: async () => en,
  tr: async () => (await import('../../locales/tr.json')).default,
};

/** Make sure a language's catalogue is present before switching to it. */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', await loaders[language](), true, true);
}

/** Start i18next in the stored language (its catalogue loaded first). */
export async function initI18n(language: Language): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    // every key asked for but missing is recorded, so tests can assert the catalogue is complete
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => {
      const record = window as unknown as { __i18nMissing?: string[] };
      record.__i18nMissing ??= [];
      if (!record.__i18nMissing.includes(key)) record.__i18nMissing.push(key);
    },
  });
  if (language !== 'en') {
    await loadLanguage(language);
    await i18next.changeLanguage(language);
  }
  document.documentElement.lang = language;
  return i18next;
}

export { i18next };
