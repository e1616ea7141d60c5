import {
  type ErrorSchema,
  JUNK_OPTION_ID,
  type RJSFSchema,
  type RJSFValidationError,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import type { SchemaValidators } from '../../core/documents/schema-validators';
import { formErrors } from '../../core/forms/form-errors';
import type { FormBody } from '../../core/forms/form.types';
import { toExtraErrors } from './formErrors';

type Data = Record<string, unknown>;

/**
 * An RJSF validator over a form's precompiled ajv validators (loadValidators): the form is judged
 * by core's formErrors, the function the server's validateFormData uses over the same ajv, so
 * browser and server report the same i18n keys. `translate` turns those keys into text.
 */
export function createFormValidator(
  body: FormBody,
  validators: SchemaValidators,
  translate: (code: string) => string,
): ValidatorType<Data> {
  return {
    validateFormData(formData): ValidationData<Data> {
      const byField = formErrors(body, validators.main, formData ?? {});
      const errors: RJSFValidationError[] = Object.entries(byField).map(([field, code]) => ({
        property: `.${field}`,
        message: translate(code),
        stack: `${field}: ${translate(code)}`,
      }));
      return { errors, errorSchema: toExtraErrors(byField, translate) as ErrorSchema<Data> };
    },
    isValid(schema: RJSFSchema, formData: Data | undefined): boolean {
      // RJSF picks anyOf/oneOf branches and `if` outcomes with it; its probe for "no option fits"
      // and a subschema the module has no validator for (one ajv cannot compile alone) match nothing
      if (schema.$id === JUNK_OPTION_ID) return false;
      const check = validators.of(schema);
      return check ? check(formData) : false;
    },
    rawValidation<Result>(_schema: RJSFSchema, formData?: Data): { errors?: Result[] } {
      const valid = validators.main(formData);
      return { errors: (valid ? [] : (validators.main.errors ?? [])) as Result[] };
    },
  };
}
