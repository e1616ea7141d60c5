import { Callout, H2, Spinner } from '@blueprintjs/core';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema } from '@rjsf/utils';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { FormBody } from '../../core/forms/form.types';
import { clientForPath } from '../api/clients';
import { failureOf } from '../api/http';
import { resolveText, translateCode } from '../i18n/text';
import { createCoreValidator } from './coreValidator';
import { toExtraErrors } from './formErrors';
import { Form } from './Form';
import { translateSchema, translateUiSchema } from './translateSchema';
import { useFormDocument } from './useFormDocument';

type Data = Record<string, unknown>;

export interface DocumentFormProps {
  formId: string;
  /** Starting values (e.g. the profile's current name). */
  initialData?: Data;
  /** Added to the submission, not shown (e.g. site_language on register). */
  extraData?: Data;
  /** Called with the response `content` after a successful submit. */
  onSuccess?: (content: unknown, data: Data) => void;
  /** Hide the document title (when the screen shows its own heading). */
  hideTitle?: boolean;
  /** i18n key of the submit button's text when the document names none. */
  submitText?: string;
  /** Replace the form by its success message once submitted (register, reset). */
  hideOnSuccess?: boolean;
}

/** An unticked checkbox means false, not absent: `const: true` then reports its own message. */
function withBooleanDefaults(schema: Record<string, unknown>, data: Data): Data {
  const properties = (schema.properties ?? {}) as Record<string, { type?: unknown; default?: unknown }>;
  const out: Data = { ...data };
  for (const [name, property] of Object.entries(properties)) {
    if (property.type === 'boolean' && out[name] === undefined) out[name] = property.default ?? false;
  }
  return out;
}

/**
 * Renders a published form document with RJSF and posts it where the document says. Core's
 * validateFormData judges the form in the browser exactly as the server does on submit: live when
 * the user leaves a field (only fields already left show their problems), and on every field at
 * submit, which sends nothing while a problem remains.
 */
export function DocumentForm(props: DocumentFormProps) {
  const { formId, initialData, extraData, onSuccess, hideTitle, submitText, hideOnSuccess } = props;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const query = useFormDocument(formId);
  const [edited, setFormData] = useState<Data | null>(null);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const body: FormBody | undefined = query.data?.body;
  const translate = useCallback((code: string) => translateCode(code, t, i18n), [t, i18n]);

  const schema = useMemo(() => (body ? translateSchema(body.schema, t, i18n.language) : {}), [body, t, i18n.language]);
  const uiSchema = useMemo(() => {
    const ui = body ? translateUiSchema(body.uiSchema, t, i18n.language) : {};
    const buttonOptions = (ui['ui:submitButtonOptions'] ?? {}) as Record<string, unknown>;
    if (submitText && !buttonOptions.submitText) ui['ui:submitButtonOptions'] = { ...buttonOptions, submitText };
    return ui;
  }, [body, t, i18n.language, submitText]);
  const formData = useMemo(
    () => edited ?? withBooleanDefaults(body?.schema ?? {}, initialData ?? {}),
    [edited, body, initialData],
  );
  const validator = useMemo(() => (body ? createCoreValidator(body, translate) : null), [body, translate]);
  const formContext = useMemo(() => ({ submitting }), [submitting]);

  if (query.isPending) return <Spinner aria-label={t('shell.loading')} />;
  if (query.isError || !body || !validator)
    return <Callout intent="danger">{t('errors.dataCouldNotBeLoaded')}</Callout>;

  const submit = async ({ formData: data }: IChangeEvent<Data>) => {
    if (!body.submit) return;
    const payload = { ...(data ?? {}), ...(extraData ?? {}) };
    setSubmitting(true);
    setFailure(null);
    setExtraErrors(undefined);
    try {
      const { client, url } = clientForPath(body.submit.path);
      const response = await client.request({ method: body.submit.method, url, data: payload });
      if (body.submit.successMessage) setSuccess(t(body.submit.successMessage));
      onSuccess?.(response.data?.content, payload);
      if (body.submit.successRedirect) navigate(body.submit.successRedirect);
    } catch (error) {
      const problem = failureOf(error);
      if (problem?.status === 422 && problem.errors) setExtraErrors(toExtraErrors(problem.errors, translate));
      else if (problem && problem.status < 500 && problem.code !== 'somethingWentWrong')
        setFailure(translate(problem.code));
      else setFailure(t('errors.somethingWentWrong'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="document-form">
      {!hideTitle && <H2>{resolveText(body.title, t, i18n.language)}</H2>}
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
          // a submit judges every field; from then on each change is judged live (untouched
          // fields are not flagged 'required' while the user is still on the first one)
          liveValidate={attempted ? 'onChange' : false}
          showErrorList="top"
          onChange={(event) => setFormData(event.formData ?? {})}
          onSubmit={(event) => void submit(event)}
          onError={() => setAttempted(true) /* the problems are shown on the fields */}
        />
      )}
    </div>
  );
}
