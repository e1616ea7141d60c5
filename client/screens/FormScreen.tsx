import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../runtime/screen.types';
import { PublishedForm } from './parts/PublishedForm';

/** The generic form screen: props.formId names the form document to render and submit. */
export default function FormScreen({ props }: ScreenProps) {
  const { t } = useTranslation();
  if (typeof props.formId !== 'string') return <Callout intent="warning">{t('errors.documentNotFound')}</Callout>;
  return (
    <section className="form-screen">
      <PublishedForm formId={props.formId} />
    </section>
  );
}
