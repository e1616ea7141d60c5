import {
  answerProgress,
  type CompiledQuestionnaire,
  isFileRef,
  score,
  visibleItems,
} from '../questionnaire/questionnaire';
import type { Text } from '../documents/document.types';
import type { Answers } from '../questionnaire/questionnaire.types';
import { type AssessmentRecord, progressOf } from './assessment.types';

type Reviewed = Pick<AssessmentRecord, 'answers' | 'reviews'>;

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Visible items a user answered: questions and fields, tables with rows. */
export function answeredItems(compiled: CompiledQuestionnaire, answers: Answers): string[] {
  const visible = visibleItems(compiled, answers);
  return compiled.order.filter((id) => visible.has(id) && !isEmpty(answers[id]));
}

export function isFile(compiled: CompiledQuestionnaire, id: string): boolean {
  const item = compiled.entries.get(id)?.item as { input?: string } | undefined;
  return item?.input === 'file';
}

/** Answered of what must be answered (core answerProgress: what the questionnaire's bar shows too). */
export function answerProgressOf(compiled: CompiledQuestionnaire, answers: Answers) {
  const { answered, total } = answerProgress(compiled, answers);
  return progressOf(answered, total);
}

/** Answered visible items the assessor has not marked reviewed (completion waits for them). */
export function unreviewedItems(compiled: CompiledQuestionnaire, record: Reviewed): string[] {
  return answeredItems(compiled, record.answers).filter((id) => record.reviews[id]?.reviewed !== true);
}

/** Reviewed of answered. */
export function reviewProgress(compiled: CompiledQuestionnaire, record: Reviewed) {
  const answered = answeredItems(compiled, record.answers);
  return progressOf(answered.length - unreviewedItems(compiled, record).length, answered.length);
}

/** The template's scoring as a percent of the best points; null without scoring. */
export function percentScore(compiled: CompiledQuestionnaire, answers: Answers): number | null {
  const result = score(compiled, answers);
  if (!result) return null;
  return result.max === 0 ? 0 : Math.round((result.points / result.max) * 100);
}

/** An answer as a reader reads it: choices by their labels (`text` puts a label in a language), a table by its rows, a file by its name. */
export function answerText(
  compiled: CompiledQuestionnaire,
  id: string,
  value: unknown,
  text: (label: Text) => string,
): string {
  if (isEmpty(value)) return '';
  const item = compiled.entries.get(id)?.item;
  if (item?.type === 'question' && typeof value === 'string') {
    const option = compiled.body.responseSets[item.responseSet]?.options.find((o) => o.value === value);
    return option ? text(option.label) : value;
  }
  if (item?.type === 'field' && item.options) {
    const values = Array.isArray(value) ? value : [value];
    return values
      .map((v) => item.options?.find((o) => o.value === v))
      .map((o, i) => (o ? text(o.label) : String(values[i])))
      .join(', ');
  }
  if (item?.type === 'table' && Array.isArray(value)) return `${value.length}`;
  if (isFileRef(value)) return value.name;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}
