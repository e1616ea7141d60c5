import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';
import { compileContentSchema } from '../../core/documents/schema-compiler';
import type { FormBody, FormErrors } from '../../core/forms/form.types';
import { validateFormData } from '../../core/forms/form.utils';
import { toExtraErrors } from './formErrors';

type Data = Record<string, unknown>;

/**
 * Core's validateFormData, or null when this page may not compile schemas (ajv generates code,
 * which a CSP without 'unsafe-eval' refuses). The server runs the same function on submit and
 * answers 422 with the same keys, so the form still shows identical errors, one round trip later.
 */
function safeValidate(body: FormBody, data: unknown): FormErrors | null {
  try {
    return validateFormData(body, data);
  } catch {
    return null;
  }
}

/**
 * An RJSF validator backed by core (not @rjsf/validator-ajv8): browser and server judge a form
 * with one function and one message catalogue. `translate` turns i18n keys into text.
 */
export function createCoreValidator(body: FormBody, translate: (code: string) => string): ValidatorType<Data> {
  return {
    validateFormData(formData): ValidationData<Data> {
      const formErrors = safeValidate(body, formData ?? {}) ?? {};
      const errors: RJSFValidationError[] = Object.entries(formErrors).map(([field, code]) => ({
        property: `.${field}`,
        message: translate(code),
        stack: `${field}: ${translate(code)}`,
      }));
      return { errors, errorSchema: toExtraErrors(formErrors, translate) as ErrorSchema<Data> };
    },
    isValid(schema: RJSFSchema, formData: Data | undefined, rootSchema: RJSFSchema): boolean {
      // used by RJSF to pick an anyOf/oneOf branch; definitions come from the root schema
      try {
        const withDefinitions = { ...schema, definitions: rootSchema.definitions, $defs: rootSchema.$defs };
        return compileContentSchema(withDefinitions as Record<string, unknown>)(formData) === true;
      } catch {
        return false;
      }
    },
    rawValidation<Result>(): { errors?: Result[]; validationError?: Error } {
      return { errors: [] };
    },
  };
}
