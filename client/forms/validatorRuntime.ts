import * as equal from 'ajv/dist/runtime/equal.js';
import * as ucs2length from 'ajv/dist/runtime/ucs2length.js';
import * as validationError from 'ajv/dist/runtime/validation_error.js';
import * as password from '../../core/auth/password';
import type { STANDALONE_RUNTIME } from '../../core/documents/schema-compiler';

type Specifier = (typeof STANDALONE_RUNTIME)[number];

/**
 * A CommonJS module's `exports` as its own code sees them: Node hands an import the whole
 * `module.exports` as `default`, a bundler honours `__esModule` and hands its members over.
 */
function commonJs(namespace: object): unknown {
  const whole = (namespace as { default?: { __esModule?: boolean } }).default;
  return whole && typeof whole === 'object' && whole.__esModule ? whole : namespace;
}

/**
 * Every module standalone validator code may require (one entry per STANDALONE_RUNTIME): the small
 * ones bundled with the forms; ajv-formats' formats and fast-uri (~8 KB brotli, which few documents'
 * validators need and none so far the uri helper) loaded when a module names them.
 */
const RUNTIME: Record<Specifier, () => unknown> = {
  'ajv/dist/runtime/equal': () => commonJs(equal),
  'ajv/dist/runtime/ucs2length': () => commonJs(ucs2length),
  'ajv/dist/runtime/uri': () => import('ajv/dist/runtime/uri.js').then(commonJs),
  'ajv/dist/runtime/validation_error': () => commonJs(validationError),
  'ajv-formats/dist/formats': () => import('ajv-formats/dist/formats.js').then(commonJs),
  'core/auth/password': () => password,
};

/**
 * The `require` a validators module is called with (core/documents/schema-validators.ts), once the
 * helpers in `requires` (the module's own list; all of them for a module without one) are in.
 */
export async function validatorRequire(
  requires: readonly string[] = Object.keys(RUNTIME),
): Promise<(specifier: string) => unknown> {
  const known = requires.filter((specifier): specifier is Specifier => Object.hasOwn(RUNTIME, specifier));
  const loaded = new Map(
    await Promise.all(known.map(async (specifier) => [specifier, await RUNTIME[specifier]()] as const)),
  );
  return (specifier) => {
    if (!loaded.has(specifier as Specifier)) throw new Error(`No validator runtime module "${specifier}"`);
    return loaded.get(specifier as Specifier);
  };
}
