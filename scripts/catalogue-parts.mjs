/**
 * The locale catalogues in two parts, built from locales/<language>.json as virtual modules
 * (`virtual:catalogue/<language>/public`, `…/app`): the public part holds the top-level keys the
 * pages outside the app shell use (sign-in, registration, password reset, invitations, the error
 * and welcome pages, and what every page shares: errors, validation, forms, route titles); the app
 * part everything else, loaded with the app shell (client/app/firstScreen.ts). The sign-in page so
 * carries about a quarter of the catalogue. A key a public page reads from the app part is reported
 * missing (the route walk in the browser tests fails on it).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const PUBLIC_KEYS = [
  'auth',
  'download',
  'error500',
  'errors',
  'forms',
  'invitations',
  'noPermission',
  'placeholder',
  'routes',
  'shell',
  'theme',
  'unknownScreen',
  'upload',
  'validation',
  'welcome',
];

const ID = /^virtual:catalogue\/([a-z]{2})\/(public|app)$/;

/** One part of a language's catalogue. */
export function cataloguePart(language, part) {
  const catalogue = JSON.parse(readFileSync(resolve('locales', `${language}.json`), 'utf8'));
  return Object.fromEntries(
    Object.entries(catalogue).filter(([key]) => PUBLIC_KEYS.includes(key) === (part === 'public')),
  );
}

/** The Vite plugin serving the parts (the build, the dev server and the unit tests alike). */
export function catalogueParts() {
  return {
    name: 'paysec:catalogue-parts',
    resolveId(id) {
      return ID.test(id) ? `\0${id}` : null;
    },
    load(id) {
      const match = ID.exec(id.startsWith('\0') ? id.slice(1) : '');
      if (!match) return null;
      const [, language, part] = match;
      this.addWatchFile(resolve('locales', `${language}.json`));
      // JSON.parse of one string: quicker to start than the same object as a literal
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(cataloguePart(language, part)))});`;
    },
  };
}
