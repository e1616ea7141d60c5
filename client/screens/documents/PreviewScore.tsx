import { Tag } from '@blueprintjs/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Answers, QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';
import { scoreOf } from '../../../core/questionnaire/scoring';
import { resolveText } from '../../i18n/text';

/** The preview's answers outside React: only the score line re-renders when one changes, never the form. */
export class PreviewAnswers {
  private listeners = new Set<() => void>();
  constructor(public current: Answers = {}) {}
  set(id: string, value: unknown): void {
    this.current = { ...this.current, [id]: value };
    for (const listener of this.listeners) listener();
  }
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  snapshot = (): Answers => this.current;
}

/** The live score of the preview's answers (scoreOf: per choice and per section), shown when the body scores. */
export function PreviewScore({ body, answers }: { body: QuestionnaireBody; answers: PreviewAnswers }) {
  const { t, i18n } = useTranslation();
  const given = useSyncExternalStore(answers.subscribe, answers.snapshot);
  const score = scoreOf(body, given);
  if (!score) return null;
  const percent = (value: number | null) => (value === null ? '–' : `${value}%`);
  return (
    <p className="documents-admin__preview-score" aria-live="polite">
      <strong>{t('admin.preview.score')}:</strong> <span data-testid="preview-score">{percent(score.percent)}</span>{' '}
      <span className="bp6-text-muted">{t('admin.preview.points', { points: score.points, max: score.max })}</span>
      {score.sections.map((section) => {
        const title = body.sections.find((s) => s.id === section.id)?.title;
        return (
          <Tag key={section.id} minimal className="documents-admin__preview-section-score">
            {title ? resolveText(title, t, i18n.language) : section.id}: {percent(section.percent)}
          </Tag>
        );
      })}
    </p>
  );
}
