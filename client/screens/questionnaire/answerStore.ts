import {
  answerProgress,
  type CompiledQuestionnaire,
  checkAnswers,
  countsInProgress,
  isEmpty,
  updateVisibility,
  validateAnswer,
  visibleItems,
} from '../../../core/questionnaire/questionnaire';
import { explanationOf, explanationTarget, withExplanation } from '../../../core/questionnaire/explanation';
import type { AnswerProblem, Answers } from '../../../core/questionnaire/questionnaire.types';

type Listener = () => void;
const NONE: readonly AnswerProblem[] = Object.freeze([]);
/** Listener key of the progress bar and of the section list (not item ids: those never start with '#'). */
export const PROGRESS = '#progress';
export const SECTIONS = '#sections';
const BACKGROUND_DELAY_MS = 400;

export interface AnswerStore {
  compiled: CompiledQuestionnaire;
  answer(id: string): unknown;
  isVisible(id: string): boolean;
  problems(id: string): readonly AnswerProblem[];
  /** The explanation of a question's response: the text column of its `requires` table row. */
  explanation(id: string): string;
  progress(): { answered: number; total: number };
  subscribe(key: string, listener: Listener): () => void;
  setAnswer(id: string, value: unknown): void;
  setExplanation(id: string, text: string): void;
  /** The whole-document pass now (at submit): its problems are shown at their items. */
  checkNow(): ReturnType<typeof checkAnswers>;
  snapshot(): Answers;
  dispose(): void;
}

/**
 * The answers of one open questionnaire outside React: every question, field and table reads its
 * own slot (useSyncExternalStore keyed by item id), so a change notifies only that item, the items
 * whose visibility reads it, and those whose problems changed. The whole-document rules run in a
 * debounced background pass, never per change.
 */
export function createAnswerStore(
  compiled: CompiledQuestionnaire,
  initial: Answers,
  onAnswer?: (id: string, value: unknown) => void,
): AnswerStore {
  const answers: Answers = { ...initial };
  const visible = visibleItems(compiled, answers);
  const listeners = new Map<string, Set<Listener>>();
  const local = new Map<string, readonly AnswerProblem[]>();
  const background = new Map<string, readonly AnswerProblem[]>();
  const merged = new Map<string, readonly AnswerProblem[]>();
  /** Items whose own check has run: the rest are checked when first read (their page opens). */
  const checked = new Set<string>();
  let progressView = answerProgress(compiled, answers, visible);
  let timer: ReturnType<typeof setTimeout> | undefined;

  const notify = (key: string) => {
    for (const listener of listeners.get(key) ?? []) listener();
  };
  const setProblems = (
    id: string,
    map: Map<string, readonly AnswerProblem[]>,
    list: readonly AnswerProblem[],
    tell = true,
  ) => {
    const before = map.get(id) ?? NONE;
    const same = before.length === list.length && before.every((p, i) => p.message === list[i].message);
    if (same) return;
    map.set(id, list.length ? list : NONE);
    const all = [...(local.get(id) ?? NONE), ...(background.get(id) ?? NONE)];
    merged.set(id, all.length ? all : NONE);
    if (tell) notify(id);
  };
  /**
   * validateAnswer plus, for a question, what its response needs (an appendix row naming it).
   * `tell` false: the first check of an item being read (no one holds an older value to notify).
   */
  const checkItem = (id: string, tell = true) => {
    const item = compiled.entries.get(id)?.item;
    if (!item) return;
    checked.add(id);
    const problems = [...validateAnswer(compiled, id, answers[id])];
    const value = answers[id];
    if (item.type === 'question' && typeof value === 'string' && problems.length === 0) {
      const option = compiled.body.responseSets[item.responseSet]?.options.find((o) => o.value === value);
      for (const need of [...(option?.requires ?? []), ...(item.requires?.[value] ?? [])]) {
        const rows = answers[need.table];
        const named = Array.isArray(rows) && rows.some((r) => r && (r as Record<string, unknown>)[need.column] === id);
        if (!named) problems.push({ item: id, message: need.message });
      }
    }
    setProblems(id, local, problems, tell);
  };
  /**
   * The progress moved by one change: only the changed item and those whose visibility flipped can
   * count differently (no pass over the whole document per answer).
   */
  const moveProgress = (id: string, before: unknown, shown: readonly string[], hidden: readonly string[]) => {
    let { answered, total } = progressView;
    const wasVisible = (x: string) => (shown.includes(x) ? false : hidden.includes(x) ? true : visible.has(x));
    for (const x of new Set([id, ...shown, ...hidden])) {
      if (!countsInProgress(compiled, x)) continue;
      if (wasVisible(x)) {
        total -= 1;
        if (!isEmpty(x === id ? before : answers[x])) answered -= 1;
      }
      if (visible.has(x)) {
        total += 1;
        if (!isEmpty(answers[x])) answered += 1;
      }
    }
    if (answered === progressView.answered && total === progressView.total) return;
    progressView = { answered, total };
    notify(PROGRESS);
  };
  const runBackground = () => {
    timer = undefined;
    const result = checkAnswers(compiled, answers);
    const byItem = new Map<string, AnswerProblem[]>();
    // Only document rules here: per-answer problems are kept current on each change already.
    for (const problem of result.problems) {
      if (!problem.rule || !problem.item) continue;
      byItem.set(problem.item, [...(byItem.get(problem.item) ?? []), problem]);
    }
    for (const id of new Set([...background.keys(), ...byItem.keys()]))
      setProblems(id, background, byItem.get(id) ?? []);
    return result;
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(runBackground, BACKGROUND_DELAY_MS);
  };
  /**
   * Questions named by rows of a table re-check what they need when its rows change: only rows added,
   * removed or rewritten (an explanation's keystroke rewrites its own row and keeps the others).
   */
  const recheckNamedBy = (before: unknown, after: unknown) => {
    const named = new Set<string>();
    const kept = new Set(Array.isArray(before) ? before : []);
    const both = new Set(Array.isArray(after) ? after.filter((row) => kept.has(row)) : []);
    for (const rows of [before, after]) {
      if (!Array.isArray(rows)) continue;
      for (const row of rows) {
        if (both.has(row)) continue;
        for (const cell of Object.values((row ?? {}) as Record<string, unknown>)) {
          if (typeof cell === 'string' && compiled.responseValues.has(cell)) named.add(cell);
        }
      }
    }
    // an item not checked yet is checked when it is first read
    for (const id of named) if (checked.has(id)) checkItem(id);
  };

  const store: AnswerStore = {
    compiled,
    answer: (id) => answers[id],
    isVisible: (id) => visible.has(id),
    problems(id) {
      if (!checked.has(id)) checkItem(id, false);
      return merged.get(id) ?? NONE;
    },
    explanation(id) {
      const question = compiled.entries.get(id)?.item;
      return question?.type === 'question' ? explanationOf(compiled, question, answers) : '';
    },
    progress: () => progressView,
    subscribe(key, listener) {
      const set = listeners.get(key) ?? new Set<Listener>();
      listeners.set(key, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    setAnswer(id, value) {
      const before = answers[id];
      if (Object.is(before, value)) return;
      if (value === undefined) delete answers[id];
      else answers[id] = value;
      notify(id);
      checkItem(id);
      const item = compiled.entries.get(id)?.item;
      if (item?.type === 'table') recheckNamedBy(before, value);
      const flipped = updateVisibility(compiled, id, answers, visible);
      for (const changed of [...flipped.shown, ...flipped.hidden]) notify(changed);
      if (flipped.shown.length || flipped.hidden.length) notify(SECTIONS);
      // a required field counts as much as a question (core answerProgress)
      moveProgress(id, before, flipped.shown, flipped.hidden);
      onAnswer?.(id, value);
      schedule();
    },
    setExplanation(id, text) {
      const question = compiled.entries.get(id)?.item;
      if (question?.type !== 'question') return;
      const target = explanationTarget(compiled, question, answers[id]);
      if (!target) return;
      store.setAnswer(target.table, withExplanation(answers[target.table], target, id, text));
      notify(id);
    },
    checkNow() {
      if (timer) clearTimeout(timer);
      return runBackground();
    },
    snapshot: () => ({ ...answers }),
    dispose() {
      if (timer) clearTimeout(timer);
      listeners.clear();
    },
  };
  // no check of every answer up front: an item's own check runs when its page first reads it
  return store;
}
