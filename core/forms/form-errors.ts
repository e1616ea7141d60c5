import type { ErrorObject } from 'ajv';
import { passwordProblems } from '../auth/password';
import type { SchemaCheck } from '../documents/schema-validators';
import { applyRule, truthy } from '../rules/jsonlogic';
import type { FormBody, FormErrors } from './form.types';
import { specificErrors } from './specific-errors';

// keywords that name the property they find missing: the problem is that property's
const MISSING_PROPERTY = new Set(['required', 'dependencies', 'dependentRequired']);

// a date that does not exist (30 February) fails format date and is told so
const FORMAT_MESSAGES: Record<string, string> = {
  email: 'validation.email',
  date: 'validation.date',
  'date-time': 'validation.date',
};

/**
 * The field an ajv error is about: its instance path as 'address.city', plus the missing property
 * for `required` and a property dependency (`dependencies: { a: ['b'] }` is about b).
 */
function fieldOf(error: ErrorObject): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (MISSING_PROPERTY.has(error.keyword)) parts.push(String(error.params.missingProperty));
  return parts.join('.');
}

/**
 * Schema keyword -> i18n key (docs/documents/form.md). A field schema may override any
 * of them with `"x-messages": { "<keyword>": "<i18n key>" }`. ajv runs with `verbose`, so an error
 * carries the schema holding the keyword (`parentSchema`) and the value it judged (`data`).
 */
function messageFor(error: ErrorObject): string {
  const schema = (typeof error.parentSchema === 'object' ? error.parentSchema : {}) as Record<string, unknown>;
  const overrides = schema['x-messages'] as Record<string, unknown> | undefined;
  if (overrides && typeof overrides === 'object' && typeof overrides[error.keyword] === 'string') {
    return overrides[error.keyword] as string;
  }
  switch (error.keyword) {
    case 'required':
    case 'dependencies':
    case 'dependentRequired':
      return 'validation.required';
    case 'format':
      return FORMAT_MESSAGES[error.params.format] ?? 'validation.invalid';
    case 'pattern':
      // the field's own rule names its message (x-messages); no other field's text is borrowed
      return 'validation.pattern';
    case 'const':
      return schema.const === true ? 'validation.checkToRegister' : 'validation.invalid';
    case 'x-password-policy':
      return passwordProblems(String(error.data ?? ''))[0] ?? 'validation.invalid';
    case 'minLength':
      return typeof error.data === 'string' && error.data.trim() === '' ? 'validation.required' : 'validation.invalid';
    default:
      return 'validation.invalid';
  }
}

/**
 * Form data as the server receives it (JSON: undefined members absent), with empty strings and
 * nulls at the top level taken as absent, so `required` reports them.
 */
function submitted(data: unknown): unknown {
  const json = data === undefined ? null : JSON.parse(JSON.stringify(data));
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return json;
  return Object.fromEntries(Object.entries(json).filter(([, value]) => value !== '' && value !== null));
}

/**
 * Judges form data against a form document with `check`, ajv's validator of `body.schema` (the
 * server's compiled one or the browser's standalone one; both from core/documents/schema-compiler.ts;
 * its errors without the if/oneOf wrappers their branch's own errors explain: specific-errors.ts),
 * then the cross-field `body.rules` (json-logic; when a rule holds, its field gets its message).
 * The first problem per field wins. An empty object means the data is valid.
 */
export function formErrors(body: FormBody, check: SchemaCheck, data: unknown): FormErrors {
  const errors: FormErrors = {};
  const input = submitted(data);
  const valid = check(input);
  for (const error of valid ? [] : specificErrors(check.errors ?? [])) {
    const field = fieldOf(error);
    if (!Object.hasOwn(errors, field)) errors[field] = messageFor(error);
  }
  for (const rule of body.rules ?? []) {
    if (Object.hasOwn(errors, rule.field)) continue;
    let holds = false;
    try {
      holds = truthy(applyRule(rule.when, input ?? {}));
    } catch {
      holds = false; // a refused rule never blocks a submission; publish-time validation reports it
    }
    if (holds) errors[rule.field] = rule.message;
  }
  return errors;
}
