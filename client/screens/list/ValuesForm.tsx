import { Spinner } from '@blueprintjs/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

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
 * A form document used for its values only: a list's filter form and an action's dialog
 * (ValuesFormBody). The form renderer (RJSF and its widgets) is a chunk of its own, loaded when a
 * form first shows: a list without a filter form never loads it, nor one whose actions stay shut.
 */
const ValuesFormBody = lazy(() => import('./ValuesFormBody'));

export function ValuesForm(props: ValuesFormProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner size={20} aria-label={t('shell.loading')} />}>
      <ValuesFormBody {...props} />
    </Suspense>
  );
}
