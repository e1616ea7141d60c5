import { passwordProblems } from '../auth/password';
import { applyRule, truthy } from '../rules/jsonlogic';
import type { FormBody, FormErrors } from './form.types';
import { asJson, type SchemaProblem, schemaProblems, valueAt } from './form-schema';

/**
 * Schema keyword -> i18n key (docs/contracts.md 'Form documents'). A field schema may override any
 * of them with `"x-messages": { "<keyword>": "<i18n key>" }`.
 */
function messageFor(problem: SchemaProblem, data: unknown): string {
  const { keyword, schema } = problem;
  const overrides = schema?.['x-messages'] as Record<string, string> | undefined;
  if (overrides && typeof overrides === 'object' && Object.hasOwn(overrides, keyword)) return overrides[keyword];
  switch (keyword) {
    case 'required':
      return 'validation.required';
    case 'format':
      return schema?.format === 'email' ? 'validation.email' : 'validation.invalid';
    case 'pattern':
      return 'validation.phone';
    case 'const':
      return schema?.const === true ? 'validation.checkToRegister' : 'validation.invalid';
    case 'x-password-policy':
      return passwordProblems(String(valueAt(data, problem.path) ?? ''))[0] ?? 'validation.invalid';
    case 'minLength': {
      const value = valueAt(data, problem.path);
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
 * Validates form data against a form document: `body.schema` (JSON Schema, judged as the ajv that
 * publishes documents judges it, but without generating code: see ./form-schema.ts), then the
 * cross-field `body.rules` (json-logic; when a rule holds, its field gets its message). The first
 * problem per field wins. The same function backs RJSF in the browser (live, under a CSP without
 * 'unsafe-eval') and the server's 422 `errors`, so both always agree. Data is taken as JSON, as
 * the server receives it (undefined members are absent). An empty object means the data is valid.
 */
export function validateFormData(body: FormBody, data: unknown): FormErrors {
  const errors: FormErrors = {};
  const input = withoutEmpty(asJson(data));
  for (const problem of schemaProblems(body.schema, input)) {
    const field = problem.path.join('.');
    if (!Object.hasOwn(errors, field)) errors[field] = messageFor(problem, input);
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
