import Ajv, { _, type KeywordCxt, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { passwordProblems } from '../auth/password';

/** The specifier under which standalone validator code requires the password policy (see STANDALONE_RUNTIME). */
export const PASSWORD_POLICY_MODULE = 'core/auth/password';

/**
 * Everything standalone code of the content ajv may require: ajv's runtime helpers, ajv-formats'
 * formats and our password policy. A module that needs anything else is refused where it is
 * generated, so the browser's require map (client/forms/validatorRuntime.ts) covers every module served.
 */
export const STANDALONE_RUNTIME = [
  'ajv/dist/runtime/equal',
  'ajv/dist/runtime/ucs2length',
  'ajv/dist/runtime/uri',
  'ajv/dist/runtime/validation_error',
  'ajv-formats/dist/formats',
  PASSWORD_POLICY_MODULE,
] as const;

/**
 * `x-password-policy: true` on a string (domain §5): the value has no passwordProblems. Written as
 * a code-generating keyword, so standalone code (the browser's validators) calls the same function,
 * required from PASSWORD_POLICY_MODULE.
 */
function passwordPolicy(cxt: KeywordCxt): void {
  if (cxt.schema !== true) return;
  const problems = cxt.gen.scopeValue('func', {
    ref: passwordProblems,
    code: _`require(${PASSWORD_POLICY_MODULE}).passwordProblems`,
  });
  cxt.fail(_`${problems}(${cxt.data}).length > 0`);
}

/**
 * The ajv instance for schemas written by document authors (form schemas and any other embedded
 * JSON Schema): allErrors, formats, non-strict (authors may add annotations ajv does not know),
 * plus our custom keyword `x-password-policy`. The server validates with it directly and the
 * browser runs its standalone code (server/config/validator-modules.ts), so both judge alike; it
 * keeps the code's source for that.
 */
export function createContentAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, code: { source: true } });
  addFormats(ajv);
  // RJSF's file fields (a data URL): known, so not warned about, and judged by the endpoint that takes the file
  ajv.addFormat('data-url', true);
  ajv.addKeyword({ keyword: 'x-password-policy', type: 'string', schemaType: 'boolean', code: passwordPolicy });
  return ajv;
}

const contentAjv = createContentAjv();
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * Compiles an embedded JSON Schema once per schema object (documents are immutable once loaded).
 * Throws ajv's error when the schema does not compile.
 */
export function compileContentSchema(schema: Record<string, unknown>): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    // compiled schemas are not added to the instance by $id, so two documents may share an $id
    const copy = { ...schema };
    delete copy.$id;
    validate = contentAjv.compile(copy);
    compiled.set(schema, validate);
  }
  return validate;
}
