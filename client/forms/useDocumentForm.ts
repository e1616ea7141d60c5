import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { validatorsAt } from '../../core/documents/schema-validators';
import type { FormBody } from '../../core/forms/form.types';
import { clientForPath } from '../api/clients';
import { failureOf } from '../api/http';
import { resolveText, translateCode } from '../i18n/text';
import type { DocumentFormProps } from '../theme/DocumentForm';
import { toExtraErrors } from './formErrors';
import { createFormValidator } from './formValidator';
import { loadValidators } from './loadValidators';
import { translateSchema, translateUiSchema } from './translateSchema';
import { useFormDocument } from './useFormDocument';

type Data = Record<string, unknown>;

export interface DocumentFormOptions {
  formId: string;
  /** Starting values (e.g. the profile's current name). */
  initialData?: Data;
  /** Added to the submission, not shown (e.g. site_language on register). */
  extraData?: Data;
  /** Called with the response `content` after a successful submit. */
  onSuccess?: (content: unknown, data: Data) => void;
  /** i18n key of the submit button's text when the document names none. */
  submitText?: string;
}

export type DocumentFormState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; title: string; form: DocumentFormProps };

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
 * A published form document ready for DocumentForm: fetched, translated, with its precompiled
 * validators (core's formErrors over the ajv code the config service generates, so the browser
 * judges as the server does), and submitted where the document says: a 422's field errors go back
 * on the fields, success shows the document's message and follows its redirect.
 */
export function useDocumentForm(options: DocumentFormOptions): DocumentFormState {
  const { formId, initialData, extraData, onSuccess, submitText } = options;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const document = useFormDocument(formId);
  const validators = useQuery({
    queryKey: ['validators', document.data?.kind, formId, document.data?.version, document.data?.hash],
    queryFn: () => loadValidators(document.data as NonNullable<typeof document.data>),
    enabled: document.data !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [edited, setFormData] = useState<Data | null>(null);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const body: FormBody | undefined = document.data?.body;
  const translate = useCallback((code: string) => translateCode(code, t, i18n), [t, i18n]);

  const schema = useMemo(() => translateSchema(body?.schema, t, i18n.language) as RJSFSchema, [body, t, i18n.language]);
  const uiSchema = useMemo(() => {
    const ui = translateUiSchema(body?.uiSchema, t, i18n.language);
    const buttonOptions = (ui['ui:submitButtonOptions'] ?? {}) as Record<string, unknown>;
    if (submitText && !buttonOptions.submitText) ui['ui:submitButtonOptions'] = { ...buttonOptions, submitText };
    return ui as UiSchema;
  }, [body, t, i18n.language, submitText]);
  const formData = useMemo(
    () => edited ?? withBooleanDefaults(body?.schema ?? {}, initialData ?? {}),
    [edited, body, initialData],
  );
  const validator = useMemo(() => {
    const atSchema = validators.data && validatorsAt(validators.data, '/schema');
    return body && atSchema ? createFormValidator(body, atSchema, translate) : null;
  }, [body, validators.data, translate]);

  const submit = useCallback(
    async (data: Data) => {
      if (!body?.submit) return;
      const payload = { ...data, ...(extraData ?? {}) };
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
    },
    [body, extraData, onSuccess, navigate, t, translate],
  );

  if (document.isPending || (document.isSuccess && validators.isPending)) return { status: 'loading' };
  if (!body || !validator) return { status: 'failed' };
  return {
    status: 'ready',
    title: resolveText(body.title, t, i18n.language),
    form: {
      schema,
      uiSchema,
      validator,
      formData,
      extraErrors,
      submitting,
      success,
      failure,
      onChange: setFormData,
      onSubmit: (data) => void submit(data),
    },
  };
}
