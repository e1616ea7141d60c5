import { Callout, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { type DocumentFormOptions, useDocumentForm } from '../../forms/useDocumentForm';
import { translateCode } from '../../i18n/text';
import { DocumentForm } from '../../theme/DocumentForm';

interface PublishedFormProps extends DocumentFormOptions {
  /** Hide the document title (when the screen shows its own heading). */
  hideTitle?: boolean;
  /** The title's heading level: 1 for a form that is the screen. */
  titleLevel?: 1 | 2;
  /** Replace the form by its success message once submitted (register, reset). */
  hideOnSuccess?: boolean;
}

/** The latest published form document `form/<formId>`, rendered, validated and submitted. */
export function PublishedForm({ hideTitle, titleLevel, hideOnSuccess, ...options }: PublishedFormProps) {
  const { t, i18n } = useTranslation();
  const state = useDocumentForm(options);
  if (state.status === 'loading') return <Spinner aria-label={t('shell.loading')} />;
  if (state.status === 'failed')
    return (
      <Callout intent="danger">
        {state.code ? translateCode(state.code, t, i18n) : t('errors.dataCouldNotBeLoaded')}
      </Callout>
    );
  return (
    <DocumentForm
      {...state.form}
      title={hideTitle ? undefined : state.title}
      titleLevel={titleLevel}
      hideOnSuccess={hideOnSuccess}
    />
  );
}
