import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../runtime/screen.types';
import { PublishedForm } from './parts/PublishedForm';

/**
 * The generic form screen: props.formId names the form document to render and submit; the route's
 * params fill the document's `:params` (an edit form at /app/things/:id/edit loads and saves that
 * record); a page's form panel also hands initialData (the record's values), onSuccess, hideTitle
 * when the panel heads the form itself, and embedded (its title is then no screen heading).
 */
export default function FormScreen({ props, params }: ScreenProps) {
  const { t } = useTranslation();
  if (typeof props.formId !== 'string') return <Callout intent="warning">{t('errors.documentNotFound')}</Callout>;
  return (
    <section className="form-screen">
      {/* another record is another form: nothing typed for the last one carries over */}
      <PublishedForm
        key={JSON.stringify(params)}
        formId={props.formId}
        params={params}
        initialData={props.initialData as Record<string, unknown> | undefined}
        onSuccess={props.onSuccess as ((content: unknown) => void) | undefined}
        hideTitle={props.hideTitle === true}
        // the screen's own heading, unless a page's panel holds the form
        titleLevel={props.embedded === true ? 2 : 1}
      />
    </section>
  );
}
