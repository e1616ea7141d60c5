import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../runtime/screen.types';
import { PublishedForm } from './parts/PublishedForm';

/**
 * The generic form screen: props.formId names the form document to render and submit; a page's
 * form panel also hands initialData (the record's values) and onSuccess (what follows a save).
 */
export default function FormScreen({ props }: ScreenProps) {
  const { t } = useTranslation();
  if (typeof props.formId !== 'string') return <Callout intent="warning">{t('errors.documentNotFound')}</Callout>;
  return (
    <section className="form-screen">
      <PublishedForm
        formId={props.formId}
        initialData={props.initialData as Record<string, unknown> | undefined}
        onSuccess={props.onSuccess as ((content: unknown) => void) | undefined}
      />
    </section>
  );
}
