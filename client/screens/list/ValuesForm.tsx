import { Button, Callout, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateCode } from '../../i18n/text';
import { createCoreValidator } from '../../theme/coreValidator';
import { Form } from '../../theme/Form';
import { translateSchema, translateUiSchema } from '../../theme/translateSchema';
import { useFormDocument } from '../../theme/useFormDocument';

type Data = Record<string, unknown>;

export interface ValuesFormProps {
  formId: string;
  initialData?: Data;
  /** i18n key of the submit button's text. */
  submitText: string;
  /** Receives the valid values; the form posts nothing itself (a list filters or calls with them). */
  onValues: (values: Data) => void;
  /** Extra buttons beside submit (e.g. Clear, Cancel). */
  children?: ReactNode;
}

/**
 * A form document used for its values only: a list's filter form and an action's dialog. Judged
 * by the same core validator as every form; submit hands the values over while none is wrong.
 */
export function ValuesForm({ formId, initialData, submitText, onValues, children }: ValuesFormProps) {
  const { t, i18n } = useTranslation();
  const query = useFormDocument(formId);
  const [data, setData] = useState<Data>(initialData ?? {});
  const [attempted, setAttempted] = useState(false);
  const body = query.data?.body;
  const translate = useCallback((code: string) => translateCode(code, t, i18n), [t, i18n]);
  const schema = useMemo(() => (body ? translateSchema(body.schema, t, i18n.language) : {}), [body, t, i18n.language]);
  const uiSchema = useMemo(
    () => (body ? translateUiSchema(body.uiSchema, t, i18n.language) : {}),
    [body, t, i18n.language],
  );
  const validator = useMemo(() => (body ? createCoreValidator(body, translate) : null), [body, translate]);

  if (query.isPending) return <Spinner size={20} aria-label={t('shell.loading')} />;
  if (query.isError || !body || !validator)
    return <Callout intent="danger">{t('errors.dataCouldNotBeLoaded')}</Callout>;
  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={data}
      validator={validator}
      noHtml5Validate
      liveValidate={attempted ? 'onChange' : false}
      showErrorList={false}
      onChange={(event) => setData((event.formData ?? {}) as Data)}
      onSubmit={(event) => onValues((event.formData ?? {}) as Data)}
      onError={() => setAttempted(true)}
    >
      {/* RJSF's children replace its own submit button */}
      <div className="list-form__buttons">
        <Button type="submit" intent="primary" text={t(submitText)} />
        {children}
      </div>
    </Form>
  );
}
