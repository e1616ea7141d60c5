import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';
import type { FormBody } from '../../core/forms/form.types';
import { matchesSchema } from '../../core/forms/form-schema';
import { validateFormData } from '../../core/forms/form.utils';
import { toExtraErrors } from './formErrors';

type Data = Record<string, unknown>;

/**
 * An RJSF validator backed by core (not @rjsf/validator-ajv8): browser and server judge a form
 * with one function, validateFormData, and one message catalogue. It generates no code, so it runs
 * under the server's CSP (no 'unsafe-eval'). `translate` turns i18n keys into text.
 */
export function createCoreValidator(body: FormBody, translate: (code: string) => string): ValidatorType<Data> {
  return {
    validateFormData(formData): ValidationData<Data> {
      const formErrors = validateFormData(body, formData ?? {});
      const errors: RJSFValidationError[] = Object.entries(formErrors).map(([field, code]) => ({
        property: `.${field}`,
        message: translate(code),
        stack: `${field}: ${translate(code)}`,
      }));
      return { errors, errorSchema: toExtraErrors(formErrors, translate) as ErrorSchema<Data> };
    },
    isValid(schema: RJSFSchema, formData: Data | undefined, rootSchema: RJSFSchema): boolean {
      // used by RJSF to pick an anyOf/oneOf branch; definitions come from the root schema
      const withDefinitions = { ...schema, definitions: rootSchema.definitions, $defs: rootSchema.$defs };
      try {
        return matchesSchema(withDefinitions as Record<string, unknown>, formData);
      } catch {
        return false; // a branch whose $ref points outside the definitions matches nothing
      }
    },
    rawValidation<Result>(): { errors?: Result[]; validationError?: Error } {
      return { errors: [] };
    },
  };
}
