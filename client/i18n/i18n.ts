import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enPublic from 'virtual:catalogue/en/public';
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

/**
 * The catalogues come in two parts (scripts/catalogue-parts.mjs): the public part — what the pages
 * outside the app shell read — and the app part, loaded with the shell (`loadAppTexts`). English's
 * public part ships with the page (the default and fallback); the rest loads when first needed.
 */
type Part = 'public' | 'app';
const parts: Record<Language, Record<Part, () => Promise<Record<string, unknown>>>> = {
  en: {
    public: async () => enPublic,
    app: async () => (await import('virtual:catalogue/en/app')).default,
  },
  tr: {
    public: async () => (await import('virtual:catalogue/tr/public')).default,
    app: async () => (await import('virtual:catalogue/tr/app')).default,
  },
};

/**
 * TRN translation: the texts an admin wrote over the catalogues (Administration → TRN translation),
 * read once per language per page load and merged over every part as it arrives, so an override
 * shows without a rebuild. Without them (offline, a failure) the catalogues stand as they are.
 */
const overrides = new Map<Language, Promise<Record<string, unknown>>>();

function overridesOf(language: Language): Promise<Record<string, unknown>> {
  let read = overrides.get(language);
  if (!read) {
    read = Promise.resolve()
      .then(() => fetch(`/wbe/api/translations/${language}`, { headers: { accept: 'application/json' } }))
      .then((answer) => (answer.ok ? answer.json() : { content: {} }))
      .then((body: { content?: Record<string, unknown> }) => body.content ?? {})
      .catch(() => ({}));
    overrides.set(language, read);
  }
  return read;
}

/** The parts every language is loaded with: the public one, and the app one once the shell asked. */
const wanted = new Set<Part>(['public']);
const loading = new Map<string, Promise<void>>();

function loadPart(language: Language, part: Part): Promise<void> {
  const key = `${language}/${part}`;
  let loaded = loading.get(key);
  if (!loaded) {
    loaded = Promise.all([parts[language][part](), overridesOf(language)]).then(([catalogue, written]) => {
      i18next.addResourceBundle(language, 'translation', catalogue, true, true);
      i18next.addResourceBundle(language, 'translation', written, true, true);
    });
    // a part that failed to load is tried again the next time it is asked for
    loaded.catch(() => loading.delete(key));
    loading.set(key, loaded);
  }
  return loaded;
}

/** Make sure a language's catalogue (the parts loaded so far) is present before switching to it. */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([...wanted].map((part) => loadPart(language, part)));
}

/** The app part of the catalogue, in the language shown and the fallback: the app shell waits for it. */
export async function loadAppTexts(): Promise<void> {
  wanted.add('app');
  const fallback = i18next.options.fallbackLng;
  const languages = new Set([i18next.language, ...(Array.isArray(fallback) ? fallback : [fallback])]);
  await Promise.all(
    [...languages]
      .filter((language): language is Language => (LANGUAGES as unknown[]).includes(language))
      .map((language) => loadPart(language, 'app')),
  );
}

/** Start i18next in the stored language (its catalogue loaded first). */
export async function initI18n(language: Language): Promise<typeof i18next> {
  // English's public part ships with the page; its overrides are read meanwhile and go over it
  const englishOverrides = overridesOf('en');
  loading.set(
    'en/public',
    englishOverrides.then(() => undefined),
  );
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: enPublic } },
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
  i18next.addResourceBundle('en', 'translation', await englishOverrides, true, true);
  if (language !== 'en') {
    await loadLanguage(language);
    await i18next.changeLanguage(language);
  }
  document.documentElement.lang = language;
  return i18next;
}

export { i18next };
