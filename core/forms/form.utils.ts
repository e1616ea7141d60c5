import type { ErrorObject } from 'ajv';
import { passwordProblems } from '../auth/password';
import { compileContentSchema } from '../documents/schema-compiler';
import { applyRule, truthy } from '../rules/jsonlogic';
import type { FormBody, FormErrors } from './form.types';

/** Field name of a form error: the property path in dots ('phone', 'address.city'). */
function fieldOf(error: ErrorObject): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') parts.push(String((error.params as { missingProperty: string }).missingProperty));
  return parts.join('.');
}

function valueAt(data: unknown, field: string): unknown {
  let current = data;
  for (const key of field.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * ajv keyword -> i18n key (docs/contracts.md 'Form documents'). A field schema may override any
 * of them with `"x-messages": { "<keyword>": "<i18n key>" }`.
 */
function messageFor(error: ErrorObject, data: unknown, field: string): string {
  const overrides = (error.parentSchema as { 'x-messages'?: Record<string, string> } | undefined)?.['x-messages'];
  if (overrides && Object.hasOwn(overrides, error.keyword)) return overrides[error.keyword];
  switch (error.keyword) {
    case 'required':
      return 'validation.required';
    case 'format':
      return (error.params as { format: string }).format === 'email' ? 'validation.email' : 'validation.invalid';
    case 'pattern':
      return 'validation.phone';
    case 'const':
      return (error.params as { allowedValue: unknown }).allowedValue === true
        ? 'validation.checkToRegister'
        : 'validation.invalid';
    case 'x-password-policy':
      return passwordProblems(String(valueAt(data, field) ?? ''))[0] ?? 'validation.invalid';
    case 'minLength': {
      const value = valueAt(data, field);
      return typeof value === 'string' && value.trim() === '' ? 'validation.required' : 'validation.invalid';
    }
    default:
      return 'validation.invalid';
  }
}

/** Empty strings and nulls at the top level count as absent, so `required` reports them. */
function withoutEmpty(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value !== '' && value !== null) out[key] = value;
  }
  return out;
}

/**
 * Validates form data against a form document: ajv against `body.schema`, then the cross-field
 * `body.rules` (json-logic; when a rule holds, its field gets its message). The first problem per
 * field wins. The same function backs RJSF in the browser and the server's 422 `errors`, so both
 * always agree. An empty object means the data is valid.
 */
export function validateFormData(body: FormBody, data: unknown): FormErrors {
  const errors: FormErrors = {};
  const input = withoutEmpty(data);
  const validate = compileContentSchema(body.schema);
  validate(input);
  for (const error of validate.errors ?? []) {
    const field = fieldOf(error);
    if (!Object.hasOwn(errors, field)) errors[field] = messageFor(error, input, field);
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
