import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { validatorsAt } from '../../core/documents/schema-validators';
import type { FormBody } from '../../core/forms/form.types';
import { fillFromRow } from '../../core/lists/list.utils';
import { definedParams } from '../../core/routes/route.utils';
import { refreshSession } from '../account/refreshSession';
import { clientForPath } from '../api/clients';
import { failureOf } from '../api/http';
import { resolveText, resolveTextWith, translateCode } from '../i18n/text';
import { showToast } from '../lib/toaster';
import type { DocumentFormProps } from '../theme/DocumentForm';
import { toExtraErrors } from './formErrors';
import { createFormValidator } from './formValidator';
import { loadValidators } from './loadValidators';
import { translateSchema, translateUiSchema } from './translateSchema';
import { useFormDocument } from './useFormDocument';
import { useLoadedValues } from './useLoadedValues';
import { useRemoteOptions, withChoices } from './useRemoteOptions';

type Data = Record<string, unknown>;

export interface DocumentFormOptions {
  formId: string;
  /** The route's params: they fill `:params` of the document's load, submit and redirect paths. */
  params?: Record<string, string | undefined>;
  /** Starting values (e.g. the profile's current name); given, the document's `load` is not asked. */
  initialData?: Data;
  /** Added to the submission, not shown (e.g. site_language on register). */
  extraData?: Data;
  /** Called with the response `content` after a successful submit. */
  onSuccess?: (content: unknown, data: Data) => void;
  /** i18n key of the submit button's text when the document names none. */
  submitText?: string;
  /** i18n key of the success text for this answer's `content`; undefined: the document's own. */
  successMessageFor?: (content: unknown) => string | undefined;
  /**
   * Failures other than a 422 become the generic error toast instead of a message in the form
   * (register, domain §7: 'other failures give a generic error toast').
   */
  failureToast?: boolean;
}

export type DocumentFormState =
  | { status: 'loading' }
  /** `code`: why, as a gateway error code, when known. */
  | { status: 'failed'; code?: string }
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

const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A published form document ready for DocumentForm: fetched, translated, with its precompiled
 * validators (core's formErrors over the ajv code the config service generates, so the browser
 * judges as the server does), started from the record its `load` names, and submitted where the
 * document says (`:params` from the route): a 422's field errors go back on the fields, success
 * shows the document's message and follows its redirect (filled from the saved record).
 */
export function useDocumentForm(options: DocumentFormOptions): DocumentFormState {
  const { formId, params, initialData, extraData, onSuccess, submitText, successMessageFor, failureToast } = options;
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
  const routeParams = useMemo(() => definedParams(params), [params]);
  const loaded = useLoadedValues(body, routeParams, initialData !== undefined);
  const loadedValues = loaded.status === 'ready' ? loaded.values : undefined;
  const submitPath = body?.submit ? fillFromRow(body.submit.path, routeParams) : null;
  const translate = useCallback((code: string) => translateCode(code, t, i18n), [t, i18n]);

  const schema = useMemo(() => translateSchema(body?.schema, t, i18n.language) as RJSFSchema, [body, t, i18n.language]);
  const uiSchema = useMemo(() => {
    const ui = translateUiSchema(body?.uiSchema, t, i18n.language);
    const buttonOptions = (ui['ui:submitButtonOptions'] ?? {}) as Record<string, unknown>;
    if (submitText && !buttonOptions.submitText) ui['ui:submitButtonOptions'] = { ...buttonOptions, submitText };
    return ui as UiSchema;
  }, [body, t, i18n.language, submitText]);
  const remote = useRemoteOptions(body?.uiSchema);
  const shown = useMemo(() => withChoices(schema, uiSchema, remote.choices), [schema, uiSchema, remote.choices]);
  const formData = useMemo(
    () => edited ?? withBooleanDefaults(body?.schema ?? {}, initialData ?? loadedValues ?? {}),
    [edited, body, initialData, loadedValues],
  );
  const validator = useMemo(() => {
    const atSchema = validators.data && validatorsAt(validators.data, '/schema');
    return body && atSchema ? createFormValidator(body, atSchema, translate) : null;
  }, [body, validators.data, translate]);

  const submit = useCallback(
    async (data: Data) => {
      if (!body?.submit || submitPath === null) return;
      const payload = { ...data, ...(extraData ?? {}) };
      setSubmitting(true);
      setFailure(null);
      setExtraErrors(undefined);
      try {
        const { client, url } = clientForPath(submitPath);
        const response = await client.request({ method: body.submit.method, url, data: payload });
        const saved: unknown = response.data?.content;
        const values = isRecord(saved) ? saved : {};
        const chosen = successMessageFor?.(saved) ?? body.submit.successMessage;
        const message = chosen ? resolveTextWith(chosen, values, t, i18n.language) : null;
        onSuccess?.(saved, payload);
        if (body.submit.refreshSession) await refreshSession();
        const redirect = body.submit.successRedirect
          ? fillFromRow(body.submit.successRedirect, { ...routeParams, ...values })
          : null;
        if (redirect) {
          // the form goes away: the message outlives it as a toast
          if (message) void showToast(message, 'success');
          navigate(redirect);
        } else if (message) setSuccess(message);
      } catch (error) {
        const problem = failureOf(error);
        if (problem?.status === 422 && problem.errors) setExtraErrors(toExtraErrors(problem.errors, translate));
        else if (failureToast) void showToast(t('errors.somethingWentWrong'), 'danger');
        else if (problem && problem.status < 500 && problem.code !== 'somethingWentWrong')
          setFailure(translate(problem.code));
        else setFailure(t('errors.somethingWentWrong'));
      } finally {
        setSubmitting(false);
      }
    },
    [
      body,
      submitPath,
      routeParams,
      extraData,
      onSuccess,
      successMessageFor,
      navigate,
      t,
      i18n.language,
      translate,
      failureToast,
    ],
  );

  if (
    document.isPending ||
    (document.isSuccess && validators.isPending) ||
    loaded.status === 'loading' ||
    !remote.ready
  )
    return { status: 'loading' };
  if (loaded.status === 'failed') return { status: 'failed', code: loaded.code };
  // a submit path the route cannot fill would send nothing anywhere
  if (body?.submit && submitPath === null) return { status: 'failed', code: 'notFound' };
  if (!body || !validator) return { status: 'failed' };
  return {
    status: 'ready',
    title: resolveText(body.title, t, i18n.language),
    form: {
      formId,
      schema: shown.schema,
      uiSchema: shown.uiSchema,
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
