import { Callout, Card, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../api/http';
import { resolveText } from '../../i18n/text';
import type { ScreenProps } from '../../runtime/screen.types';
import { PageHeader } from '../parts/PageHeader';
import { draftAnswers } from './draftAnswers';
import { QuestionnaireView } from './QuestionnaireView';
import { RecordQuestionnaire } from './RecordQuestionnaire';
import { useQuestionnaireDocument } from './useQuestionnaireDocument';

/**
 * The generic questionnaire screen. With `props.source` it answers a server record
 * (RecordQuestionnaire: the pinned version, each answer saved as given). Otherwise a preview:
 * props.documentId or the path parameter documentId names the document (its latest version), and
 * the answers are kept in this tab's sessionStorage only.
 */
export default function QuestionnaireScreen(screen: ScreenProps) {
  if (typeof screen.props.source === 'string') return <RecordQuestionnaire {...screen} />;
  return <PreviewQuestionnaire {...screen} />;
}

function PreviewQuestionnaire({ params, props }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const documentId = String(props.documentId ?? params.documentId ?? '');
  const document = useQuestionnaireDocument(documentId);
  const draft = useMemo(() => draftAnswers(documentId), [documentId]);

  if (documentId === '') return <Callout intent="warning">{t('errors.documentNotFound')}</Callout>;
  if (document.isPending) return <Spinner aria-label={t('shell.loading')} />;
  if (document.isError) {
    const status = failureOf(document.error)?.status;
    return (
      <Callout intent="danger" role="alert">
        {t(status === 404 ? 'errors.documentNotFound' : 'errors.dataCouldNotBeLoaded')}
      </Callout>
    );
  }
  const body = document.data.body;
  return (
    <section className="questionnaire-screen">
      <PageHeader title={resolveText(body.title, t, i18n.language)} />
      <Card elevation={1}>
        <QuestionnaireView body={body} initialAnswers={draft.initial} onAnswer={draft.onAnswer} />
      </Card>
    </section>
  );
}
