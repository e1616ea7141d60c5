/**
 * Eligibility rules (issue 11 'Onboarding': onboarding-pro eligibility, the POS eligibility check):
 * a published `eligibility-rules` document holds named value lists and json-logic rules over an
 * application's facts; each rule that holds gives its verdict and reason. The application is
 * `notEligible` when any such rule says so, else `needsReview` when any says that, else `eligible`.
 * Pure: the server evaluates it, the tests and the page read the same answer.
 */
import type { Text } from '../documents/document.types';
import { applyRule, truthy } from '../rules/jsonlogic';
import type { JsonLogicRule } from '../rules/rule.types';

export type EligibilityVerdict = 'eligible' | 'needsReview' | 'notEligible';
export type RuleVerdict = Exclude<EligibilityVerdict, 'eligible'>;

export interface EligibilityRule {
  id: string;
  when: JsonLogicRule;
  verdict: RuleVerdict;
  reason: Text;
}

export interface EligibilityRulesBody {
  title: Text;
  /** What the rules read: an onboarding's facts or a card-present application's. */
  subject: 'onboarding' | 'cardPresent';
  /** Named value lists the rules read as `lists.<name>` (high-risk MCCs, countries served …). */
  lists: Record<string, (string | number)[]>;
  rules: EligibilityRule[];
}

/** Why: one rule that held. */
export interface EligibilityReason {
  id: string;
  verdict: RuleVerdict;
  reason: Text;
}

export interface EligibilityResult {
  verdict: EligibilityVerdict;
  reasons: EligibilityReason[];
}

/** The rule's own reason when it holds; a rule that cannot be evaluated asks for a person (needsReview). */
function fired(rule: EligibilityRule, data: unknown): EligibilityReason | null {
  try {
    return truthy(applyRule(rule.when, data)) ? { id: rule.id, verdict: rule.verdict, reason: rule.reason } : null;
  } catch {
    return { id: rule.id, verdict: 'needsReview', reason: rule.reason };
  }
}

export function evaluateEligibility(body: EligibilityRulesBody, facts: Record<string, unknown>): EligibilityResult {
  const data = { ...facts, lists: body.lists };
  const reasons = body.rules.map((rule) => fired(rule, data)).filter((reason) => reason !== null);
  const verdict: EligibilityVerdict = reasons.some((reason) => reason.verdict === 'notEligible')
    ? 'notEligible'
    : reasons.length > 0
      ? 'needsReview'
      : 'eligible';
  return { verdict, reasons };
}

/** Whether a value is on one of the document's lists (the fraud panel's high-risk MCC). */
export function onList(body: EligibilityRulesBody | undefined, list: string, value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  return (body?.lists[list] ?? []).map(String).includes(String(value));
}

/** Publishing checks beyond the meta-schema: rule ids are unique (a reason is found by its id). */
export function eligibilityProblems(body: EligibilityRulesBody): { path: string; message: string }[] {
  const seen = new Set<string>();
  return body.rules.flatMap((rule, index) => {
    const duplicate = seen.has(rule.id);
    seen.add(rule.id);
    return duplicate ? [{ path: `/body/rules/${index}/id`, message: `rule id "${rule.id}" is used twice` }] : [];
  });
}

/** The facts a rule reads (`var` names; `lists.…` is the document's own, never a fact). */
export function factsRead(rule: unknown): string[] {
  if (Array.isArray(rule)) return rule.flatMap(factsRead);
  if (rule === null || typeof rule !== 'object') return [];
  return Object.entries(rule).flatMap(([operator, args]) => {
    if (operator !== 'var') return factsRead(args);
    const name = Array.isArray(args) ? args[0] : args;
    return typeof name === 'string' && name !== '' && !name.startsWith('lists.') ? [name.split('.')[0]] : [];
  });
}

/** One rule judged on what is known: it held, it did not, or a fact it reads is unknown. */
export type RuleOutcome = 'held' | 'notHeld' | 'notJudged';

export interface PartialEligibility {
  /** `incomplete`: no known fact stops it, but some rules could not be judged. */
  verdict: EligibilityVerdict | 'incomplete';
  rules: (EligibilityReason & { outcome: RuleOutcome })[];
}

/**
 * Judges only the rules whose facts are all known (a portfolio merchant has an MCC but no terminals):
 * a rule reading an unknown fact is neither held nor passed, and the verdict never says `eligible`
 * while such a rule is left — an absent country must not read as "not served".
 */
export function evaluateKnownFacts(body: EligibilityRulesBody, facts: Record<string, unknown>): PartialEligibility {
  const known = (name: string) => facts[name] !== undefined && facts[name] !== null && facts[name] !== '';
  const judgeable = body.rules.filter((rule) => factsRead(rule.when).every(known));
  const { verdict, reasons } = evaluateEligibility({ ...body, rules: judgeable }, facts);
  const held = new Map(reasons.map((reason) => [reason.id, reason]));
  const rules = body.rules.map(({ id, verdict: ruleVerdict, reason }) => {
    const outcome: RuleOutcome = held.has(id)
      ? 'held'
      : judgeable.some((rule) => rule.id === id)
        ? 'notHeld'
        : 'notJudged';
    return { id, verdict: held.get(id)?.verdict ?? ruleVerdict, reason, outcome };
  });
  const incomplete = verdict === 'eligible' && judgeable.length < body.rules.length;
  return { verdict: incomplete ? 'incomplete' : verdict, rules };
}
