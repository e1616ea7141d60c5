import { Callout, Card, H3 } from '@blueprintjs/core';
import { useDeferredValue, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { compileQuestionnaire } from '../../../core/questionnaire/questionnaire';
import { questionnaireProblems } from '../../../core/questionnaire/questionnaire.problems';
import type { QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';
import { QuestionnaireView } from '../questionnaire/QuestionnaireView';
import { parseBody } from './documents.api';
import { PreviewAnswers, PreviewScore } from './PreviewScore';

interface Props {
  /** The editor's text as the admin types it. */
  text: string;
}

type Preview = { body: QuestionnaireBody; key: string } | { problems: string[] };

/**
 * A questionnaire document (an SAQ version or an assessment template) as an assessee will see it,
 * drawn by the same renderer from the editor's text while the admin types. Text that does not parse
 * or breaks the kind's rules keeps the last good preview and says why.
 */
export function QuestionnairePreview({ text }: Props) {
  const { t } = useTranslation();
  // typing stays responsive: the preview follows the text at a lower priority
  const deferred = useDeferredValue(text);
  const lastGood = useRef<{ body: QuestionnaireBody; key: string } | null>(null);
  // answers given in the preview survive edits of the document (kept by item id)
  const answers = useRef(new PreviewAnswers());

  const preview = useMemo<Preview>(() => {
    const parsed = parseBody(deferred);
    if (!('body' in parsed)) return { problems: [t('admin.documents.invalidJson', { reason: parsed.error })] };
    const body = parsed.body as unknown as QuestionnaireBody;
    let problems: string[];
    try {
      problems = questionnaireProblems(body).map((problem) => `${problem.path}: ${problem.message}`);
      // what the renderer will do first: a body it cannot compile is no preview
      if (problems.length === 0) compileQuestionnaire(body);
    } catch {
      problems = [t('admin.preview.notQuestionnaire')];
    }
    return problems.length > 0 ? { problems } : { body, key: deferred };
  }, [deferred, t]);

  if ('body' in preview) lastGood.current = preview;
  const shown = lastGood.current;
  return (
    <Card compact className="documents-admin__card documents-admin__preview" aria-label={t('admin.preview.title')}>
      <H3>{t('admin.preview.title')}</H3>
      <p className="bp6-text-muted">{t('admin.preview.hint')}</p>
      {'problems' in preview && (
        <Callout intent="warning" title={t('admin.preview.stale')} role="status">
          <ul className="documents-admin__preview-problems">
            {preview.problems.slice(0, 5).map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Callout>
      )}
      {shown && <PreviewScore body={shown.body} answers={answers.current} />}
      {shown && (
        <QuestionnaireView
          key={shown.key}
          body={shown.body}
          initialAnswers={answers.current.current}
          onAnswer={(id, value) => answers.current.set(id, value)}
        />
      )}
    </Card>
  );
}
