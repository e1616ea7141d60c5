import * as formats from 'ajv-formats/dist/formats.js';
import * as equal from 'ajv/dist/runtime/equal.js';
import * as ucs2length from 'ajv/dist/runtime/ucs2length.js';
import * as uri from 'ajv/dist/runtime/uri.js';
import * as validationError from 'ajv/dist/runtime/validation_error.js';
import * as password from '../../core/auth/password';
import type { STANDALONE_RUNTIME } from '../../core/documents/schema-compiler';

/**
 * A CommonJS module's `exports` as its own code sees them: Node hands an import the whole
 * `module.exports` as `default`, a bundler honours `__esModule` and hands its members over.
 */
function commonJs(namespace: object): unknown {
  const whole = (namespace as { default?: { __esModule?: boolean } }).default;
  return whole && typeof whole === 'object' && whole.__esModule ? whole : namespace;
}

/** Every module standalone validator code may require, bundled with the app (one entry per STANDALONE_RUNTIME). */
const RUNTIME: Record<(typeof STANDALONE_RUNTIME)[number], unknown> = {
  'ajv/dist/runtime/equal': commonJs(equal),
  'ajv/dist/runtime/ucs2length': commonJs(ucs2length),
  'ajv/dist/runtime/uri': commonJs(uri),
  'ajv/dist/runtime/validation_error': commonJs(validationError),
  'ajv-formats/dist/formats': commonJs(formats),
  'core/auth/password': password,
};

/** The `require` a validators module is called with (core/documents/schema-validators.ts). */
export function validatorRequire(specifier: string): unknown {
  if (!Object.hasOwn(RUNTIME, specifier)) throw new Error(`No validator runtime module "${specifier}"`);
  return RUNTIME[specifier as keyof typeof RUNTIME];
}
