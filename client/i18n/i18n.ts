import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import type { Language } from '../session/session.types';

/** The languages this client has catalogues for. */
export const LANGUAGES: Language[] = ['en', 'tr'];

let offered: Language[] = [...LANGUAGES];

/**
 * The shell-settings document's `languages` (those with a catalogue here) become the ones offered,
 * and its `defaultLanguage` the fallback for a missing text.
 */
export function setLanguageSettings(languages: readonly string[], defaultLanguage: string): void {
  const known = LANGUAGES.filter((language) => languages.includes(language));
  if (known.length > 0) offered = known;
  // i18next is started before the app config loads (main.tsx); the fallback's catalogue loads on demand
  if (i18next.isInitialized && (LANGUAGES as string[]).includes(defaultLanguage)) {
    i18next.options.fallbackLng = defaultLanguage;
    void loadLanguage(defaultLanguage as Language);
  }
}

/** The languages the language menus offer. */
export function offeredLanguages(): Language[] {
  return offered;
}

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
