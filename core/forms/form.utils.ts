import { compileContentSchema } from '../documents/schema-compiler';
import { formErrors } from './form-errors';
import type { FormBody, FormErrors } from './form.types';

/**
 * Validates form data against a form document on the server: ajv compiles `body.schema` (the same
 * ajv options whose standalone code the browser runs, see docs/documents/form.md) and
 * core's formErrors maps its problems to i18n keys, as the browser does. Data is taken as JSON.
 * An empty object means the data is valid.
 */
export function validateFormData(body: FormBody, data: unknown): FormErrors {
  return formErrors(body, compileContentSchema(body.schema), data);
}

// kept apart so the browser's forms read it without the ajv compiler above
export { formValuesOf } from './form-values';
