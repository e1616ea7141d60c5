import type { Text } from '../documents/document.types';
import { type CarryOverReport, wordingOf } from './carry-over';
import type { CompiledQuestionnaire } from './questionnaire';
import type { Answers, Question } from './questionnaire.types';

/** What a carry-over does to one question. */
export type CarryOverChangeKind = 'moved' | 'dropped' | 'conflict' | 'added' | 'reworded' | 'kept';

/**
 * One row of "what would change" (a list document reads these): the question in the next version
 * (the previous one's for a dropped answer), its requirement and text, where a moved answer came from
 * and the answer that travels or is lost, as its response label.
 */
export interface CarryOverChangeRow {
  id: string;
  /** Where the row stands in the report's order (the changes first): the default sort. */
  position: number;
  change: CarryOverChangeKind;
  question: string;
  requirement: string;
  text: Text;
  fromQuestion: string | null;
  fromRequirement: string | null;
  /** The wording the answer was given to, when it differs from `text` (moved or reworded). */
  fromText: Text | null;
  answer: Text | null;
}

const questionOf = (compiled: CompiledQuestionnaire, id: string): Question | undefined => {
  const item = compiled.entries.get(id)?.item;
  return item?.type === 'question' ? item : undefined;
};

/** The label of a response in the question's response set (the raw value when it has none). */
function responseLabel(compiled: CompiledQuestionnaire, question: Question | undefined, value: unknown): Text | null {
  if (typeof value !== 'string' || !question) return null;
  const option = compiled.body.responseSets[question.responseSet]?.options.find((o) => o.value === value);
  return option?.label ?? value;
}

/**
 * The carry-over (`carryOverAnswers`' answer) as rows, the changes first (moved, dropped, conflicts,
 * new questions, reworded ones), the kept answers last. `before` are the answers of the previous version.
 */
export function carryOverChanges(
  previous: CompiledQuestionnaire,
  next: CompiledQuestionnaire,
  before: Answers,
  carried: { answers: Answers; report: CarryOverReport },
): CarryOverChangeRow[] {
  const { answers, report } = carried;
  const row = (change: CarryOverChangeKind, id: string, from?: string): CarryOverChangeRow[] => {
    // a dropped answer is the previous version's; every other row is a question of the next one
    const compiled = change === 'dropped' ? previous : next;
    const question = questionOf(compiled, id);
    if (!question) return [];
    const source = from === undefined ? undefined : questionOf(previous, from);
    const value = change === 'dropped' ? before[id] : change === 'conflict' ? undefined : answers[id];
    return [
      {
        id: `${change}:${id}`,
        position: 0,
        change,
        question: id,
        requirement: question.requirement ?? '',
        text: question.text,
        fromQuestion: source ? (from as string) : null,
        fromRequirement: source?.requirement ?? null,
        fromText: source && wordingOf(previous, from as string) !== wordingOf(next, id) ? source.text : null,
        answer: responseLabel(compiled, question, value),
      },
    ];
  };
  const rows = [
    ...report.moved.flatMap(({ from, to }) => row('moved', to, from)),
    ...report.dropped.flatMap((id) => row('dropped', id)),
    ...report.conflicts.flatMap((id) => row('conflict', id)),
    ...report.added.flatMap((id) => row('added', id)),
    ...report.reworded.flatMap(({ from, to }) => row('reworded', to, from)),
    ...report.kept.flatMap((id) => row('kept', id)),
  ];
  return rows.map((change, position) => ({ ...change, position }));
}
