import { applyRule, truthy } from '../rules/jsonlogic';
import { type CompiledQuestionnaire, visibleItems } from './questionnaire';
import type { Answers, FindingRule } from './questionnaire.types';

/** One answer a template's finding rule marks: the item and the first rule that matched it. */
export interface Finding {
  itemId: string;
  rule: FindingRule;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The answers the template marks as findings (its `findings` rules): visible answered items, in the
 * questionnaire's order, each once — the first rule naming it whose `when` holds over the answers plus
 * `value` and `points`. A rule that cannot run marks nothing (publish checks what it reads).
 */
export function findingsOf(compiled: CompiledQuestionnaire, answers: Answers): Finding[] {
  const rules = compiled.body.findings ?? [];
  if (rules.length === 0) return [];
  const visible = visibleItems(compiled, answers);
  const points = compiled.body.scoring?.points ?? {};
  const found: Finding[] = [];
  for (const itemId of compiled.order) {
    const value = answers[itemId];
    if (!visible.has(itemId) || isEmpty(value)) continue;
    const data = { ...answers, value, points: typeof value === 'string' && value in points ? points[value] : null };
    const rule = rules.find((candidate) => candidate.items.includes(itemId) && holds(candidate, data));
    if (rule) found.push({ itemId, rule });
  }
  return found;
}

function holds(rule: FindingRule, data: Record<string, unknown>): boolean {
  try {
    return truthy(applyRule(rule.when, data));
  } catch {
    return false;
  }
}
