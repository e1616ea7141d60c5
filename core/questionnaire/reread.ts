import { canonicalJson } from '../json/canonical-json';
import type { Text } from '../documents/document.types';
import type { CarryOverReport } from './carry-over';
import type { CompiledQuestionnaire } from './questionnaire';
import type { Question } from './questionnaire.types';

/**
 * An answer that reached its question by a migration while the question reads differently from the
 * one it was given to (reworded, or moved to a new question): the merchant should read it again.
 * Kept on the record until the merchant answers the question again or confirms the answer.
 */
export interface RereadFlag {
  itemId: string;
  /** The wording the answer was given to, and its requirement and standard version then. */
  text: Text;
  requirement: string | null;
  standardVersion: string;
}

const questionOf = (compiled: CompiledQuestionnaire, id: string): Question | undefined => {
  const item = compiled.entries.get(id)?.item;
  return item?.type === 'question' ? item : undefined;
};

/**
 * The flags after a carry-over from `previous` (answered under `fromVersion`) to `next`: every
 * carried answer whose question now reads otherwise, plus the flags still open from an earlier
 * migration (they keep the wording the answer was first given to, so two moves in a row still
 * compare against what the merchant actually read).
 */
export function answersToReread(
  previous: CompiledQuestionnaire,
  next: CompiledQuestionnaire,
  report: CarryOverReport,
  open: RereadFlag[],
  fromVersion: string,
): RereadFlag[] {
  const earlier = new Map(open.map((flag) => [flag.itemId, flag]));
  const previousByRequirement = new Map<string, string>();
  for (const id of previous.questionIds) {
    const requirement = questionOf(previous, id)?.requirement;
    if (requirement) previousByRequirement.set(requirement, id);
  }
  const kept = report.kept.flatMap((to) => {
    const requirement = questionOf(next, to)?.requirement;
    const from = requirement ? previousByRequirement.get(requirement) : undefined;
    return from ? [{ from, to }] : [];
  });
  const flags = new Map<string, RereadFlag>();
  for (const { from, to } of [...report.reworded, ...report.moved, ...kept]) {
    const source = questionOf(previous, from);
    const target = questionOf(next, to);
    if (!source || !target) continue;
    const first = earlier.get(from);
    const text = first?.text ?? source.text;
    if (canonicalJson(text) === canonicalJson(target.text)) continue;
    flags.set(to, {
      itemId: to,
      text,
      requirement: first ? first.requirement : (source.requirement ?? null),
      standardVersion: first?.standardVersion ?? fromVersion,
    });
  }
  return [...flags.values()];
}
