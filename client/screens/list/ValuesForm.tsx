import { Callout, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentForm } from '../../forms/useDocumentForm';
import { DocumentForm } from '../../theme/DocumentForm';

type Data = Record<string, unknown>;

export interface ValuesFormProps {
  formId: string;
  initialData?: Data;
  /** i18n key of the submit button's text. */
  submitText: string;
  /** Receives the valid values; the form posts nothing itself (a list filters or calls with them). */
  onValues: (values: Data) => void;
  /** Buttons beside the form's own (e.g. Clear, Cancel). */
  children?: ReactNode;
}

/**
 * A form document used for its values only: a list's filter form and an action's dialog. Judged by
 * the same validators as every published form; submit hands the values over while none is wrong.
 */
export function ValuesForm({ formId, initialData, submitText, onValues, children }: ValuesFormProps) {
  const { t } = useTranslation();
  const state = useDocumentForm({ formId, initialData, submitText });
  if (state.status === 'loading') return <Spinner size={20} aria-label={t('shell.loading')} />;
  if (state.status === 'failed') return <Callout intent="danger">{t('errors.dataCouldNotBeLoaded')}</Callout>;
  return (
    <div className="list-form">
      <DocumentForm {...state.form} onSubmit={onValues} />
      {children && <div className="list-form__buttons">{children}</div>}
    </div>
  );
}
