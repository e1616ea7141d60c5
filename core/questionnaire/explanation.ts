import type { CompiledQuestionnaire } from './questionnaire';
import type { Answers, Question, Table } from './questionnaire.types';

/** Where a question's explanation is kept: the row of `table` whose `ref` column names the question, its `column`. */
export interface ExplanationTarget {
  table: string;
  ref: string;
  column: string;
}

/**
 * Where the explanation of a question's response goes (a response with `explain`, e.g. N/A): the
 * first `requires` table of the response, its first free text column. Null when the response asks
 * for none.
 */
export function explanationTarget(
  compiled: CompiledQuestionnaire,
  question: Question,
  value: unknown,
): ExplanationTarget | null {
  const option = compiled.body.responseSets[question.responseSet]?.options.find((o) => o.value === value);
  if (!option?.explain) return null;
  const need = [...(option.requires ?? []), ...(question.requires?.[String(value)] ?? [])][0];
  const table = need && compiled.entries.get(need.table)?.item;
  if (!need || table?.type !== 'table') return null;
  const text = (table as Table).columns.find((c) => c.id !== need.column && c.input === 'textarea');
  return text ? { table: need.table, ref: need.column, column: text.id } : null;
}

/** The explanation of the question's current response: its target row's text, or ''. */
export function explanationOf(compiled: CompiledQuestionnaire, question: Question, answers: Answers): string {
  const target = explanationTarget(compiled, question, answers[question.id]);
  const rows = target ? answers[target.table] : undefined;
  if (!target || !Array.isArray(rows)) return '';
  const row = rows.find((r) => r && (r as Record<string, unknown>)[target.ref] === question.id) as
    | Record<string, unknown>
    | undefined;
  return typeof row?.[target.column] === 'string' ? (row[target.column] as string) : '';
}

/**
 * The table's rows with the question's explanation set (a row added when none names it), or with
 * its row removed when `text` is null.
 */
export function withExplanation(
  rows: unknown,
  target: ExplanationTarget,
  questionId: string,
  text: string | null,
): Record<string, unknown>[] {
  const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  const at = list.findIndex((r) => r && r[target.ref] === questionId);
  if (text === null) return at >= 0 ? list.filter((_, index) => index !== at) : list;
  const next = [...list];
  if (at >= 0) next[at] = { ...list[at], [target.column]: text };
  else next.push({ [target.ref]: questionId, [target.column]: text });
  return next;
}

/** Every place the question's responses may put an explanation (one per table and column). */
export function explanationTargets(compiled: CompiledQuestionnaire, question: Question): ExplanationTarget[] {
  const found = new Map<string, ExplanationTarget>();
  for (const option of compiled.body.responseSets[question.responseSet]?.options ?? []) {
    const target = explanationTarget(compiled, question, option.value);
    if (target) found.set(`${target.table}/${target.column}`, target);
  }
  return [...found.values()];
}
