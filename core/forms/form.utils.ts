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

/**
 * The starting values of a form from a loaded record: the members the form's schema declares at
 * its top level (so server members such as id or createdAt never travel back in the submission).
 */
export function formValuesOf(body: Pick<FormBody, 'schema'>, record: unknown): Record<string, unknown> {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return {};
  const properties = body.schema.properties;
  if (typeof properties !== 'object' || properties === null) return {};
  return Object.fromEntries(
    Object.entries(record).filter(([name, value]) => Object.hasOwn(properties, name) && value !== null),
  );
}
