import { Callout, H1, H2 } from '@blueprintjs/core';
import type { ErrorSchema, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { Form } from './Form';

type Data = Record<string, unknown>;

/**
 * A field with choices (`oneOf` of consts, a remote select) starts empty unless it has a `default`:
 * RJSF would otherwise take the first choice as the value, silently — a report for one merchant
 * instead of the portfolio, an SAQ sent to whichever bank came first.
 */
const NO_CHOICE_DEFAULTS = { constAsDefaults: 'skipOneOf' } as const;

export interface DocumentFormProps {
  /** The form document's id: with a field's JSON pointer it names the field's tooltip (`profile#/name`). */
  formId?: string;
  /** The form's JSON Schema, its texts already translated. */
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType<Data>;
  formData: Data;
  onChange: (data: Data) => void;
  /** Called with valid data only: a submit with a problem left shows it on its field instead. */
  onSubmit: (data: Data) => void;
  /** Heading above the form. */
  title?: string;
  /** The heading's level: 1 when the form is the screen (a route of its own), 2 inside another screen. */
  titleLevel?: 1 | 2;
  /** Field errors from outside the schema, e.g. the server's 422. */
  extraErrors?: ErrorSchema;
  /** A submission is on its way: the submit button spins. */
  submitting?: boolean;
  /** Notices above the form. */
  success?: string | null;
  failure?: string | null;
  /** Show the success notice instead of the form once there is one (register, reset). */
  hideOnSuccess?: boolean;
}

/**
 * Renders a form with RJSF and our Blueprint theme; it fetches, submits and navigates nothing (the
 * screen does: client/forms/useDocumentForm.ts). Fields are judged live once the user has tried to
 * submit (untouched fields are not flagged 'required' while the user is still on the first one),
 * and a submit judges every field and sends nothing while a problem remains.
 */
export function DocumentForm(props: DocumentFormProps) {
  const {
    formId,
    schema,
    uiSchema,
    validator,
    formData,
    onChange,
    onSubmit,
    title,
    titleLevel = 2,
    extraErrors,
  } = props;
  const { submitting = false, success, failure, hideOnSuccess } = props;
  const [attempted, setAttempted] = useState(false);
  const formContext = useMemo(() => ({ submitting, formId }), [submitting, formId]);

  return (
    <div className="document-form">
      {title && (titleLevel === 1 ? <H1 className="document-form__title">{title}</H1> : <H2>{title}</H2>)}
      {success && (
        <Callout intent="success" role="status" className="document-form__notice">
          {success}
        </Callout>
      )}
      {failure && (
        <Callout intent="danger" role="alert" className="document-form__notice">
          {failure}
        </Callout>
      )}
      {!(hideOnSuccess && success) && (
        <Form
          schema={schema}
          uiSchema={uiSchema}
          formData={formData}
          validator={validator}
          extraErrors={extraErrors}
          formContext={formContext}
          noHtml5Validate
          experimental_defaultFormStateBehavior={NO_CHOICE_DEFAULTS}
          liveValidate={attempted ? 'onChange' : false}
          showErrorList="top"
          onChange={(event) => onChange(event.formData ?? {})}
          onSubmit={(event) => onSubmit(event.formData ?? {})}
          onError={() => setAttempted(true) /* the problems are shown on the fields */}
        />
      )}
    </div>
  );
}
