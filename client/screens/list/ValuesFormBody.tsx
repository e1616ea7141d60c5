import { Callout, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useDocumentForm } from '../../forms/useDocumentForm';
import { DocumentForm } from '../../theme/DocumentForm';
import type { ValuesFormProps } from './ValuesForm';

/**
 * A form document used for its values only: a list's filter form and an action's dialog. Judged by
 * the same validators as every published form; submit hands the values over while none is wrong.
 */
export default function ValuesFormBody({ formId, initialData, submitText, onValues, children }: ValuesFormProps) {
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
