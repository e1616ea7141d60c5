import type { DocumentProblem } from '../documents/document.types';
import { checkRule, pointerSegment } from '../rules/jsonlogic';
import type { ReadObserver } from './compile-logic';
import { generatedRules, type TraceTarget, type TracedRules, tracedRules } from './generate-logic';
import { type FeatureNeeds, type Features, OPERATOR_NAMES, operatorProblem, operators } from './operators';
import type { Decision, TmRuleSetBody, TraceEntry, TransactionFacts, Verdict } from './tm.types';

/**
 * The scoring engine: a published `tm-rules` version compiled once (generate-logic.ts: generated
 * code over compile-logic.ts's closures); `score` runs every enabled rule over one transaction's
 * facts and the figures its operators need, adds the scores of the rules that hit and picks the
 * decision from the thresholds. A rule that throws is an `error` in the trace and adds nothing (one
 * broken rule does not stop scoring).
 */
export interface CompiledRuleSet {
  needs: FeatureNeeds;
  /**
   * `snoozed`: ids of rules snoozed for this transaction's entities, traced `snoozed` and not scored.
   * `trace: false` (a backtest): the hits and the decision only, the trace left empty (nothing kept to build it).
   * Otherwise the verdict keeps `facts`, `features` and `snoozed` to build its trace when read: they
   * must not change after scoring.
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

/**
 * A verdict whose trace is built when first read (ingest stores it; a preview or backtest never
 * reads it): the rules are evaluated again on the same facts and figures by generated code that
 * stores each value read (generate-logic.ts's tracedRules). Scoring records nothing. `trace` is a
 * getter: JSON.stringify sees it through toJSON, a spread would not.
 */
class ReplayedVerdict implements Verdict {
  #trace: TraceEntry[] | undefined;
  #replay: Replay;
  #facts: TransactionFacts;
  #features: Features;
  #snoozed: ReadonlySet<string> | undefined;
  constructor(
    readonly decision: Decision,
    readonly score: number,
    readonly hits: string[],
    replay: Replay,
    facts: TransactionFacts,
    features: Features,
    snoozed: ReadonlySet<string> | undefined,
  ) {
    this.#replay = replay;
    this.#facts = facts;
    this.#features = features;
    this.#snoozed = snoozed;
  }
  get trace(): TraceEntry[] {
    this.#trace ??= this.#replay(this.#facts, this.#features, this.#snoozed);
    return this.#trace;
  }
  toJSON(): Verdict {
    return { decision: this.decision, score: this.score, hits: this.hits, trace: this.trace };
  }
}

type Replay = (facts: TransactionFacts, features: Features, snoozed: ReadonlySet<string> | undefined) => TraceEntry[];

export function compileRuleSet(body: TmRuleSetBody): CompiledRuleSet {
  const needs: FeatureNeeds = { lists: new Set(), velocities: new Map(), merchantAverage: false };
  let current: Features = NO_FEATURES;
  // where the closures a traced rule calls report their reads (the traced code sets it per rule)
  const target: TraceTarget = { reads: undefined };
  const report: ReadObserver = (path, value) => {
    if (target.reads !== undefined) target.reads[path] = value;
  };
  const { custom, generated } = operators({
    needs,
    features: () => current,
    report,
    countryRisk: {
      high: new Set((body.countryRisk?.high ?? []).map((code) => code.toUpperCase())),
      medium: new Set((body.countryRisk?.medium ?? []).map((code) => code.toUpperCase())),
    },
  });
  const rules = body.rules.filter((rule) => !rule.disabled);
  const parts = generatedRules(rules, custom, generated);
  // the code that traces the rules, generated when a trace is first read
  let traced: TracedRules[] | undefined;
  const replay: Replay = (facts, features, snoozed) => {
    traced ??= tracedRules(rules, target, custom, generated);
    const trace: TraceEntry[] = [];
    current = features;
    try {
      for (let i = 0; i < traced.length; i += 1) traced[i](facts, features, snoozed, trace);
    } finally {
      target.reads = undefined;
      current = NO_FEATURES;
    }
    return trace;
  };
  return {
    needs,
    score(facts, features, given, options) {
      // an empty set snoozes nothing: no rule looks its id up
      const snoozed = given !== undefined && given.size > 0 ? given : undefined;
      const hits: string[] = [];
      let score = 0;
      current = features;
      try {
        for (let i = 0; i < parts.length; i += 1) score += parts[i](facts, features, snoozed, hits);
      } finally {
        current = NO_FEATURES;
      }
      const decision = decisionFor(score, body.thresholds);
      if (options?.trace === false) return { decision, score, hits, trace: [] };
      return new ReplayedVerdict(decision, score, hits, replay, facts, features, snoozed);
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
