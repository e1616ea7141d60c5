import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { passwordProblems } from '../auth/password';

/**
 * The ajv instance for schemas written by document authors (form schemas and any other embedded
 * JSON Schema): allErrors, formats, non-strict (authors may add annotations ajv does not know),
 * plus our custom keyword `x-password-policy` (domain §5 policy on a string field).
 */
export function createContentAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
  addFormats(ajv);
  ajv.addKeyword({
    keyword: 'x-password-policy',
    type: 'string',
    schemaType: 'boolean',
    errors: false,
    validate: (enabled: boolean, value: string) => !enabled || passwordProblems(value).length === 0,
  });
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
