import { canonicalJson } from '../json/canonical-json';
import type { CompiledQuestionnaire } from './questionnaire';
import type { Answers, Question } from './questionnaire.types';

/** What a carry-over did to one in-progress questionnaire, for the "what would change" view. */
export interface CarryOverReport {
  /** Answers kept under the same requirement and the same wording. */
  kept: string[];
  /** Answers kept under the same requirement whose question now reads differently: to re-read. */
  reworded: { from: string; to: string }[];
  moved: { from: string; to: string }[];
  dropped: string[];
  /** Merged requirements whose sources disagreed: left unanswered. */
  conflicts: string[];
  /** Questions new in this version: a requirement the previous one does not ask and no change names. */
  added: string[];
}

/** The question's wording in any language: a change in either is a change. */
export function wordingOf(compiled: CompiledQuestionnaire, id: string): string | undefined {
  const item = compiled.entries.get(id)?.item;
  return item?.type === 'question' ? canonicalJson(item.text) : undefined;
}

function byRequirement(compiled: CompiledQuestionnaire): Map<string, string> {
  const map = new Map<string, string>();
  for (const id of compiled.questionIds) {
    const requirement = (compiled.entries.get(id)?.item as Question | undefined)?.requirement;
    if (requirement) map.set(requirement, id);
  }
  return map;
}

/**
 * Answers of the previous version mapped onto the next one by requirement id, following the next
 * version's `carryOver.changes` (rename and split copy the answer, merge copies it only when every
 * source agrees, drop discards it); requirements both versions ask keep their answer (reported as
 * reworded when the question's text changed). Fields and
 * tables carry over by item id, and table cells naming an old question are renamed or, when the
 * question is gone, their row dropped. Pure: the caller shows the report and asks before storing.
 */
export function carryOverAnswers(
  previous: CompiledQuestionnaire,
  next: CompiledQuestionnaire,
  answers: Answers,
): { answers: Answers; report: CarryOverReport } {
  const oldIds = byRequirement(previous);
  const newIds = byRequirement(next);
  const report: CarryOverReport = { kept: [], reworded: [], moved: [], dropped: [], conflicts: [], added: [] };
  const out: Answers = {};
  const renamed = new Map<string, string>();
  const handled = new Set<string>();
  const targets = new Set<string>();
  const answerOf = (requirement: string): unknown => {
    const id = oldIds.get(requirement);
    return id === undefined ? undefined : answers[id];
  };
  const move = (fromReq: string, toReq: string, value: unknown): void => {
    const to = newIds.get(toReq);
    const from = oldIds.get(fromReq);
    if (to === undefined || from === undefined || value === undefined) return;
    out[to] = value;
    report.moved.push({ from, to });
  };
  for (const change of next.body.carryOver?.changes ?? []) {
    if (change.op !== 'drop') for (const to of Array.isArray(change.to) ? change.to : [change.to]) targets.add(to);
    if (change.op === 'rename' || change.op === 'split') {
      handled.add(change.from);
      for (const to of Array.isArray(change.to) ? change.to : [change.to]) move(change.from, to, answerOf(change.from));
      const from = oldIds.get(change.from);
      const to = newIds.get(Array.isArray(change.to) ? change.to[0] : change.to);
      if (from && to) renamed.set(from, to);
    } else if (change.op === 'merge') {
      for (const from of change.from) handled.add(from);
      const values = change.from.map(answerOf).filter((v) => v !== undefined);
      if (values.length > 0 && values.every((v) => v === values[0])) move(change.from[0], change.to, values[0]);
      else if (values.length > 0 && newIds.has(change.to)) report.conflicts.push(newIds.get(change.to) as string);
    } else {
      handled.add(change.from);
      const id = oldIds.get(change.from);
      if (id && answers[id] !== undefined) report.dropped.push(id);
    }
  }
  for (const [requirement, oldId] of oldIds) {
    if (handled.has(requirement) || answers[oldId] === undefined) continue;
    const newId = newIds.get(requirement);
    if (newId && next.responseValues.get(newId)?.has(answers[oldId] as string)) {
      out[newId] = answers[oldId];
      // the same number asked in other words: the answer travels but was given to the old wording
      if (wordingOf(previous, oldId) === wordingOf(next, newId)) report.kept.push(newId);
      else report.reworded.push({ from: oldId, to: newId });
      if (newId !== oldId) renamed.set(oldId, newId);
    } else report.dropped.push(oldId);
  }
  for (const [requirement, newId] of newIds) {
    if (!oldIds.has(requirement) && !targets.has(requirement)) report.added.push(newId);
  }
  for (const [id, value] of Object.entries(answers)) {
    const entry = next.entries.get(id);
    if (!entry || entry.item.type === 'question' || previous.entries.get(id)?.item.type === 'question') continue;
    if (entry.item.type !== 'table' || !Array.isArray(value)) {
      out[id] = value;
      continue;
    }
    const refs = entry.item.columns.filter((c) => c.input === 'questionRef').map((c) => c.id);
    out[id] = value.flatMap((row: Record<string, unknown>) => {
      const copy = { ...row };
      for (const column of refs) {
        const cell = copy[column];
        if (typeof cell !== 'string') continue;
        const target = renamed.get(cell) ?? (next.responseValues.has(cell) ? cell : undefined);
        if (target === undefined) return [];
        copy[column] = target;
      }
      return [copy];
    });
  }
  return { answers: out, report };
}
