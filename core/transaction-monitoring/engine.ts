import type { DocumentProblem } from '../documents/document.types';
import { checkRule, pointerSegment, truthy } from '../rules/jsonlogic';
import { type Compiled, compileLogic, type ReadObserver } from './compile-logic';
import { type FeatureNeeds, type Features, OPERATOR_NAMES, operatorProblem, operators } from './operators';
import type { Decision, TmRuleSetBody, TraceEntry, TransactionFacts, Verdict } from './tm.types';

/**
 * The scoring engine: a published `tm-rules` version compiled once into closures; `score` runs
 * every enabled rule over one transaction's facts and the figures its operators need, adds the
 * scores of the rules that hit and picks the decision from the thresholds. A rule that throws is
 * an `error` in the trace and adds nothing (one broken rule does not stop scoring).
 */
export interface CompiledRuleSet {
  needs: FeatureNeeds;
  /**
   * `snoozed`: ids of rules snoozed for this transaction's entities, traced `snoozed` and not scored.
   * `trace: false` (a backtest): the hits and the decision only, the trace left empty and nothing recorded.
   */
  score(
    facts: TransactionFacts,
    features: Features,
    snoozed?: ReadonlySet<string>,
    options?: { trace?: boolean },
  ): Verdict;
}

export const NO_FEATURES: Features = { lists: {}, velocities: {}, merchantAverage: null };

export function decisionFor(score: number, thresholds: TmRuleSetBody['thresholds']): Decision {
  if (score >= thresholds.decline) return 'declined';
  if (score >= thresholds.investigate) return 'investigating';
  if (score >= thresholds.flag) return 'flagged';
  return 'approved';
}

export function compileRuleSet(body: TmRuleSetBody): CompiledRuleSet {
  const needs: FeatureNeeds = { lists: new Set(), velocities: new Map(), merchantAverage: false };
  let current: Features = NO_FEATURES;
  let observer: ReadObserver | undefined;
  // the current rule's reads; one observer for every call (no closure made per rule and transaction)
  let reads: Record<string, unknown> = {};
  const observe: ReadObserver = (path, value) => {
    reads[path] = value;
  };
  const custom = operators({
    needs,
    features: () => current,
    reads: () => observer,
    countryRisk: {
      high: new Set((body.countryRisk?.high ?? []).map((code) => code.toUpperCase())),
      medium: new Set((body.countryRisk?.medium ?? []).map((code) => code.toUpperCase())),
    },
  });
  const rules = body.rules
    .filter((rule) => !rule.disabled)
    .map((rule) => ({ rule, when: compileLogic(rule.when, custom, () => observer) as Compiled }));
  return {
    needs,
    score(facts, features, snoozed, options) {
      const traced = options?.trace !== false;
      current = features;
      observer = traced ? observe : undefined;
      const trace: TraceEntry[] = [];
      const hits: string[] = [];
      let score = 0;
      try {
        for (const { rule, when } of rules) {
          if (snoozed?.has(rule.id) && !traced) continue;
          if (!traced) {
            try {
              if (truthy(when(facts))) {
                score += rule.score;
                hits.push(rule.id);
              }
            } catch {
              // as traced: a rule that throws adds nothing
            }
            continue;
          }
          reads = {};
          const entry: TraceEntry = { ruleId: rule.id, group: rule.group, score: rule.score, outcome: 'noHit', reads };
          if (snoozed?.has(rule.id)) {
            trace.push({ ...entry, outcome: 'snoozed' });
            continue;
          }
          try {
            if (truthy(when(facts))) {
              entry.outcome = 'hit';
              score += rule.score;
              hits.push(rule.id);
            }
          } catch (error) {
            entry.outcome = 'error';
            entry.error = error instanceof Error ? error.message : String(error);
          }
          trace.push(entry);
        }
      } finally {
        observer = undefined;
        current = NO_FEATURES;
      }
      return {
        decision: decisionFor(score, body.thresholds),
        score,
        hits,
        trace,
      };
    },
  };
}

const custom = new Set<string>(OPERATOR_NAMES);

/**
 * Walks a condition: vetted operations, or our operators (all, or the `operators` a document kind
 * allows: onboarding-warning rules take sanctionsMatch only) with well-formed literal arguments.
 */
export function conditionProblems(
  rule: unknown,
  at: string,
  operators: ReadonlySet<string> = custom,
): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) walk(node[index], `${path}/${index}`);
      return;
    }
    if (typeof node !== 'object' || node === null || Object.keys(node).length !== 1) return;
    const op = Object.keys(node)[0];
    const raw = (node as Record<string, unknown>)[op];
    const args = Array.isArray(raw) ? raw : [raw];
    const opPath = `${path}/${pointerSegment(op)}`;
    if (operators.has(op)) {
      const problem = operatorProblem(op, args);
      if (problem) problems.push({ path: opPath, message: problem });
      // the value expressions may hold operations of their own
      if (op === 'inList') walk(args[1], `${opPath}/1`);
      if (op === 'countryRisk' || op === 'sanctionsMatch') walk(args[0], Array.isArray(raw) ? `${opPath}/0` : opPath);
      return;
    }
    problems.push(...checkRule({ [op]: [] }, path));
    walk(raw, opPath);
  };
  walk(rule, at);
  return problems;
}

/** The publish gate's checks beyond the meta-schema: unique rule ids, ordered thresholds, valid conditions. */
export function ruleSetProblems(body: TmRuleSetBody): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const seen = new Set<string>();
  body.rules.forEach((rule, index) => {
    if (seen.has(rule.id))
      problems.push({ path: `/body/rules/${index}/id`, message: `rule id "${rule.id}" is used twice` });
    seen.add(rule.id);
    problems.push(...conditionProblems(rule.when, `/body/rules/${index}/when`));
  });
  const { flag, investigate, decline } = body.thresholds;
  if (!(flag <= investigate && investigate <= decline))
    problems.push({ path: '/body/thresholds', message: 'thresholds must rise: flag ≤ investigate ≤ decline' });
  return problems;
}
