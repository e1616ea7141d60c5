import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toExtraErrors } from '../../forms/formErrors';
import { createFormValidator } from '../../forms/formValidator';
import { translateSchema, translateUiSchema } from '../../forms/translateSchema';
import { translateCode } from '../../i18n/text';
import { Form } from '../../theme/Form';
import type { StepResources } from './wizard.api';

type Data = Record<string, unknown>;

const NO_CONST_DEFAULTS = { constAsDefaults: 'never' } as const;

export interface StepFormProps {
  stepId: string;
  /** The step's form and its precompiled validators. */
  resources: StepResources;
  formData: Data;
  /** Field → i18n key problems the server found in this step. */
  serverErrors?: Record<string, string>;
  onChange: (data: Data) => void;
  /** Called only with valid data: the step's validation gates the wizard's Next and Submit. */
  onValid: (data: Data) => void;
  /** The buttons; the one of type submit asks the form to validate. */
  children: ReactNode;
}

/**
 * One step's form with our themed RJSF Form, judged by the step's precompiled validators through
 * core's formErrors (the keys the server's validateFormData reports for the same step). The only
 * place the wizard touches the theme and the form validator.
 */
export function StepForm({ stepId, resources, formData, serverErrors, onChange, onValid, children }: StepFormProps) {
  const { form, validators, formId } = resources;
  const { t, i18n } = useTranslation();
  const [attempted, setAttempted] = useState(false);
  const translate = useCallback((code: string) => translateCode(code, t, i18n), [t, i18n]);
  const validator = useMemo(() => createFormValidator(form, validators, translate), [form, validators, translate]);
  const schema = useMemo(() => translateSchema(form.schema, t, i18n.language) as RJSFSchema, [form, t, i18n.language]);
  const uiSchema = useMemo(
    () => translateUiSchema(form.uiSchema, t, i18n.language) as UiSchema,
    [form, t, i18n.language],
  );
  const extraErrors = useMemo(
    () => (serverErrors ? (toExtraErrors(serverErrors, translate) as ErrorSchema<Data>) : undefined),
    [serverErrors, translate],
  );

  return (
    <Form
      idPrefix={`wizard-${stepId}`}
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      extraErrors={extraErrors}
      formContext={{ formId }}
      noHtml5Validate
      // an answer is what the user chose: no option or confirmation is preselected from a `const`
      experimental_defaultFormStateBehavior={NO_CONST_DEFAULTS}
      // problems show once the user tried to go on, then live while they fix them
      liveValidate={attempted ? 'onChange' : false}
      showErrorList={false}
      onChange={(event) => onChange((event.formData ?? {}) as Data)}
      onSubmit={(event) => onValid((event.formData ?? {}) as Data)}
      onError={() => setAttempted(true)}
    >
      {children}
    </Form>
  );
}
