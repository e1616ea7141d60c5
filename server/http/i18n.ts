import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from 'express';

export type Language = 'en' | 'tr';
export const LANGUAGES: readonly Language[] = ['en', 'tr'];

type Catalogue = Record<string, unknown>;

/** Server-side translator over locales/*.json (the same files the client uses). */
export interface Translator {
  /** Text for a dotted key, `{{name}}` placeholders filled; falls back to English, then to the key. */
  t(language: Language, key: string, values?: Record<string, string>): string;
}

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Catalogue)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function loadTranslator(localesDir: string): Translator {
  const catalogues = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      JSON.parse(readFileSync(join(localesDir, `${language}.json`), 'utf8')) as Catalogue,
    ]),
  ) as Record<Language, Catalogue>;
  return {
    t(language, key, values = {}) {
      const text = lookup(catalogues[language], key) ?? lookup(catalogues.en, key) ?? key;
      return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
    },
  };
}

/** The request's language from Accept-Language; English unless Turkish is preferred. */
export function requestLanguage(req: Request): Language {
  const best = req.acceptsLanguages(...LANGUAGES);
  return best === 'tr' ? 'tr' : 'en';
}

/** A stored preference such as a user's site_language, narrowed to a supported language. */
export function asLanguage(value: unknown): Language {
  return value === 'tr' ? 'tr' : 'en';
}
